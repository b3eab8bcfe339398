/// `servers` and `components.securitySchemes`.
extension OpenAPIReadContext {
    /// The servers of a `servers` array, each URL with its `{variables}` replaced by their defaults.
    mutating func servers(_ node: JSONNode?) -> [ServerDecl] {
        var servers: [ServerDecl] = []
        for server in node?.arrayElements ?? [] {
            guard let url = server.string("url") else {
                diagnostics.warning("a server needs a \"url\"; ignored", at: server.location)
                continue
            }
            var text = url
            var variables: [ServerDecl.Variable] = []
            for variable in server["variables"]?.value.objectMembers ?? [] {
                guard let value = variable.value.string("default") else {
                    diagnostics.warning(
                        "the server variable '\(variable.key)' has no default; it is left in the URL",
                        at: variable.keyLocation)
                    continue
                }
                text = text.replacingOccurrences(of: "{\(variable.key)}", with: value)
                guard url.contains("{\(variable.key)}") else { continue }
                var values = (variable.value["enum"]?.value.arrayElements ?? []).compactMap(\.stringValue)
                if !values.isEmpty && !values.contains(value) {
                    diagnostics.warning(
                        "the default '\(value)' of the server variable '\(variable.key)' is not one of its enum values; any text is accepted",
                        at: variable.keyLocation)
                    values = []
                }
                variables.append(
                    .init(
                        name: variable.key, defaultValue: value, values: values,
                        description: variable.value.openAPIDescription))
            }
            var decl = ServerDecl(url: text, description: server.openAPIDescription, location: server.location)
            decl.template = url
            decl.variables = variables
            servers.append(decl)
        }
        return servers
    }

    /// The schemes of `components.securitySchemes`, each with what it asks for in words.
    mutating func securitySchemes(_ node: JSONNode?) -> [SecuritySchemeDecl] {
        var schemes: [SecuritySchemeDecl] = []
        for member in node?.objectMembers ?? [] {
            guard let (scheme, _) = dereferenced(member.value, inFile: 0) else { continue }
            schemes.append(
                SecuritySchemeDecl(
                    name: member.key, summary: Self.summary(of: scheme), kind: Self.kind(of: scheme),
                    location: member.keyLocation))
        }
        return schemes
    }

    /// What a scheme sends: an API key needs its `name` and an `in` of `header`, `query` or `cookie`.
    static func kind(of scheme: JSONNode) -> SecuritySchemeDecl.Kind {
        switch scheme.string("type") ?? "" {
        case "apiKey":
            guard let name = scheme.string("name"), !name.isEmpty, let location = scheme.string("in"),
                ["header", "query", "cookie"].contains(location)
            else { return .external }
            return .apiKey(name: name, location: location)
        case "http":
            switch (scheme.string("scheme") ?? "").lowercased() {
            case "bearer": return .bearer
            case "basic": return .basic
            default: return .external
            }
        case "oauth2", "openIdConnect":
            return .bearer
        default:
            return .external
        }
    }

    /// A scheme in words: `HTTP bearer token (JWT) in the Authorization header`, `API key in the
    /// X-API-Key header`.
    static func summary(of scheme: JSONNode) -> String {
        switch scheme.string("type") ?? "" {
        case "apiKey":
            let name = scheme.string("name") ?? "?"
            switch scheme.string("in") {
            case "query": return "API key in the query parameter \(name)"
            case "cookie": return "API key in the cookie \(name)"
            default: return "API key in the \(name) header"
            }
        case "http":
            let kind = (scheme.string("scheme") ?? "").lowercased()
            switch kind {
            case "bearer":
                let format = scheme.string("bearerFormat").map { " (\($0))" } ?? ""
                return "HTTP bearer token\(format) in the Authorization header"
            case "basic": return "HTTP basic authentication in the Authorization header"
            default: return "HTTP \(kind) authentication in the Authorization header"
            }
        case "oauth2":
            let flows = (scheme["flows"]?.value.objectMembers ?? []).map(\.key)
            return "OAuth 2.0" + (flows.isEmpty ? "" : " (\(flows.joined(separator: ", ")))")
                + ": a bearer token in the Authorization header"
        case "openIdConnect":
            return "OpenID Connect" + (scheme.string("openIdConnectUrl").map { " (\($0))" } ?? "")
        case "mutualTLS":
            return "mutual TLS (a client certificate)"
        case let other:
            return other.isEmpty ? "a security scheme" : "a '\(other)' security scheme"
        }
    }
}
