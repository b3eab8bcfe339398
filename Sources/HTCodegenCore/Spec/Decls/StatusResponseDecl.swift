/// One documented success status of an interface whose success statuses have different bodies (an
/// OpenAPI operation answering 200 with a file and 202 with none): the request's response is then read
/// by its status, a case per status.
package struct StatusResponseDecl: Sendable {
    /// The status: a code (`.code(202)`) or the class `.range(2)` (`2XX`).
    package var status: ErrorResponseDecl.Status
    /// What its body is.
    package var response: ResponseDecl
    /// The media type it is read as when that is not JSON (`application/octet-stream`): its body is then
    /// the bytes or the text as they came.
    package var accept: String?
    /// What the response means.
    package var description: String?
    /// Where the response is declared.
    package var location: SourceLocation
}

/// A header the success responses of an interface document (OpenAPI `responses.<status>.headers`).
package struct ResponseHeaderDecl: Sendable {
    /// The header field name as documented (`X-RateLimit-Remaining`).
    package var name: String
    /// Its value's type (a scalar, an enumeration or an array of them; `String` otherwise).
    package var type: TypeRef
    /// What it means.
    package var description: String?
    /// The statuses whose responses document it, as written (`200`, `2XX`).
    package var statuses: [String]
    /// Where it is first declared.
    package var location: SourceLocation
}
