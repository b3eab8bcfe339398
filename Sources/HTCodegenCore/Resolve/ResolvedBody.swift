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
    /// The media types the app chooses between (``RequestBodyDecl/choices``); empty for one.
    package var choices: [ResolvedBodyChoice] = []

    /// Whether it is multipart, or one of its choices is.
    package var isMultipart: Bool {
        if case .multipart = encoding { return true }
        return choices.contains { if case .multipart = $0.encoding { true } else { false } }
    }
}

/// One media type of a body the app chooses the media type of.
package struct ResolvedBodyChoice: Sendable {
    /// The case name.
    package var name: String
    /// The media type, without parameters.
    package var mediaType: String
    /// How it is written.
    package var encoding: RequestBodyDecl.Encoding
    /// Its Swift-facing type, as ``ResolvedBody/type``.
    package var type: ResolvedType
    /// Where it is listed.
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
