/// Request bodies and responses.
///
/// - `requestBody`: of several media types, JSON (`application/json`, any `+json`) is preferred, then
///   `application/x-www-form-urlencoded`, then `multipart/form-data`, else the first, sent as raw
///   bytes with its content type (XML with a warning).
/// - Responses: the success response is the lowest `2xx` code (else `2XX`): a JSON schema is the
///   response's type, JSON without a schema is any JSON, no content (or 204/205) is no body; other
///   content is read as any JSON with a warning. `4xx`, `5xx`, `4XX`, `5XX` and `default` responses
///   with a JSON schema are the documented errors.
extension OpenAPIReadContext {
    /// What a media type is.
    enum MediaKind: Int, Comparable {
        case json, form, multipart, other

        static func < (lhs: MediaKind, rhs: MediaKind) -> Bool { lhs.rawValue < rhs.rawValue }

        init(_ mediaType: String) {
            let bare = OpenAPIReadContext.bareMediaType(mediaType).lowercased()
            if bare == "application/json" || bare == "text/json" || bare.hasSuffix("+json") {
                self = .json
            } else if bare == "application/x-www-form-urlencoded" {
                self = .form
            } else if bare == "multipart/form-data" {
                self = .multipart
            } else {
                self = .other
            }
        }
    }

    /// A media type without its parameters: `application/json; charset=utf-8` → `application/json`.
    static func bareMediaType(_ mediaType: String) -> String {
        let head = mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mediaType
        return head.trimmingSpaces
    }

    /// The preferred media type of a `content` object: JSON, then form, multipart, else the first.
    func preferredMedia(_ content: JSONNode?) -> (member: JSONMember, kind: MediaKind)? {
        guard let members = content?.objectMembers, !members.isEmpty else { return nil }
        var best: (member: JSONMember, kind: MediaKind)?
        for member in members {
            let kind = MediaKind(member.key)
            if best == nil || kind < (best?.kind ?? .other) { best = (member, kind) }
        }
        return best
    }

    /// The body of the operation `operationName` described by `node` (a `requestBody`, maybe a
    /// reference) in file `file`.
    mutating func requestBody(_ node: JSONNode, inFile file: Int, operationName: String) -> RequestBodyDecl? {
        guard let (body, bodyFile) = dereferenced(node, inFile: file) else { return nil }
        let isRequired = body.bool("required") == true
        let description = body.openAPIDescription
        guard let (media, kind) = preferredMedia(body["content"]?.value) else {
            diagnostics.warning("this request body lists no content; the operation sends no body", at: body.location)
            return nil
        }
        let hint = OpenAPINaming.pascalCase(operationName, "RequestBody")
        var bodyType: TypeRef?
        if let schema = media.value["schema"]?.value {
            bodyType = schemaType(schema, inFile: bodyFile, hint: hint).ref
        }
        switch kind {
        case .json:
            return RequestBodyDecl(
                encoding: .json, type: bodyType, isRequired: isRequired, description: description,
                location: media.keyLocation)
        case .form, .multipart:
            let type = bodyType ?? TypeRef(name: "Variable", location: media.keyLocation)
            let encoding: RequestBodyDecl.Encoding =
                kind == .form ? .form(styles: formFieldStyles(media.value["encoding"]?.value)) : .multipart
            return RequestBodyDecl(
                encoding: encoding, type: type, isRequired: isRequired, description: description,
                location: media.keyLocation)
        case .other:
            let bare = Self.bareMediaType(media.key)
            if bare.lowercased().hasSuffix("xml") {
                diagnostics.warning(
                    "XML bodies are not generated; this body is sent as raw bytes (Data) with content type '\(bare)'",
                    at: media.keyLocation)
            }
            let contentType = bare.contains("*") ? "application/octet-stream" : bare
            return RequestBodyDecl(
                encoding: .binary(contentType: contentType), type: nil, isRequired: isRequired,
                description: description, location: media.keyLocation)
        }
    }

    /// The styles a form body's `encoding` gives its fields: each entry with a `style` or an `explode`
    /// (an entry with neither keeps the default: arrays repeat their key, objects are JSON text). A style
    /// a form body cannot have is a warning, and the field keeps the default.
    mutating func formFieldStyles(_ encoding: JSONNode?) -> [RequestBodyDecl.FormFieldStyle] {
        var styles: [RequestBodyDecl.FormFieldStyle] = []
        for member in encoding?.objectMembers ?? [] {
            let entry = member.value
            guard entry["style"] != nil || entry["explode"] != nil else { continue }
            let style = entry.string("style") ?? "form"
            guard ["form", "deepObject", "spaceDelimited", "pipeDelimited"].contains(style) else {
                diagnostics.warning(
                    "the style '\(style)' of the form field '\(member.key)' is not one a form body has (form, deepObject, spaceDelimited, pipeDelimited); the field is sent as if it had none",
                    at: entry["style"]?.value.location ?? member.keyLocation)
                continue
            }
            styles.append(.init(name: member.key, style: style, explode: entry.bool("explode") ?? (style == "form")))
        }
        return styles
    }

    /// A response's status key: a code, a class (`4XX`) or `default`.
    static func status(_ key: String) -> ErrorResponseDecl.Status? {
        if key == "default" { return .default }
        if let code = Int(key), (100...599).contains(code) { return .code(code) }
        let upper = key.uppercased()
        if upper.count == 3, upper.hasSuffix("XX"), let digit = Int(upper.prefix(1)), (1...5).contains(digit) {
            return .range(digit)
        }
        return nil
    }

