/// The servers constant of a spec that names servers (OpenAPI `servers`), in the enumerations file:
///
/// ```swift
/// enum HTPetstoreServers {
///     static var `default`: String { "http://petstore.swagger.io/v1" }
///     static var url: URL? { URL(string: Self.default) }
///     static var all: [String] { ["http://petstore.swagger.io/v1"] }
/// }
/// ```
///
/// Its name is the config's prefix, the spec file's name without its endings in upper camel case, and
/// `Servers`: `petstore.openapi.yaml` → `HTPetstoreServers`, `openapi.json` → `HTOpenapiServers`,
/// `billing-v2.openapi.yml` → `HTBillingV2Servers`. Each spec of a target has its own, since their
/// file names differ. Like every generated type, it yields to a request of the same name (with a
/// warning). Members are computed (no lazily initialised globals, issue #16) and nothing is unwrapped:
/// `url` is `nil` for a server URL Foundation does not accept.
///
/// A server with `{variables}` also gets a function that fills them, its parameters defaulting to the
/// spec's defaults; a variable with an `enum` takes a nested enumeration of its values, so a value the
/// spec does not list does not compile:
///
/// ```swift
/// static func server1(region: Server1Region = .eu) -> String { "https://" + region.rawValue + ".example.com" }
/// ```
extension SwiftRenderer {
    mutating func renderServers(into writer: inout SwiftWriter) {
        guard let first = api.servers.first, let typeName = typeNames[SwiftNames.serversKey] else { return }
        writer.line()
        writer.line("// MARK: - \(typeName)")
        writer.line()
        writer.line(
            "/// The servers \(fileName(api.file).replacingBackticks) names: `default` (the first) is the API's base URL,"
        )
        writer.line("/// for the client's configuration.")
        writer.line("///")
        writer.line(provenance(first.location))
        writer.block("\(access)enum \(typeName)") { writer in
            let description = SwiftNaming.commentLine(first.description ?? "")
            writer.line(
                "/// The default server, the first the spec names" + (description.isEmpty ? "." : ": \(description)"))
            writer.line("\(access)static var `default`: String { \(SwiftNaming.stringLiteral(first.url)) }")
            writer.line("/// The default server as a URL; `nil` if Foundation does not accept it.")
            writer.line("\(access)static var url: URL? { URL(string: Self.default) }")
            writer.line("/// Every server the spec names, in its order:")
            for server in api.servers {
                let description = SwiftNaming.commentLine(server.description ?? "")
                let url = SwiftNaming.commentLine(server.url).replacingBackticks
                writer.line("/// - `\(url)`" + (description.isEmpty ? "" : ": \(description)"))
            }
            let list = api.servers.map { SwiftNaming.stringLiteral($0.url) }.joined(separator: ", ")
            writer.line("\(access)static var all: [String] { [\(list)] }")
            for (index, server) in api.servers.enumerated() where !server.variables.isEmpty {
                renderServerFunction(server, number: index + 1, into: &writer)
            }
        }
    }

    /// `serverN(variables...) -> String` for a server with variables, and an enumeration for each
    /// variable with an `enum`.
    private mutating func renderServerFunction(_ server: ServerDecl, number: Int, into writer: inout SwiftWriter) {
        let names = propertyNames(server.variables.map { ($0.name, server.location) })
        var parameters: [String] = []
        var values: [String: String] = [:]
        for (variable, name) in zip(server.variables, names) {
            let escaped = SwiftNaming.escaped(name)
            guard !variable.values.isEmpty else {
                parameters.append("\(escaped): String = \(SwiftNaming.stringLiteral(variable.defaultValue))")
                values[variable.name] = escaped
                continue
            }
            let enumName = "Server\(number)" + SwiftNaming.typeName(variable.name)
            let caseNames = propertyNames(variable.values.map { ($0, server.location) })
            writer.line()
            writer.line(
                "/// The values of the variable `\(SwiftNaming.commentLine(variable.name).replacingBackticks)` of server \(number)."
            )
            writer.block("\(access)enum \(enumName): String, Sendable, CaseIterable") { writer in
                for (value, caseName) in zip(variable.values, caseNames) {
                    writer.line("case \(SwiftNaming.escaped(caseName)) = \(SwiftNaming.stringLiteral(value))")
                }
            }
            let defaultCase = caseNames[variable.values.firstIndex(of: variable.defaultValue) ?? 0]
            parameters.append("\(escaped): \(enumName) = .\(SwiftNaming.escaped(defaultCase))")
            values[variable.name] = escaped + ".rawValue"
        }
        // The template in literal pieces and variables, in order.
        var pieces: [String] = []
        var rest = Substring(server.template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                // Not a variable with a default: stays as written.
                pieces.append(SwiftNaming.stringLiteral(String(rest[...close])))
                rest = rest[rest.index(after: close)...]
                continue
            }
            if open > rest.startIndex { pieces.append(SwiftNaming.stringLiteral(String(rest[..<open]))) }
            pieces.append(value)
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(SwiftNaming.stringLiteral(String(rest))) }
        writer.line()
        let description = SwiftNaming.commentLine(server.description ?? "")
        writer.line(
            "/// Server \(number), `\(SwiftNaming.commentLine(server.template).replacingBackticks)`, with its variables filled"
                + (description.isEmpty ? "." : ". \(description)"))
        for (variable, name) in zip(server.variables, names) {
            let text = SwiftNaming.commentLine(variable.description ?? "")
            if !text.isEmpty { writer.line("/// - Parameter \(name): \(text)") }
        }
        writer.block("\(access)static func server\(number)(\(parameters.joined(separator: ", "))) -> String") {
            writer in
            writer.line(pieces.isEmpty ? "\"\"" : pieces.joined(separator: " + "))
        }
    }
}
