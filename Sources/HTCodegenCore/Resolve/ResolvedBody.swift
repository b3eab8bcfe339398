/// A request body described apart from the inputs (an OpenAPI `requestBody`).
package struct ResolvedBody: Sendable {
    /// How it is written.
    package var encoding: RequestBodyDecl.Encoding
    /// The Swift-facing type: the declared type; `.data` for a binary body; `.variable` (`HTJSON`) for a
    /// body whose schema says nothing.
    package var type: ResolvedType
    /// The request must send it: a non-optional property and initializer argument.
    package var isRequired: Bool
    /// What it is.
    package var description: String?
    /// Where it is described.
    package var location: SourceLocation
}

/// A documented error response: a body of a status it covers decodes into the request's
/// `ErrorResponse`.
package struct ResolvedErrorResponse: Sendable {
    /// Which statuses.
    package var status: ErrorResponseDecl.Status
    /// The body's type.
    package var type: ResolvedType
    /// What it means.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation
}
