/// The request body of a request whose spec says where each input goes (an OpenAPI `requestBody`):
///
/// - `body` renders the property `requestBody`: JSON (its `htJSON`), a form (a model's `htJSONObject()`),
///   multipart (one part per field of the model, `Data` fields as file parts) or raw bytes.
/// - A multipart body's parts are written as the media type's `encoding` says: a part's `contentType`,
///   and its `headers`, whose values are the request's properties `<field><Header>` (`photoXChecksum`),
///   sent when set. Each binary field is a file part named after the field and typed
///   `application/octet-stream` (or as `encoding` says) unless the request's property `<field>File`
///   (`HTMultipartFileInfo`; `<field>Files`, one per file, for `[Data]`) says otherwise.
/// - A body that lists several media types (``ResolvedBody/choices``) is a nested enum `RequestBody`
///   with a case per media type (`json(Pet)`, `form(Pet)`, `multipart(Upload)`, `octetStream(Data)`),
///   and `body` switches on it. A JSON media type other than `application/json` is sent with its own
///   content type (a wildcard one, `application/*+json`, as `application/json`).
extension SwiftRenderer {
    /// The Swift name of the nested enum of a body's media types.
    static let bodyChoiceTypeName = "RequestBody"

    /// `enum RequestBody`: a case per media type the body may be sent as.
    func renderBodyChoices(_ body: ResolvedBody, into writer: inout SwiftWriter) {
        writer.line()
        writer.line("/// The media types the body may be sent as; the case chosen is the `Content-Type` sent.")
        writer.block("\(access)enum \(Self.bodyChoiceTypeName): Sendable") { writer in
            for choice in body.choices {
                writer.line("/// `\(SwiftNaming.commentLine(choice.mediaType).replacingBackticks)`")
                writer.line("case \(SwiftNaming.escaped(choice.name))(\(swiftType(choice.type)))")
            }
        }
    }

    /// The multipart body model and its part encodings, when the body is multipart (or one of its
    /// choices is).
    private func multipartContent(_ body: ResolvedBody) -> (
        model: ResolvedModel, parts: [RequestBodyDecl.MultipartPartEncoding]
    )? {
        let contents = body.choices.isEmpty ? [(body.encoding, body.type)] : body.choices.map { ($0.encoding, $0.type) }
        for (encoding, type) in contents {
            if case .multipart(let parts) = encoding, case .model(let name) = type, let model = modelsByName[name] {
                return (model, parts)
            }
        }
        return nil
    }

    /// The request's settings of a multipart body's parts: for each binary field a `<field>File`
    /// (`<field>Files` for several files), for each header a part declares a `<field><Header>`.
    mutating func multipartPartProperties(_ body: ResolvedBody, reserved: Set<String>) -> [RequestProperty] {
        guard let (model, parts) = multipartContent(body) else { return [] }
        let when = body.choices.isEmpty ? "" : "When sent as multipart, "
        var raw: [(String, SourceLocation)] = []
        var properties: [RequestProperty] = []
        for field in model.fields where field.access != .readOnly {
            let stem = SwiftNaming.identifier(field.name, upperFirst: false)
            let part = parts.first { $0.name == field.name }
            let defaultType = part?.contentType ?? "application/octet-stream"
            let fileDoc =
                "the file name and content type of the `\(field.name)` part; by default the file name `\(field.name)` and `\(defaultType)`."
            // `photoFile`, `photosFiles`; `fileInfo`, `filesInfo` for a field already named a file.
            let lowered = stem.lowercased()
            let suffix = lowered.hasSuffix("file") || lowered.hasSuffix("files") ? "Info" : nil
            switch field.type {
            case .data:
                raw.append((stem + (suffix ?? "File"), field.location))
                properties.append(
                    RequestProperty(
                        name: "", type: .app("HTMultipartFileInfo"),
                        description: when.isEmpty ? SwiftNaming.capitalized(fileDoc) : when + fileDoc,
                        multipartFile: field.name))
            case .array(.data):
                raw.append((stem + (suffix ?? "Files"), field.location))
                properties.append(
                    RequestProperty(
                        name: "", type: .array(.app("HTMultipartFileInfo")),
                        description: (when.isEmpty ? "For" : when + "for") + " each file in order, " + fileDoc,
                        multipartFile: field.name))
            default:
                break
            }
            for header in part?.headers ?? [] {
                raw.append((stem + SwiftNaming.capitalized(Resolver.headerPropertyName(header.name)), header.location))
                let described = header.description.map { ": " + $0 } ?? "."
                properties.append(
                    RequestProperty(
                        name: "", type: .string,
                        description: "The `\(header.name)` header of the `\(field.name)` part"
                            + (when.isEmpty ? "" : ", when sent as multipart") + described,
                        partHeader: (field.name, header.name)))
            }
        }
        let names = propertyNames(raw, reserved: reserved, reservedMembers: ["body"])
        for index in properties.indices { properties[index].name = names[index] }
        return properties
    }

