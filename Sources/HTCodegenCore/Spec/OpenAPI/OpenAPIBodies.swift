/// Request bodies and responses.
///
/// - `requestBody`: JSON (`application/json`, any `+json`), `application/x-www-form-urlencoded`,
///   `multipart/form-data` (with its parts' `encoding`), else raw bytes with its content type (XML with
///   a warning). Several media types are choices the app picks from (``RequestBodyDecl/choices``).
/// - Responses: the success response is the lowest `2xx` code (else `2XX`): a JSON schema is the
///   response's type, JSON without a schema is any JSON, no content (or 204/205) is no body, text is a
///   `String`, XML any JSON, other media types `Data`. When the success statuses differ in body, each is
///   a case of the response, read by its status. The headers they document are the request's typed
///   response headers. `4xx`, `5xx`, `4XX`, `5XX` and `default` responses with a JSON schema are the
///   documented errors.
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
    /// reference) in file `file`. Several media types are choices the app picks from
    /// (``RequestBodyDecl/choices``), in the order listed; JSON media types with the same schema (the
    /// same `$ref`, or none) are one choice, the first listed (`application/json` when it is listed):
    /// documents often list `application/json`, `text/json` and `application/*+json` for one body.
    /// What is left of one media type is the body as before.
    mutating func requestBody(_ node: JSONNode, inFile file: Int, operationName: String) -> RequestBodyDecl? {
        guard let (body, bodyFile) = dereferenced(node, inFile: file) else { return nil }
        let isRequired = body.bool("required") == true
        let description = body.openAPIDescription
        let media = distinctMedia(body["content"]?.value)
        guard let first = media.first else {
            diagnostics.warning("this request body lists no content; the operation sends no body", at: body.location)
            return nil
        }
        let hint = OpenAPINaming.pascalCase(operationName, "RequestBody")
        guard media.count > 1 else {
            let (encoding, type) = bodyContent(first.member, kind: first.kind, inFile: bodyFile, hint: hint)
            return RequestBodyDecl(
                encoding: encoding, type: type, isRequired: isRequired, description: description,
                location: first.member.keyLocation)
        }
        var choices: [RequestBodyDecl.Choice] = []
        var taken: Set<String> = []
        for (member, kind) in media {
            let name = Self.choiceName(member.key, kind: kind, taken: taken)
            taken.insert(name)
            let (encoding, type) = bodyContent(
                member, kind: kind, inFile: bodyFile, hint: hint + SwiftNaming.capitalized(name))
            choices.append(
                RequestBodyDecl.Choice(
                    name: name, mediaType: Self.bareMediaType(member.key), encoding: encoding, type: type,
                    location: member.keyLocation))
        }
        var decl = RequestBodyDecl(
            encoding: choices[0].encoding, type: choices[0].type, isRequired: isRequired, description: description,
            location: body["content"]?.keyLocation ?? body.location)
        decl.choices = choices
        return decl
    }

    /// The media types of a `content` object that the app chooses between: each one listed, but a JSON
    /// media type whose schema is that of an earlier JSON one (the same `$ref`, or none) is left out,
    /// and `application/json` takes the place of the first such JSON media type.
    func distinctMedia(_ content: JSONNode?) -> [(member: JSONMember, kind: MediaKind)] {
        guard let members = content?.objectMembers else { return [] }
        func schemaKey(_ member: JSONMember) -> String? {
            guard let schema = member.value["schema"]?.value else { return "" }
            return schema.string("$ref")
        }
        var result: [(member: JSONMember, kind: MediaKind)] = []
        for member in members {
            let kind = MediaKind(member.key)
            let key = schemaKey(member)
            if kind == .json, let key,
                let index = result.firstIndex(where: { $0.kind == .json && schemaKey($0.member) == key })
            {
                if Self.bareMediaType(member.key).lowercased() == "application/json" { result[index].member = member }
                continue
            }
            result.append((member, kind))
        }
        return result
    }

    /// The encoding and type of one media type of a body.
    private mutating func bodyContent(_ media: JSONMember, kind: MediaKind, inFile file: Int, hint: String) -> (
        RequestBodyDecl.Encoding, TypeRef?
    ) {
        var bodyType: TypeRef?
        if kind != .other, let schema = media.value["schema"]?.value {
            bodyType = schemaType(schema, inFile: file, hint: hint).ref
        }
        switch kind {
        case .json:
            return (.json, bodyType)
        case .form:
            let type = bodyType ?? TypeRef(name: "Variable", location: media.keyLocation)
            return (.form(styles: formFieldStyles(media.value["encoding"]?.value)), type)
        case .multipart:
            let type = bodyType ?? TypeRef(name: "Variable", location: media.keyLocation)
            return (.multipart(parts: multipartPartEncodings(media.value["encoding"]?.value, inFile: file)), type)
        case .other:
            let bare = Self.bareMediaType(media.key)
            if bare.lowercased().hasSuffix("xml") {
                diagnostics.warning(
                    "XML bodies are not generated; this body is sent as raw bytes (Data) with content type '\(bare)'",
                    at: media.keyLocation)
            }
            let contentType = bare.contains("*") ? "application/octet-stream" : bare
            return (.binary(contentType: contentType), nil)
        }
    }

    /// The case name of the media type `mediaType` among a body's choices: `json` (`application/json`),
    /// `form`, `multipart`, `text` (`text/plain`), else the subtype's words in lower camel case
    /// (`application/octet-stream` → `octetStream`, `image/png` → `png`, `application/merge-patch+json`
    /// → `mergePatchJSON`; `x-` and `vnd.` left out; `image/*` → `image`, `*/*` → `any`). A name taken
    /// by an earlier choice is the type's and subtype's words (`textJSON`), then numbered.
    static func choiceName(_ mediaType: String, kind: MediaKind, taken: Set<String>) -> String {
        let bare = bareMediaType(mediaType).lowercased()
        let halves = bare.split(separator: "/", maxSplits: 1).map(String.init)
        let type = halves.first ?? bare
        let subtype = halves.count > 1 ? halves[1] : bare
        func words(_ text: String) -> String {
            var text = text
            for prefix in ["x-", "vnd."] where text.hasPrefix(prefix) && text.count > prefix.count {
                text.removeFirst(prefix.count)
            }
            let parts = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { part -> String in
                switch part {
                case "json", "xml", "csv", "pdf", "html", "yaml": return part.uppercased()
                default: return SwiftNaming.capitalized(String(part))
                }
            }
            return parts.joined()
        }
        var name: String
        switch (kind, bare) {
        case (.json, "application/json"): name = "json"
        case (.form, _): name = "form"
        case (.multipart, _): name = "multipart"
        case (_, "text/plain"): name = "text"
        case (_, "*/*"): name = "any"
        default: name = subtype == "*" ? words(type) : words(subtype)
        }
        name = SwiftNaming.identifier(lowerFirstWord(name), upperFirst: false)
        if taken.contains(name) {
            name = SwiftNaming.identifier(lowerFirstWord(words(type) + words(subtype)), upperFirst: false)
        }
        let stem = name
        var counter = 2
        while taken.contains(name) {
            name = stem + String(counter)
            counter += 1
        }
        return name
    }

    /// `JSON` → `json`, `MergePatchJSON` → `mergePatchJSON`: the first word lowered.
    private static func lowerFirstWord(_ name: String) -> String {
        let upper = name.prefix { $0.isUppercase }
        if upper.count == name.count { return name.lowercased() }
        if upper.count > 1 {
            return upper.dropLast().lowercased() + name.dropFirst(upper.count - 1)
        }
        return SwiftNaming.lowercasedFirst(name)
    }

    /// The part encodings of a multipart body's `encoding`: each entry's `contentType` (a single type,
    /// or of a list such as `image/png, image/jpeg` the first concrete one: a wildcard such as `image/*`
    /// is no content type to send, and leaves the default) and `headers` (their names; `Content-Type`
    /// is left out, as OpenAPI says). A header name that is no HTTP token is left out with a warning.
    mutating func multipartPartEncodings(_ encoding: JSONNode?, inFile file: Int) -> [RequestBodyDecl
        .MultipartPartEncoding]
    {
        var parts: [RequestBodyDecl.MultipartPartEncoding] = []
        for member in encoding?.objectMembers ?? [] {
            let entry = member.value
            var contentType: String?
            if let listed = entry.string("contentType") {
                let types = listed.split(separator: ",").map { String($0).trimmingSpaces }
                contentType = types.first { !$0.isEmpty && !Self.bareMediaType($0).contains("*") }
            }
            var headers: [RequestBodyDecl.PartHeader] = []
            for header in entry["headers"]?.value.objectMembers ?? [] {
                if header.key.lowercased() == "content-type" { continue }
                guard !header.key.isEmpty, header.key.unicodeScalars.allSatisfy(Self.isTokenScalar) else {
                    diagnostics.warning(
                        "'\(header.key)' is no HTTP header name; the part header is left out", at: header.keyLocation)
                    continue
                }
                let described = dereferenced(header.value, inFile: file)?.node.openAPIDescription
                headers.append(.init(name: header.key, description: described, location: header.keyLocation))
            }
            guard contentType != nil || !headers.isEmpty else { continue }
            parts.append(.init(name: member.key, contentType: contentType, headers: headers))
        }
        return parts
    }

    /// Whether `scalar` may be in an HTTP token (RFC 9110 `tchar`).
    static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
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

    /// What an operation's `responses` say: its success response, the media type to accept, its
    /// documented errors, and, when its success statuses have different bodies, each of them.
    struct OperationResponses {
        var decl: ResponseDecl = .untypedJSON
        var accept: String?
        /// The lowest success status code (`nil` when it is the range `2XX`).
        var successStatus: Int?
        /// The lowest success response read as it arrives (server-sent events, JSON Lines).
        var stream: StreamDecl?
        var errors: [ErrorResponseDecl] = []
        var statuses: [StatusResponseDecl] = []
        var headers: [ResponseHeaderDecl] = []
        /// The named examples of every documented response, in document order.
        var examples: [ResponseExampleDecl] = []
    }

    /// The responses of `responses` (in file `file`).
    ///
    /// The lowest success status (`2XX` after the codes) is the response. When another success status
    /// has a different body (no content, another schema or media type), every success status is a
    /// ``StatusResponseDecl`` and the response is read by its status; the `Accept` header then lists
    /// every media type they document.
    mutating func responses(_ responses: JSONNode?, inFile file: Int, operationName: String) -> OperationResponses {
        var result = OperationResponses()
        guard let members = responses?.objectMembers else { return result }
        var successes: [(member: JSONMember, code: Int)] = []
        for member in members {
            guard let status = Self.status(member.key) else {
                if !member.key.hasPrefix("x-") {
                    diagnostics.warning("'\(member.key)' is not a response status; ignored", at: member.keyLocation)
                }
                continue
            }
            result.examples += namedExamples(member, status: status, inFile: file)
            switch status {
            case .code(let code) where (200...299).contains(code):
                successes.append((member, code))
            case .range(2):
                successes.append((member, 299))
            case .code(let code) where code < 400:
                continue
            case .range(let digit) where digit < 4:
                continue
            case .code, .range, .default:
                if let error = errorResponse(member, status: status, inFile: file, operationName: operationName) {
                    result.errors.append(error)
                }
            }
        }
        result.errors.sort { $0.status < $1.status }
        // Stable: a code documented twice (`200` and `"200"` cannot both be keys) keeps document order.
        successes.sort { $0.code < $1.code }
        guard let lowest = successes.first else { return result }
        result.successStatus = lowest.code == 299 ? nil : lowest.code
        (result.decl, result.accept) = successResponse(
            lowest.member, code: lowest.code, inFile: file, operationName: operationName, hint: "Response")
        result.stream = streamResponse(lowest.member, inFile: file, operationName: operationName)
        result.headers = responseHeaders(successes.map(\.member), inFile: file, operationName: operationName)
        let lowestBody = bodySignature(lowest.member, code: lowest.code, inFile: file)
        guard
            successes.dropFirst().contains(where: {
                bodySignature($0.member, code: $0.code, inFile: file) != lowestBody
            })
        else { return result }
        var accepts: [String] = []
        for (index, success) in successes.enumerated() {
            let label = success.code == 299 ? "2XX" : String(success.code)
            let (decl, accept) =
                index == 0
                ? (result.decl, result.accept)
                : successResponse(
                    success.member, code: success.code, inFile: file, operationName: operationName,
                    hint: "Response" + label)
            let description = dereferenced(success.member.value, inFile: file)?.node.openAPIDescription
            result.statuses.append(
                StatusResponseDecl(
                    status: success.code == 299 ? .range(2) : .code(success.code), response: decl, accept: accept,
                    description: description, location: success.member.keyLocation))
            let mediaType: String? =
                switch decl {
                case .empty: nil
                case .body, .untypedJSON: accept ?? "application/json"
                }
            if let mediaType, !accepts.contains(mediaType) { accepts.append(mediaType) }
        }
        result.accept = accepts.isEmpty || accepts == ["application/json"] ? nil : accepts.joined(separator: ", ")
        return result
    }

    /// What tells one success response's body from another's: none (`nil`: no content, or 204/205), or
    /// its preferred media type with its schema as written.
    private mutating func bodySignature(_ member: JSONMember, code: Int, inFile file: Int) -> String? {
        guard code != 204, code != 205, let (response, responseFile) = dereferenced(member.value, inFile: file),
            let (media, kind) = preferredMedia(response["content"]?.value)
        else { return nil }
        let type = kind == .json ? "json" : Self.bareMediaType(media.key).lowercased()
        var text = "\(responseFile) \(type) "
        if let schema = media.value["schema"]?.value { Self.appendCanonical(schema, to: &text) }
        return text
    }

    /// `node` as text, without its source locations: two schemas written alike read alike.
    private static func appendCanonical(_ node: JSONNode, to text: inout String) {
        switch node.value {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value
        case .string(let value): text += "\"" + value + "\""
        case .array(let elements):
            text += "["
            for element in elements {
                appendCanonical(element, to: &text)
                text += ","
            }
            text += "]"
        case .object(let members):
            text += "{"
            for member in members {
                text += "\"" + member.key + "\":"
                appendCanonical(member.value, to: &text)
                text += ","
            }
            text += "}"
        }
    }

    /// The headers `successes` document, one per name (the first declaration of a name wins; its other
    /// statuses are added to it). `Content-Type` is left out, as OpenAPI says.
    private mutating func responseHeaders(_ successes: [JSONMember], inFile file: Int, operationName: String)
        -> [ResponseHeaderDecl]
    {
        var headers: [ResponseHeaderDecl] = []
        var indexByName: [String: Int] = [:]
        for success in successes {
            guard let (response, responseFile) = dereferenced(success.value, inFile: file) else { continue }
            for member in response["headers"]?.value.objectMembers ?? [] {
                let lowered = member.key.lowercased()
                guard lowered != "content-type", !member.key.isEmpty else { continue }
                if let index = indexByName[lowered] {
                    headers[index].statuses.append(success.key)
                    continue
                }
                guard let (header, headerFile) = dereferenced(member.value, inFile: responseFile) else { continue }
                var type = TypeRef(name: "String", location: member.keyLocation)
                if let schema = header["schema"]?.value, let (resolved, _) = dereferenced(schema, inFile: headerFile),
                    let kind = resolved.string("type") ?? resolved["type"]?.value.arrayElements?.first?.stringValue,
                    ["integer", "number", "boolean", "string", "array"].contains(kind)
                {
                    type =
                        schemaType(
                            schema, inFile: headerFile, hint: OpenAPINaming.pascalCase(operationName, member.key)
                        )
                        .ref
                }
                indexByName[lowered] = headers.count
                headers.append(
                    ResponseHeaderDecl(
                        name: member.key, type: type, description: header.openAPIDescription, statuses: [success.key],
                        location: member.keyLocation))
            }
        }
        return headers
    }

    /// The success response `member` and, when it is not JSON, the media type to accept: text
    /// (`text/*`) is a `String`, XML any JSON (the runtime's XML reader), anything else (`image/png`,
    /// `application/pdf`, `application/octet-stream`) the body's bytes, `Data`.
    /// An inline schema's type is named from the operation and `hint` (`Response`, `Response202`).
    private mutating func successResponse(
        _ member: JSONMember, code: Int, inFile file: Int, operationName: String, hint: String
    ) -> (decl: ResponseDecl, accept: String?) {
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
        let name = OpenAPINaming.pascalCase(operationName, hint)
        return (.body(schemaType(schema, inFile: responseFile, hint: name).ref), nil)
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

    /// The named examples of the response `member` (the `examples` map of its JSON media type), for
    /// mock scenarios; an example without a `value` (an `externalValue`) is left out.
    private mutating func namedExamples(_ member: JSONMember, status: ErrorResponseDecl.Status, inFile file: Int)
        -> [ResponseExampleDecl]
    {
        guard let (response, responseFile) = dereferenced(member.value, inFile: file),
            let (media, kind) = preferredMedia(response["content"]?.value), kind == .json,
            let entries = media.value["examples"]?.value.objectMembers
        else { return [] }
        return entries.compactMap { entry in
            guard let (example, _) = dereferenced(entry.value, inFile: responseFile),
                let value = example["value"]?.value
            else { return nil }
            return ResponseExampleDecl(name: entry.key, status: status, value: value, location: entry.keyLocation)
        }
    }

    /// Warns that a response's `links` are not generated.
    private mutating func warnAboutLinks(_ response: JSONNode) {
        if let links = response["links"], links.value.objectMembers?.isEmpty == false {
            diagnostics.warning("response links are not generated; ignored", at: links.keyLocation)
        }
    }
}
