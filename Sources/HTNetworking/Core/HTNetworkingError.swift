import Foundation

/// The one error type of the request runtime. Each error says what went wrong and which request it was.
///
/// ```swift
/// do {
///     let user = try await client.send(HTGetUserRequest(id: 7))
/// } catch {
///     switch error.kind {
///     case .status(429, _): retry(after: error.retryAfter ?? 1)
///     case .validation(let failure): show(failure.message)
///     case .transport where error.isConnectivityFailure: showOffline()
///     default: show(error.description)
///     }
/// }
/// ```
public struct HTNetworkingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The request could not be built (a path parameter without a value, a URL that does not parse,
        /// a request type without a transport).
        case invalidRequest(String)
        /// The transport failed: no connection, a timeout, a reset. `code` is the `URLError` code when
        /// there is one.
        case transport(code: Int?, message: String)
        /// The server answered with a status the request does not accept; the body as received. The
        /// headers are in ``HTNetworkingError/response`` (and `Retry-After` in
        /// ``HTNetworkingError/retryAfter``).
        case status(code: Int, body: Data)
        /// The body is not valid JSON.
        case decoding(HTJSONParseError)
        /// A serializer other than JSON (XML, text, a custom one) could not read the body.
        case serialization(HTSerializationError)
        /// The result validator rejected the response (e.g. an envelope whose `code` is not 0).
        case validation(HTValidationFailure)
        /// The JSON does not have the shape the request maps to (with the JSON path).
        case mapping(HTMappingError)
        /// The task was cancelled (by the caller, or by ``HTClient/cancelAll()``).
        case cancelled
        /// The request was frozen to be sent later (offline), under this identifier.
        case frozen(id: String)
        /// The response body was larger than the request's limit, in bytes
        /// (``HTClientConfiguration/maximumResponseSize``); receiving stopped there.
        case responseTooLarge(limit: Int)
        /// The request needs credentials of a security scheme the client has none for
        /// (``HTClientConfiguration/credentials``): the names of the schemes missing from every one of
        /// its requirements. Nothing was sent.
        case missingCredentials(schemes: [String])
        /// The server rejected the request's access token and getting a new one failed (the refresh
        /// token expired or was revoked, the token endpoint could not be reached): the user must sign in
        /// again. Every request that waited for that refresh fails with it; none was sent again.
        case refreshFailed(message: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Which request.
    public var request: HTRequestDescription
    /// The response's status code, when a response came.
    public var statusCode: Int?
    /// The response's header fields, when a response came (e.g. `Retry-After` on a 429 or 503); empty
    /// otherwise.
    public var responseHeaders: [String: String]
    /// The raw response (status, headers, body), when one came.
    public var response: HTTransportResponse?
    /// For a ``Kind/status(code:body:)`` error whose body parses as JSON, what the request's
    /// ``HTBaseRequest/documentedError(status:body:)`` made of it: the typed error body an OpenAPI
    /// operation documents for that status. `nil` for undocumented statuses and for other errors.
    ///
    /// ```swift
    /// do {
    ///     let pet = try await client.send(ShowPetByIdRequest(petId: 7))
    /// } catch {
    ///     switch error.documentedError as? ShowPetByIdRequest.ErrorResponse {
    ///     case .status404(let body)?: show("no such pet: \(body.message ?? "")")
    ///     case .other(let status, _)?: show("failed with \(status)")
    ///     case nil: show(error.description)
    ///     }
    /// }
    /// ```
    public var documentedError: (any Error & Sendable)?

    /// Creates an error. `statusCode` and `responseHeaders` default to the response's.
    public init(
        _ kind: Kind, request: HTRequestDescription, statusCode: Int? = nil, responseHeaders: [String: String] = [:],
        response: HTTransportResponse? = nil
    ) {
        self.kind = kind
        self.request = request
        self.statusCode = statusCode ?? response?.statusCode
        self.responseHeaders = responseHeaders.isEmpty ? response?.headers ?? [:] : responseHeaders
        self.response = response
    }

    /// The `Retry-After` the server sent with the response, in seconds (429 and 503 usually carry one).
    public var retryAfter: TimeInterval? {
        HTTransportResponse(statusCode: statusCode ?? 0, headers: responseHeaders).retryAfter()
    }

    /// The `URLError` code of a transport failure.
    public var urlErrorCode: URLError.Code? {
        if case .transport(let code?, _) = kind { return URLError.Code(rawValue: code) }
        return nil
    }

    /// Whether the request was cancelled.
    public var isCancelled: Bool {
        if case .cancelled = kind { return true }
        return false
    }

    /// Whether the request needed credentials the client has none for
    /// (``Kind/missingCredentials(schemes:)``).
    package var isMissingCredentials: Bool {
        if case .missingCredentials = kind { return true }
        return false
    }

    /// Whether the transport failed because the server could not be reached or the connection broke:
    /// the failures that connectivity explains (URLSession on Linux reports an unreachable network as
    /// "cannot connect" or "timed out", never "not connected", so all of these count).
    public var isConnectivityFailure: Bool {
        guard let code = urlErrorCode else { return false }
        return [
            .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .timedOut,
            .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed, .secureConnectionFailed,
        ].contains(code)
    }

    /// What went wrong and which request, for people and logs. It never holds a body or a secret: the
    /// URL's secret query parameters and the secrets in messages are redacted (with the rules of
    /// ``HTLogger/shared``), a status error gives the body's size only, and a mapping failure at a secret
    /// field does not show the value found. The body and the URL as sent stay available in ``kind``,
    /// ``response`` and ``request``.
    public var description: String {
        description(redactingWith: HTLogger.shared.redaction)
    }

    /// ``description`` with secrets redacted by `redaction` (a client logs its errors with its logger's).
    package func description(redactingWith redaction: HTLogRedaction) -> String {
        let request = self.request.description(redactingWith: redaction)
        switch kind {
        case .invalidRequest(let message):
            return "invalid request \(request): \(redaction.redactedText(message))"
        case .transport(let code, let message):
            return "\(request) failed to send\(code.map { " (code \($0))" } ?? ""): \(redaction.redactedText(message))"
        case .status(let code, let body):
            let retry = retryAfter.map { " (retry after \($0) s)" } ?? ""
            return
                "\(request) answered status \(code)\(retry)\(body.isEmpty ? "" : " with a body of \(body.count) bytes")"
        case .decoding(let error):
            return "\(request) returned a body that is not valid JSON: \(error)"
        case .serialization(let error):
            return "\(request): \(redaction.redactedText(error.description))"
        case .validation(let failure):
            return "\(request) returned a result that is not valid: \(redaction.redactedText(failure.description))"
        case .mapping(let error):
            return
                "\(request): mapping failed at \(redaction.redactedDiagnostic(path: error.path, message: error.message))"
        case .cancelled:
            return "\(request) was cancelled"
        case .frozen(let id):
            return "\(request) was frozen to be sent later (id \(id))"
        case .responseTooLarge(let limit):
            return "\(request) answered with a body larger than the limit of \(limit) bytes"
        case .refreshFailed(let message):
            return "\(request) was rejected and the token refresh failed: \(redaction.redactedText(message))"
        case .missingCredentials(let schemes):
            let names = schemes.map { "'\($0)'" }.joined(separator: ", ")
            return
                "\(request) was not sent: it needs credentials of the security scheme \(names), which the client has none for"
        }
    }
}
