/// What an interface's successful response is, when its spec says it exactly (an OpenAPI operation's
/// success response). It replaces the response rules that NEI outputs go through (`ResponseRules.md`):
/// the whole body maps to the type, with no key path.
package enum ResponseDecl: Sendable {
    /// The whole body is a value of this type (a model, an array, a map, a string, ...).
    case body(TypeRef)
    /// A JSON body that the spec does not describe: the caller gets `HTJSON`.
    case untypedJSON
    /// No body (204, or a success response without content): the caller gets no value.
    case empty
}

/// A documented error response of an interface (an OpenAPI `4XX`, `5XX` or `default` response with a
/// JSON schema): a body of that status decodes into the request's typed error.
package struct ErrorResponseDecl: Sendable {
    /// Which statuses the response covers.
    package enum Status: Sendable, Hashable, Comparable {
        /// One status code, e.g. 404.
        case code(Int)
        /// A class of statuses: `4` for `4XX`, `5` for `5XX`.
        case range(Int)
        /// Every status not otherwise documented (OpenAPI's `default`).
        case `default`
    }

    /// Which statuses.
    package var status: Status
    /// The body's type.
    package var type: TypeRef
    /// What the response means.
    package var description: String?
    /// Where the response is declared.
    package var location: SourceLocation

    /// Creates an error response.
    package init(status: Status, type: TypeRef, description: String?, location: SourceLocation) {
        self.status = status
        self.type = type
        self.description = description
        self.location = location
    }
}