    /// `body`: the request body property, written as its encoding says (or as the media type the app
    /// chose says).
    mutating func renderBody(
        _ body: ResolvedBody, property: RequestProperty, partProperties: [RequestProperty],
        marksDeprecatedInputs: Bool, into writer: inout SwiftWriter
    ) {
        let stored = "self.\(SwiftNaming.escaped(property.name))"
        var readsDeprecatedFields = false
        var lines: [String] = []
        let value: String
        if property.isRequired {
            value = stored
        } else {
            value = "value"
            lines.append("guard let value = \(stored) else { return nil }")
        }
        if body.choices.isEmpty {
            let (own, deprecated) = bodyLines(
                body.encoding, body.type, value: value, mediaType: nil, partProperties: partProperties)
            lines += own
            readsDeprecatedFields = deprecated
        } else {
            lines.append("switch \(value) {")
            for choice in body.choices {
                lines.append("case .\(SwiftNaming.escaped(choice.name))(let value):")
                let (own, deprecated) = bodyLines(
                    choice.encoding, choice.type, value: "value", mediaType: choice.mediaType,
                    partProperties: partProperties)
                lines += own.map { "    " + $0 }
                readsDeprecatedFields = readsDeprecatedFields || deprecated
            }
            lines.append("}")
        }
        writer.line()
        if marksDeprecatedInputs && readsDeprecatedFields { writer.line(Self.deprecatedWitnessAttribute) }
        writer.block("\(access)var body: HTRequestBody?") { writer in
            if lines.count == 1, let only = lines.first, only.hasPrefix("return ") {
                writer.line(String(only.dropFirst("return ".count)))
                return
            }
            for line in lines { writer.line(line) }
        }
    }

    /// The statements that return the body `value` of `type` written as `encoding`; `mediaType` is the
    /// chosen media type of a body that has several. Whether they read a deprecated field.
    private mutating func bodyLines(
        _ encoding: RequestBodyDecl.Encoding, _ type: ResolvedType, value: String, mediaType: String?,
        partProperties: [RequestProperty]
    ) -> ([String], Bool) {
        var lines: [String] = []
        var readsDeprecatedFields = false
        switch encoding {
        case .json:
            // Without the read-only fields of the models it holds (`htRequestJSON`).
            // A wildcard (`application/*+json`) is no type to send: such a choice goes as `application/json`.
            if let mediaType, mediaType.lowercased() != "application/json", !mediaType.contains("*") {
                lines.append(
                    "return .data(\(value).htRequestJSON.serializedData(), contentType: \(SwiftNaming.stringLiteral(mediaType)))"
                )
            } else {
                lines.append("return .json(\(value).htRequestJSON)")
            }
        case .form(let styles):
            let json = if case .model = type { "\(value).htRequestJSON" } else { "\(value).htJSON" }
            if styles.isEmpty {
                lines.append("return .form(\(use(.formObject))(\(json)))")
            } else {
                lines.append("var fields = \(use(.formObject))(\(json))")
                for style in styles {
                    lines.append(
                        "\(use(.restyleFormField))(\(SwiftNaming.stringLiteral(style.name)), style: \(SwiftNaming.stringLiteral(style.style)), explode: \(style.explode), in: &fields)"
                    )
                }
                lines.append("return .form(fields)")
            }
        case .multipart(let parts):
            if case .model(let name) = type, let model = modelsByName[name] {
                readsDeprecatedFields = !model.isDeprecated && model.storedFields.contains { $0.deprecation != nil }
                lines += multipartLines(for: model, value: value, parts: parts, partProperties: partProperties)
            } else {
                lines.append("return .multipart(\(use(.multipartParts))(\(value).htJSON))")
            }
        case .binary(let contentType):
            lines.append("return .data(\(value), contentType: \(SwiftNaming.stringLiteral(contentType)))")
        }
        return (lines, readsDeprecatedFields)
    }

