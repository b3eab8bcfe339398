/// A documented success status of a request whose response is read by its status
/// (``StatusResponseDecl``).
package struct ResolvedStatusResponse: Sendable {
    /// The status: a code, or the class `2XX`.
    package var status: ErrorResponseDecl.Status
    /// What its body maps to (`isEmpty` for none).
    package var response: ResolvedResponse
    /// The media type its body is read as when not JSON: the bytes (`Data`) or text (`String`) as they came.
    package var accept: String?
    /// What it means.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation
}

/// A header the success responses of a request document (``ResponseHeaderDecl``).
package struct ResolvedResponseHeader: Sendable {
    /// The header field name.
    package var name: String
    /// Its value's type.
    package var type: ResolvedType
    /// What it means.
    package var description: String?
    /// The statuses whose responses document it.
    package var statuses: [String]
    /// Where it is declared.
    package var location: SourceLocation
}