    /// The success response and the documented errors of `responses` (in file `file`).
    mutating func responses(_ responses: JSONNode?, inFile file: Int, operationName: String) -> (
        (decl: ResponseDecl, accept: String?, stream: StreamDecl?), [ErrorResponseDecl]
    ) {
        guard let members = responses?.objectMembers else { return ((.untypedJSON, nil, nil), []) }
        var success: (member: JSONMember, code: Int)?
        var errors: [ErrorResponseDecl] = []
        for member in members {
            guard let status = Self.status(member.key) else {
                if !member.key.hasPrefix("x-") {
                    diagnostics.warning("'\(member.key)' is not a response status; ignored", at: member.keyLocation)
                }
                continue
            }
            switch status {
            case .code(let code) where (200...299).contains(code):
                if success == nil || code < (success?.code ?? 0) { success = (member, code) }
            case .range(2):
                if success == nil { success = (member, 299) }
            case .code(let code) where code < 400:
                continue
            case .range(let digit) where digit < 4:
                continue
            case .code, .range, .default:
                if let error = errorResponse(member, status: status, inFile: file, operationName: operationName) {
                    errors.append(error)
                }
            }
        }
        errors.sort { $0.status < $1.status }
        guard let success else { return ((.untypedJSON, nil, nil), errors) }
        let (decl, accept) = successResponse(
            success.member, code: success.code, inFile: file, operationName: operationName)
        let stream = streamResponse(success.member, inFile: file, operationName: operationName)
        return ((decl, accept, stream), errors)
    }

    /// The success response `member`.
    /// The success response `member` and, when it is not JSON, the media type to accept: text
    /// (`text/*`) is a `String`, XML any JSON (the runtime's XML reader), anything else (`image/png`,
    /// `application/pdf`, `application/octet-stream`) the body's bytes, `Data`.
    private mutating func successResponse(_ member: JSONMember, code: Int, inFile file: Int, operationName: String)
        -> (decl: ResponseDecl, accept: String?)
    {
        guard let (response, responseFile) = dereferenced(member.value, inFile: file) else {
            return (.untypedJSON, nil)
        }
        warnAboutLinks(response)
        if code == 204 || code == 205 { return (.empty, nil) }
        guard let (media, kind) = preferredMedia(response["content"]?.value) else { return (.empty, nil) }
        guard kind == .json else {
            let bare = Self.bareMediaType(media.key)
            let lower = bare.lowercased()
            if lower.hasSuffix("/xml") || lower.hasSuffix("+xml") {
                diagnostics.warning(
                    "the success response is '\(media.key)', not JSON; the response is read as any JSON (HTJSON) through the XML reader",
                    at: media.keyLocation)
                return (.untypedJSON, bare)
            }
            let type = lower.hasPrefix("text/") ? "String" : "Data"
            return (.body(TypeRef(name: type, location: media.keyLocation)), bare)
        }
        guard let schema = media.value["schema"]?.value else { return (.untypedJSON, nil) }
        let hint = OpenAPINaming.pascalCase(operationName, "Response")
        return (.body(schemaType(schema, inFile: responseFile, hint: hint).ref), nil)
    }

    /// The success response `member` read as a stream, when one of its media types is a stream's (the
    /// first such): its element is the media type's `itemSchema` (OpenAPI 3.2), else its `schema` (for
    /// JSON values, an array schema's `items`: the whole body is then documented as the array of them).
    private mutating func streamResponse(_ member: JSONMember, inFile file: Int, operationName: String)
        -> StreamDecl?
    {
        guard let (response, responseFile) = dereferenced(member.value, inFile: file),
            let media = response["content"]?.value.objectMembers?.first(where: {
                StreamDecl.Format(mediaType: Self.bareMediaType($0.key)) != nil
            }),
            let format = StreamDecl.Format(mediaType: Self.bareMediaType(media.key))
        else { return nil }
        let hint = OpenAPINaming.pascalCase(operationName, format == .serverSentEvents ? "Event" : "Item")
        let fallback = TypeRef(name: format == .serverSentEvents ? "String" : "Variable", location: media.keyLocation)
        var schema = media.value["itemSchema"]?.value
        var schemaFile = responseFile
        if schema == nil, let whole = media.value["schema"]?.value {
            schema = whole
            if format != .serverSentEvents, let (resolved, file) = dereferenced(whole, inFile: responseFile),
                resolved.string("type") == "array", let items = resolved["items"]?.value
            {
                schema = items
                schemaFile = file
            }
        }
        guard let schema else { return StreamDecl(format: format, element: fallback) }
        return StreamDecl(format: format, element: schemaType(schema, inFile: schemaFile, hint: hint).ref)
    }

    /// The documented error response `member`, if it has a JSON schema.
    private mutating func errorResponse(
        _ member: JSONMember, status: ErrorResponseDecl.Status, inFile file: Int, operationName: String
    ) -> ErrorResponseDecl? {
        guard let (response, responseFile) = dereferenced(member.value, inFile: file) else { return nil }
        warnAboutLinks(response)
        guard let (media, kind) = preferredMedia(response["content"]?.value), kind == .json,
            let schema = media.value["schema"]?.value
        else { return nil }
        let label: String
        switch status {
        case .code(let code): label = String(code)
        case .range(let digit): label = "\(digit)XX"
        case .default: label = "Default"
        }
        let type = schemaType(
            schema, inFile: responseFile, hint: OpenAPINaming.pascalCase(operationName, "Response") + label)
        return ErrorResponseDecl(
            status: status, type: type.ref, description: response.openAPIDescription, location: member.keyLocation)
    }

    /// Warns that a response's `links` are not generated.
    private mutating func warnAboutLinks(_ response: JSONNode) {
        if let links = response["links"], links.value.objectMembers?.isEmpty == false {
            diagnostics.warning("response links are not generated; ignored", at: links.keyLocation)
        }
    }
}
