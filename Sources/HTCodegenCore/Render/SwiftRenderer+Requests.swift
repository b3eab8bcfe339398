/// The requests file: one struct per interface, conforming to the request protocol.
///
/// A request declares only what its spec says: a member equal to the protocol's default (no key path,
/// no header properties, no parameters, no headers) is left out, and doc comments carry the spec's
/// descriptions, the method and path, and where the interface is declared. Path parameters and inputs
/// marked required are non-optional initializer arguments; every other input is optional, `nil` by
/// default, and sent only when set. An internal request uses its implicit memberwise initializer.
///
/// A request whose spec says where each input goes (an OpenAPI operation, ``ResolvedRequest/placesParameters``)
/// is rendered by the rules of `SwiftRenderer+PlacedRequests.swift`; its response is exactly the spec's
/// (`HTNoContent` for none) and its documented error responses are its `ErrorResponse`.
extension SwiftRenderer {
    mutating func renderRequests() -> String {
        let foundation = api.requests.contains { request in
            if case .fields(let fields) = request.inputs, fields.contains(where: { $0.type.usesFoundation }) {
                return true
            }
            return usesFoundation(request)
        }
        var writer = header("requests", imports: !api.requests.isEmpty, foundation: foundation)
        for request in api.requests {
            writer.line()
            renderRequest(request, into: &writer)
        }
        return writer.text
    }

    /// Whether a request's body, exact response or error responses use a Foundation type (a multipart
    /// body model with a `Data` field among them), or it has a base URL of its own. Native and NEI
    /// requests have none of these.
    private func usesFoundation(_ request: ResolvedRequest) -> Bool {
        guard request.placesParameters else { return false }
        if request.baseURL != nil { return true }
        if let body = request.body {
            let contents = [(body.encoding, body.type)] + body.choices.map { ($0.encoding, $0.type) }
            for (encoding, type) in contents {
                if type.usesFoundation { return true }
                if case .multipart = encoding, case .model(let name) = type,
                    modelsByName[name]?.storedFields.contains(where: { $0.type.usesFoundation }) == true
                {
                    return true
                }
            }
        }
        if request.response.type?.usesFoundation == true { return true }
        if request.statusResponses.contains(where: { $0.response.type?.usesFoundation == true }) { return true }
        if request.responseHeaders.contains(where: { $0.type.usesFoundation }) { return true }
        return request.errorResponses.contains { $0.type.usesFoundation }
    }

    struct RequestProperty {
        var name: String
        var type: ResolvedType
        var description: String?
        var jsonKey: String?
        var header: String?
        /// A non-optional property and initializer argument without a default.
        var isRequired = false
        /// How its dates are sent, when not the runtime's default.
        var dateFormat: DateFormat?
        /// The input it holds, if it holds one.
        var field: ResolvedField?
        /// It holds the request body (``ResolvedRequest/body``).
        var isBody = false
        /// It holds the file name and content type of the files of this multipart field (JSON key).
        var multipartFile: String?
        /// It holds the value of a header of a multipart part: the field's JSON key and the header.
        var partHeader: (field: String, name: String)?

        /// It holds a setting of a multipart part (a file's name and type, a part header).
        var isMultipartPartSetting: Bool { multipartFile != nil || partHeader != nil }
        /// Where it is sent: its input's placement; `automatic` for anything else.
        var placement: ParameterPlacement { field?.placement ?? .automatic }
        /// Why it is deprecated, if it is.
        var deprecation: ResolvedDeprecation? { field?.deprecation }
    }

