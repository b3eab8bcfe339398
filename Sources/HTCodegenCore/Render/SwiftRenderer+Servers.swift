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
        }
    }
}