    /// One part per field of a multipart body model, read from its storage (the same property names as
    /// the model's): `Data` fields (and each element of `[Data]` fields) as file parts named after the
    /// field (or as the request's `<field>File` says), other fields as text parts (scalars as their
    /// text, objects and arrays as JSON), each with the content type and headers its `encoding` entry
    /// gives; then the model's additional properties, keys sorted, one part each, as the other fields
    /// (a key a field maps is not sent twice).
    private mutating func multipartLines(
        for model: ResolvedModel, value: String, parts: [RequestBodyDecl.MultipartPartEncoding],
        partProperties: [RequestProperty]
    ) -> [String] {
        guard !model.storedFields.isEmpty else { return ["return .multipart([])"] }
        // A scratch copy names the fields exactly as the model's declaration does, without repeating
        // its warnings.
        var scratch = self
        let names = scratch.propertyNames(
            model.fields.map { ($0.name, $0.location) }, chosen: model.fields.map(\.swiftName))
        var lines = ["var parts: [HTMultipartPart] = []"]
        for ((field, name), shape) in zip(zip(model.fields, names), fieldShapes(of: model)) {
            // A read-only field is the server's: never sent.
            if field.access == .readOnly { continue }
            let key = SwiftNaming.stringLiteral(field.name)
            // The optional value: a required field's slot, a nullable field's value (a part cannot be null).
            let member =
                SwiftNaming.escaped(name) + (shape == .required ? ".htSlot" : shape == .nullable ? ".value" : "")
            let read = "\(value).htStorage.\(member)"
            let part = parts.first { $0.name == field.name }
            let headers = partProperties.filter { $0.partHeader?.field == field.name }.map { property in
                "\(SwiftNaming.stringLiteral(property.partHeader?.name ?? "")): self.\(SwiftNaming.escaped(property.name))"
            }
            let headerList = headers.isEmpty ? nil : "[" + headers.joined(separator: ", ") + "]"
            let file = partProperties.first { $0.multipartFile == field.name }.map {
                "self." + SwiftNaming.escaped($0.name)
            }
            let fileType = SwiftNaming.stringLiteral(part?.contentType ?? "application/octet-stream")
            let fileHeaders = headerList.map { ", headers: \($0)" } ?? ""
            switch field.type {
            case .data:
                lines.append(
                    "if let part = \(read) { parts.append(\(use(.filePart))(\(key), part, \(file ?? "nil"), contentType: \(fileType)\(fileHeaders))) }"
                )
            case .array(.data):
                lines.append(
                    "if let part = \(read) { for (index, data) in part.enumerated() { parts.append(\(use(.filePart))(\(key), data, files: \(file ?? "nil"), at: index, contentType: \(fileType)\(fileHeaders))) } }"
                )
            default:
                let json =
                    field.dateFormat.map { "part.htJSON(dateFormat: \(swiftExpression(for: $0)))" } ?? "part.htJSON"
                var arguments = "name: \(key), value: \(json)"
                if let contentType = part?.contentType {
                    arguments += ", contentType: \(SwiftNaming.stringLiteral(contentType))"
                }
                if let headerList { arguments += ", headers: \(use(.partHeaders))(\(headerList))" }
                lines.append("if let part = \(read) { parts.append(HTMultipartPart(\(arguments))) }")
            }
        }
        if let field = model.additionalProperties, case .map(let valueType) = field.type {
            let name = scratch.additionalPropertiesName(field, besides: names, reporting: false)
            let keys = model.fields.map { SwiftNaming.stringLiteral($0.name) }.joined(separator: ", ")
            let unmapped = keys.isEmpty ? "" : " where ![\(keys)].contains(key)"
            let append: String
            switch valueType {
            case .data:
                append = "parts.append(HTMultipartPart(name: key, data: part, fileName: key))"
            default:
                let json =
                    field.dateFormat.map { "part.htJSON(dateFormat: \(swiftExpression(for: $0)))" } ?? "part.htJSON"
                append = "parts.append(HTMultipartPart(name: key, value: \(json)))"
            }
            lines.append(
                "for (key, part) in \(value).htStorage.\(SwiftNaming.escaped(name)).sorted(by: { $0.key < $1.key })\(unmapped) { \(append) }"
            )
        }
        lines.append("return .multipart(parts)")
        return lines
    }
}