    mutating func renderRequest(_ request: ResolvedRequest, into writer: inout SwiftWriter) {
        let typeName = typeNames[SwiftNames.requestKey(request)] ?? request.className
        var properties: [RequestProperty] = []
        var importedModel: String?
        switch request.inputs {
        case .fields(let fields):
            // An OpenAPI header input is named like a native variable header (`X-Request-ID` → `xRequestID`);
            // the body comes last, so that an input keeps its name when both would take `requestBody`.
            var raw = fields.map { field in
                (
                    request.placesParameters && field.placement == .header
                        ? Resolver.headerPropertyName(field.name) : field.name, field.location
                )
            }
            if let body = request.body { raw.append(("requestBody", body.location)) }
            let names = propertyNames(raw, reservedMembers: request.body == nil ? [] : ["body"])
            for (field, name) in zip(fields, names) {
                properties.append(
                    RequestProperty(
                        name: name, type: field.type, description: field.description, jsonKey: field.name,
                        isRequired: field.isRequired, dateFormat: field.dateFormat, field: field))
            }
            if let body = request.body, let name = names.last {
                properties.append(
                    RequestProperty(
                        name: name, type: body.choices.isEmpty ? body.type : .app(Self.bodyChoiceTypeName),
                        description: body.description, jsonKey: nil, isRequired: body.isRequired, isBody: true))
                properties += multipartPartProperties(body, reserved: Set(properties.map(\.name)))
            }
        case .imported(let model, let location):
            let name = propertyNames([
                (SwiftNaming.lowercasedFirst(SwiftNaming.identifier(model, upperFirst: true)), location)
            ])[0]
            importedModel = name
            properties.append(RequestProperty(name: name, type: .model(model), description: nil, jsonKey: nil))
        }
        let variableHeaders = request.headers.filter { $0.value == nil }
        let constantHeaders = request.headers.filter { $0.value != nil }
        let headerNames = propertyNames(
            variableHeaders.map { (Resolver.headerPropertyName($0.name), $0.location) },
            reserved: Set(properties.map(\.name)))
        for (header, name) in zip(variableHeaders, headerNames) {
            properties.append(
                RequestProperty(
                    name: name, type: .string, description: header.description, jsonKey: nil, header: header.name))
        }
        let responseType = request.response.isEmpty ? "HTNoContent" : request.response.type.map(swiftType) ?? "HTJSON"

        writer.line("// MARK: - \(typeName)")
        writer.line()
        let docs = [request.title, request.description].compactMap { $0 }.filter { !SwiftNaming.docLines($0).isEmpty }
        for (index, text) in docs.enumerated() where index == 0 || text != docs[0] {
            if index > 0 { writer.line("///") }
            writer.doc(text)
        }
        if !docs.isEmpty { writer.line("///") }
        let shownPath = String(SwiftNaming.commentLine(request.path).map { $0 == "`" ? "'" : $0 })
        writer.line("/// `\(request.method) \(shownPath)`")
        writer.line("///")
        writeSecurityDoc(request.security, into: &writer)
        writePagingDoc(request.paging, into: &writer)
        writer.line(provenance(request.location))
        if let deprecation = request.deprecation { writer.line(deprecationAttribute(deprecation)) }
        // Inside a deprecated request nothing warns; in another one, its deprecated inputs are marked.
        let marksDeprecatedInputs = request.deprecation == nil
        var conformances = "\(config.requestProtocolName), Sendable"
        switch request.stream?.format {
        case .serverSentEvents?: conformances += ", HTEventStreamRequest"
        case .jsonLines?, .jsonSequence?: conformances += ", HTValueStreamRequest"
        case nil: break
        }
        if request.paging != nil { conformances += ", HTPagedRequest" }
        writer.block("\(access)struct \(typeName): \(conformances)") {
            writer in
            if request.statusResponses.isEmpty {
                writer.line("\(access)typealias Response = \(responseType)")
            } else {
                renderStatusResponse(request.statusResponses, into: &writer)
            }
            if let stream = request.stream {
                // The response read as it arrives (HTClient.events / HTClient.values); `send` reads it whole.
                switch stream.format {
                case .serverSentEvents:
                    writer.line("\(access)typealias EventPayload = \(swiftType(stream.element))")
                case .jsonLines:
                    writer.line("\(access)typealias StreamValue = \(swiftType(stream.element))")
                    writer.line("\(access)static var streamFormat: HTValueStreamFormat { .jsonLines }")
                case .jsonSequence:
                    writer.line("\(access)typealias StreamValue = \(swiftType(stream.element))")
                    writer.line("\(access)static var streamFormat: HTValueStreamFormat { .jsonSequence }")
                }
            }
            writer.line()
            // Computed, not `static let`: a stored static is a lazily initialised global (a once-token, an
            // initializer and an addressor each), which cost type-checking time and 15% of the requests'
            // object code for a constant (issue #16).
            writer.line("\(access)static var method: HTHTTPMethod { \(methodExpression(request.method)) }")
            writer.line("\(access)static var path: String { \(SwiftNaming.stringLiteral(templatePath(request))) }")
            if request.placesParameters {
                writer.line("\(access)static var sendsParametersInQuery: Bool { true }")
            }
            if let keyPath = request.response.keyPath {
                writer.line("\(access)static var responseKeyPath: String? { \(SwiftNaming.stringLiteral(keyPath)) }")
            }
            if !headerNames.isEmpty {
                let headerList = headerNames.map(SwiftNaming.stringLiteral).joined(separator: ", ")
                writer.line("\(access)static var headerPropertyList: [String] { [\(headerList)] }")
            }
            if let accept = request.accept {
                writer.line("\(access)static var accept: String? { \(SwiftNaming.stringLiteral(accept)) }")
            }
            if let security = request.security {
                writer.line(
                    "\(access)static var securityRequirements: [HTSecurityRequirement]? { \(securityExpression(security)) }"
                )
            }
            if let paging = request.paging {
                writer.line("\(access)static var paging: HTPaging { \(pagingExpression(paging)) }")
            }
            if let body = request.body, !body.choices.isEmpty {
                renderBodyChoices(body, into: &writer)
            }
            if !properties.isEmpty { writer.line() }
            for property in properties {
                if let field = property.field {
                    writeFieldDoc(field, into: &writer)
                } else {
                    writer.doc(property.description)
                }
                if marksDeprecatedInputs, let deprecation = property.deprecation {
                    writer.line(deprecationAttribute(deprecation))
                }
                writer.line("\(access)var \(SwiftNaming.escaped(property.name)): \(declaredType(property))")
            }
            renderInitializer(properties, marksDeprecatedInputs: marksDeprecatedInputs, into: &writer)
            if let importedModel {
                writer.line()
                writer.block("\(access)var parameters: HTJSONObject") { writer in
                    writer.line("\(SwiftNaming.escaped(importedModel))?.htJSONObject() ?? HTJSONObject()")
                }
            } else if request.placesParameters {
                renderPlacedParameters(properties, marksDeprecatedInputs: marksDeprecatedInputs, into: &writer)
            } else {
                renderParameters(properties.filter { $0.jsonKey != nil }, into: &writer)
            }
            if request.placesParameters {
                renderPlacedHeaders(
                    constant: constantHeaders, properties: properties, marksDeprecatedInputs: marksDeprecatedInputs,
                    into: &writer)
                if let body = request.body, let property = properties.first(where: \.isBody) {
                    renderBody(
                        body, property: property, partProperties: properties.filter { $0.isMultipartPartSetting },
                        marksDeprecatedInputs: marksDeprecatedInputs, into: &writer)
                }
                if let baseURL = request.baseURL {
                    writer.line()
                    writer.line("/// The operation's own server, replacing the client's base URL.")
                    writer.line("\(access)var baseURL: URL? { URL(string: \(SwiftNaming.stringLiteral(baseURL))) }")
                }
                renderResponseHeaders(request.responseHeaders, into: &writer)
                renderErrorResponses(request.errorResponses, into: &writer)
            } else {
                renderHeaders(
                    constant: constantHeaders, variable: properties.filter { $0.header != nil }, into: &writer)
            }
        }
    }

