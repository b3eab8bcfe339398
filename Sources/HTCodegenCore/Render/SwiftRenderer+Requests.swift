/// The requests file: one struct per interface, conforming to the request protocol.
extension SwiftRenderer {
    mutating func renderRequests() -> String {
        var writer = header("requests", imports: !api.requests.isEmpty)
        for request in api.requests {
            writer.line()
            renderRequest(request, into: &writer)
        }
        return writer.text
    }

    private struct RequestProperty {
        var name: String
        var type: ResolvedType
        var description: String?
        var jsonKey: String?
        var header: String?
    }

    mutating func renderRequest(_ request: ResolvedRequest, into writer: inout SwiftWriter) {
        let typeName = typeNames["request:" + request.className] ?? request.className
        var properties: [RequestProperty] = []
        var importedModel: String?
        switch request.inputs {
        case .fields(let fields):
            let names = propertyNames(fields.map { ($0.name, $0.location) })
            for (field, name) in zip(fields, names) {
                properties.append(RequestProperty(name: name, type: field.type, description: field.description, jsonKey: field.name))
            }
        case .imported(let model, let location):
            let modelType = typeNames[model] ?? model
            let name = propertyNames([(SwiftNaming.lowercasedFirst(SwiftNaming.identifier(model, upperFirst: true)), location)])[0]
            importedModel = name
            properties.append(RequestProperty(
                name: name, type: .model(model), description: "The parameters, as one `\(modelType)`.", jsonKey: nil))
        }
        let variableHeaders = request.headers.filter { $0.value == nil }
        let constantHeaders = request.headers.filter { $0.value != nil }
        let headerNames = propertyNames(
            variableHeaders.map { (Resolver.headerPropertyName($0.name), $0.location) }, reserved: Set(properties.map(\.name)))
        for (header, name) in zip(variableHeaders, headerNames) {
            let text = "The `\(header.name)` header, sent when set." + (header.description.map { " " + $0 } ?? "")
            properties.append(RequestProperty(name: name, type: .string, description: text, jsonKey: nil, header: header.name))
        }
        let sendable = properties.allSatisfy { isSendable($0.type) }
        let responseType = request.response.type.map(swiftType) ?? "HTJSON"

        writer.line("// MARK: - \(typeName)")
        writer.line()
        let docs = [request.title, request.description].compactMap { $0 }.filter { !SwiftNaming.docLines($0).isEmpty }
        for (index, text) in docs.enumerated() where index == 0 || text != docs[0] {
            if index > 0 { writer.line("///") }
            writer.doc(text)
        }
        if !docs.isEmpty { writer.line("///") }
        let shownPath = String(SwiftNaming.docLines(request.path).joined(separator: " ").map { $0 == "`" ? "'" : $0 })
        writer.line("/// `\(request.method) \(shownPath)`")
        writer.block("\(access)struct \(typeName): \(config.requestProtocolName)\(sendable ? ", Sendable" : "")") { writer in
            let keyPathText = request.response.keyPath.map { "under the key path `\($0)`" } ?? "from the whole body"
            if request.response.type != nil {
                writer.line("/// The response maps to `\(responseType)` \(keyPathText) (response rule \(request.response.rule)).")
            } else {
                writer.line("/// The response is not mapped to a model: the JSON \(keyPathText) (response rule \(request.response.rule)).")
            }
            writer.line("\(access)typealias Response = \(responseType)")
            writer.line()
            writer.line("/// The HTTP method.")
            writer.line("\(access)static let method: HTHTTPMethod = \(methodExpression(request.method))")
            writer.line("/// The path, relative to the client's base URL, or an absolute URL.")
            writer.line("\(access)static let path: String = \(SwiftNaming.stringLiteral(request.path))")
            writer.line("/// Where the payload is in the response body; `nil` for the whole body.")
            writer.line("\(access)static let responseKeyPath: String? = \(request.response.keyPath.map(SwiftNaming.stringLiteral) ?? "nil")")
            writer.line("/// The properties that are headers (NEI's `headerPropertyList`); they are never sent as parameters.")
            let headerList = headerNames.map(SwiftNaming.stringLiteral).joined(separator: ", ")
            writer.line("\(access)static let headerPropertyList: [String] = [\(headerList)]")
            if !properties.isEmpty { writer.line() }
            for property in properties {
                writer.doc(property.description)
                writer.line("\(access)var \(SwiftNaming.escaped(property.name)): \(swiftType(property.type))?")
            }
            writer.line()
            writer.line("/// Creates the request.")
            let parameters = properties.map { "\(SwiftNaming.escaped($0.name)): \(swiftType($0.type))? = nil" }
            writer.block("\(access)init(\(parameters.joined(separator: ", ")))") { writer in
                for property in properties {
                    let name = SwiftNaming.escaped(property.name)
                    writer.line("self.\(name) = \(name)")
                }
            }
            writer.line()
            if let importedModel {
                writer.line("/// The parameters: the JSON of `\(importedModel)`.")
                writer.block("\(access)var parameters: HTJSONObject") { writer in
                    writer.line("\(SwiftNaming.escaped(importedModel))?.htJSONObject() ?? HTJSONObject()")
                }
            } else {
                let inputs = properties.filter { $0.jsonKey != nil }
                writer.line("/// The parameters: every input that is set.")
                writer.block("\(access)var parameters: HTJSONObject") { writer in
                    if inputs.isEmpty {
                        writer.line("HTJSONObject()")
                        return
                    }
                    writer.line("var parameters = HTJSONObject()")
                    for property in inputs {
                        guard let key = property.jsonKey else { continue }
                        writer.line(
                            "if let value = self.\(SwiftNaming.escaped(property.name)) { parameters.append(\(SwiftNaming.stringLiteral(key)), value.htJSON) }")
                    }
                    writer.line("return parameters")
                }
            }
            writer.line()
            writer.line("/// The headers: the constant ones, and each variable one that is set.")
            writer.block("\(access)var headers: [String: String]") { writer in
                let constants = constantHeaders.map {
                    "\(SwiftNaming.stringLiteral($0.name)): \(SwiftNaming.stringLiteral($0.value ?? ""))"
                }
                let headerProperties = properties.filter { $0.header != nil }
                if headerProperties.isEmpty {
                    writer.line(constants.isEmpty ? "[:]" : "[\(constants.joined(separator: ", "))]")
                    return
                }
                writer.line("var headers: [String: String] = \(constants.isEmpty ? "[:]" : "[\(constants.joined(separator: ", "))]")")
                for property in headerProperties {
                    guard let header = property.header else { continue }
                    writer.line(
                        "if let value = self.\(SwiftNaming.escaped(property.name)) { headers[\(SwiftNaming.stringLiteral(header))] = value }")
                }
                writer.line("return headers")
            }
        }
    }

    func methodExpression(_ method: String) -> String {
        let known = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS"]
        return known.contains(method) ? "." + method.lowercased() : "HTHTTPMethod(rawValue: \(SwiftNaming.stringLiteral(method)))"
    }
}
