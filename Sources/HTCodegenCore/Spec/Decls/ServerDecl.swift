/// A server the spec names (OpenAPI's `servers`): the first one becomes the spec's default base URL,
/// a generated constant the app may pass to its client.
package struct ServerDecl: Sendable {
    /// The URL, with its `{variables}` replaced by their defaults.
    package var url: String
    /// What the server is.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation

    /// Creates a server.
    package init(url: String, description: String?, location: SourceLocation) {
        self.url = url
        self.description = description
        self.location = location
    }
}

/// A security scheme the spec declares (OpenAPI's `components.securitySchemes`). Nothing is generated
/// for it: the app supplies credentials with an interceptor; the requests that need it say so in their
/// doc comments.
package struct SecuritySchemeDecl: Sendable {
    /// The scheme's name in the spec.
    package var name: String
    /// What it asks for, in words: `HTTP bearer token in the Authorization header`, `API key in the
    /// X-API-Key header`.
    package var summary: String
    /// Where it is declared.
    package var location: SourceLocation

    /// Creates a scheme.
    package init(name: String, summary: String, location: SourceLocation) {
        self.name = name
        self.summary = summary
        self.location = location
    }
}
