import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request kept while offline (the original's `HTFrozenRequest`): everything needed to send it again
/// after a restart, as data (never closures).
///
/// The URL, method, headers and body are those of the `URLRequest` the client built when the request
/// was frozen, including the `Idempotency-Key` header that carries ``id``, and without its credential
/// headers (`Authorization`, cookies, API keys, tokens: see ``HTFreezeCredentialHeaders``) unless the
/// app opted in to keeping them. Resending sends these bytes again, with the credentials the resending
/// client adds then.
public struct HTFrozenRequest: Sendable, Hashable, Identifiable {
    /// The freeze id: a UUID string, also sent as the `Idempotency-Key` header.
    public var id: String
    /// The position in the freeze order (increasing; resends go in this order), set by the journal.
    package var sequence: UInt64 = 0
    /// The HTTP method.
    public var method: String
    /// The full URL, with the query.
    public var url: URL
    /// The header fields (once stored: without the credential headers the journal strips).
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// The timeout in seconds the original request had, if any.
    public var timeout: TimeInterval?
    /// The request type's name, e.g. `HTPostCommentRequest`, for the delegate and for logs.
    public var requestType: String
    /// The request's ``HTBaseRequest/requestType``, which picks the transport it is resent through
    /// (`nil`: the client's own).
    public var transportType: HTRequestType?
    /// The policy that decides when it may be sent and when it is dropped.
    public var policyID: HTFreezePolicyID
    /// The freeze key: requests with the same key are kept once.
    public var freezeKey: String
    /// When it was first frozen.
    public var createdAt: Date
    /// When it expires (it is dropped instead of sent after that), or `nil` for never.
    public var expiresAt: Date?
    /// How many resends failed so far.
    public var attempts: Int
    /// Not sent again before this date (the backoff after a failed resend), or `nil`.
    public var nextAttemptAt: Date?
    /// The request's security requirements (``HTBaseRequest/securityRequirements``): the resending
    /// client adds the credentials they need from its ``HTClientConfiguration/credentials``, which are
    /// never stored. `nil`: the request did not say.
    package var securityRequirements: [HTSecurityRequirement]?

    /// Creates a frozen request.
    public init(
        id: String = UUID().uuidString, method: String, url: URL, headers: [String: String] = [:],
        body: Data? = nil, timeout: TimeInterval? = nil, requestType: String, transportType: HTRequestType? = nil,
        policyID: HTFreezePolicyID = .sendFreezeAutomatically, freezeKey: String, createdAt: Date = Date(),
        expiresAt: Date? = nil, attempts: Int = 0, nextAttemptAt: Date? = nil
    ) {
        self.id = id
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.requestType = requestType
        self.transportType = transportType
        self.policyID = policyID
        self.freezeKey = freezeKey
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
    }

    /// Whether it has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    /// The `URLRequest` to send again.
    package var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        request.httpBody = body
        if let timeout {
            request.timeoutInterval = timeout
        }
        return request
    }

    /// A description for errors and notifications (method, URL and type; no headers or body).
    package var requestDescription: HTRequestDescription {
        HTRequestDescription(method: method, url: url.absoluteString, requestType: requestType)
    }
}
