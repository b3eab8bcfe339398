/// A way a server authenticates requests, as an OpenAPI document's `components.securitySchemes` names
/// it: generated requests list the schemes they need (``HTBaseRequest/securityRequirements``), and the
/// client adds the credentials it has for them (``HTClientConfiguration/credentials``).
public struct HTSecurityScheme: Sendable, Hashable {
    /// Where an API key goes.
    public enum KeyLocation: Sendable, Hashable {
        /// A header field named after the scheme's key name.
        case header
        /// A query parameter.
        case query
        /// A cookie in the `Cookie` header.
        case cookie
    }

    /// What the scheme sends.
    public enum Kind: Sendable, Hashable {
        /// `Authorization: Bearer <token>`: HTTP bearer, OAuth 2 and OpenID Connect.
        case bearer
        /// `Authorization: Basic <base64 of user:password>`.
        case basic
        /// An API key in the header, query parameter or cookie `name`.
        case apiKey(name: String, location: KeyLocation)
        /// A scheme the client cannot add (mutual TLS, HTTP digest): the app's transport or an interceptor
        /// supplies it. It never counts as missing and the client adds nothing for it.
        case external
    }

    /// The scheme's name in the document (the key of `components.securitySchemes`): the key of its
    /// credential in ``HTClientConfiguration/credentials``.
    public let name: String
    /// What the scheme sends.
    public let kind: Kind

    /// Creates a scheme.
    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// One way to satisfy a request's security: all of its schemes together (OpenAPI's security requirement
/// object). A requirement with no scheme lets the request go without credentials.
public struct HTSecurityRequirement: Sendable, Hashable {
    /// The schemes needed together.
    public let schemes: [HTSecurityScheme]

    /// Creates a requirement of `schemes`, all needed together.
    public init(_ schemes: [HTSecurityScheme]) {
        self.schemes = schemes
    }

    /// No credentials needed (`{}` in a document's `security` list).
    public static let anonymous = HTSecurityRequirement([])
}