    /// `Int` for a required property, `Int?` for any other.
    func declaredType(_ property: RequestProperty) -> String {
        swiftType(property.type) + (property.isRequired ? "" : "?")
    }

    /// The initializer: required arguments without a default, optional ones `nil` by default. Only a
    /// public or package request gets one: an internal request's implicit memberwise initializer is the
    /// same (its arguments in declaration order, each optional `var` `nil` by default) and costs no
    /// type-checking, while an explicit one cost about 0.4 ms of compile time per request (issue #16).
    ///
    /// A deprecated optional input is left out (`nil`; the caller sets it on the value, and is warned),
    /// and an initializer that must take a deprecated required input is deprecated itself: assigning a
    /// deprecated property would warn in generated code (see `SwiftRenderer+Deprecation.swift`).
    private func renderInitializer(
        _ properties: [RequestProperty], marksDeprecatedInputs: Bool, into writer: inout SwiftWriter
    ) {
        if config.accessLevel == .internal { return }
        writer.line()
        var properties = properties
        if marksDeprecatedInputs {
            properties.removeAll { $0.deprecation != nil && !$0.isRequired }
            if properties.contains(where: { $0.deprecation != nil }) {
                writer.line("@available(*, deprecated, message: \"takes a deprecated input\")")
            }
        }
        let parameters = properties.map { property in
            "\(SwiftNaming.escaped(property.name)): \(declaredType(property))" + (property.isRequired ? "" : " = nil")
        }
        if properties.isEmpty {
            writer.line("\(access)init() {}")
            return
        }
        writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
            for property in properties {
                let name = SwiftNaming.escaped(property.name)
                writer.line("self.\(name) = \(name)")
            }
        }
    }

    /// The parameters: each required input, and each optional one that is set. None: the default.
    private func renderParameters(_ inputs: [RequestProperty], into writer: inout SwiftWriter) {
        guard !inputs.isEmpty else { return }
        writer.line()
        writer.block("\(access)var parameters: HTJSONObject") { writer in
            writer.line("var parameters = HTJSONObject()")
            for property in inputs {
                guard let key = property.jsonKey else { continue }
                let name = SwiftNaming.escaped(property.name)
                let json = property.dateFormat.map { "htJSON(dateFormat: \(swiftExpression(for: $0)))" } ?? "htJSON"
                if property.isRequired {
                    writer.line("parameters.append(\(SwiftNaming.stringLiteral(key)), self.\(name).\(json))")
                } else {
                    writer.line(
                        "if let value = self.\(name) { parameters.append(\(SwiftNaming.stringLiteral(key)), value.\(json)) }"
                    )
                }
            }
            writer.line("return parameters")
        }
    }

    /// The headers: the constant ones, and each variable one that is set. None: the default.
    private func renderHeaders(constant: [ResolvedHeader], variable: [RequestProperty], into writer: inout SwiftWriter)
    {
        guard !constant.isEmpty || !variable.isEmpty else { return }
        writer.line()
        writer.block("\(access)var headers: [String: String]") { writer in
            let literal = constantHeadersLiteral(constant)
            if variable.isEmpty {
                writer.line(literal)
                return
            }
            writer.line("var headers: [String: String] = \(literal)")
            for property in variable {
                guard let header = property.header else { continue }
                // updateValue(_:forKey:), not the subscript: one overload to resolve instead of Dictionary's
                // several subscripts, which made the getter measurably slower to type-check (issue #16).
                writer.line(
                    "if let value = self.\(SwiftNaming.escaped(property.name)) { headers.updateValue(value, forKey: \(SwiftNaming.stringLiteral(header))) }"
                )
            }
            writer.line("return headers")
        }
    }

    /// The dictionary literal of the constant headers (`[:]` for none): where a `headers` getter starts.
    func constantHeadersLiteral(_ constant: [ResolvedHeader]) -> String {
        let pairs = constant.map {
            "\(SwiftNaming.stringLiteral($0.name)): \(SwiftNaming.stringLiteral($0.value ?? ""))"
        }
        return pairs.isEmpty ? "[:]" : "[\(pairs.joined(separator: ", "))]"
    }

    func methodExpression(_ method: String) -> String {
        let known = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS", "TRACE"]
        return known.contains(method)
            ? "." + method.lowercased() : "HTHTTPMethod(rawValue: \(SwiftNaming.stringLiteral(method)))"
    }
}
