/// A server the spec names (OpenAPI's `servers`): the first one becomes the spec's default base URL,
/// a generated constant the app may pass to its client.
package struct ServerDecl: Sendable {
    /// A `{variable}` of the server's URL.
    package struct Variable: Sendable {
        /// Its name in the URL.
        package var name: String
        /// Its default value.
        package var defaultValue: String
        /// The values it may take (`enum`); empty: any.
        package var values: [String]
        /// What it is.
        package var description: String?
    }

    /// The URL, with its `{variables}` replaced by their defaults.
    package var url: String
    /// The URL as the spec writes it, with its `{variables}`.
    package var template: String = ""
    /// The variables of ``template`` that have a default, in the spec's order.
    package var variables: [Variable] = []
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

/// A security scheme the spec declares (OpenAPI's `components.securitySchemes`): the requests that need
/// it list it in their `securityRequirements`, and the client adds the credential the app gives for it.
package struct SecuritySchemeDecl: Sendable {
    /// What a scheme sends, as the runtime's `HTSecurityScheme.Kind` says it.
    package enum Kind: Sendable, Hashable {
        /// `Authorization: Bearer`: HTTP bearer, OAuth 2, OpenID Connect.
        case bearer
        /// HTTP basic.
        case basic
        /// An API key in the header, query parameter or cookie `name` (`location` is `header`, `query` or
        /// `cookie`).
        case apiKey(name: String, location: String)
        /// One the client cannot add (mutual TLS, HTTP digest, one the document does not declare).
        case external
    }

    /// The scheme's name in the spec.
    package var name: String
    /// What it asks for, in words: `HTTP bearer token in the Authorization header`, `API key in the
    /// X-API-Key header`.
    package var summary: String
    /// What it sends.
    package var kind: Kind
    /// Where it is declared.
    package var location: SourceLocation

    /// Creates a scheme.
    package init(name: String, summary: String, kind: Kind = .external, location: SourceLocation) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.location = location
    }
}
