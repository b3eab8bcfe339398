import Foundation

/// The settings of one client (the original's `RKObjectManager`): where requests go and how.
///
/// ```swift
/// var configuration = HTClientConfiguration(baseURL: URL(string: "https://api.example.com")!)
/// configuration.defaultHeaders["Accept-Language"] = "en"
/// configuration.resultValidator = .envelope()
/// configuration.interceptors = [HTBearerTokenInterceptor(provider: session), HTLoggingInterceptor()]
/// configuration.serializers.map("text/html", to: "application/json")
/// configuration.transports["quotes-tcp"] = QuotesTransport()
/// let client = HTClient(configuration: configuration)
/// ```
public struct HTClientConfiguration: Sendable {
    /// The URL request paths are relative to.
    public var baseURL: URL
    /// Headers sent with every request; a request's own headers replace these by name.
    public var defaultHeaders: [String: String]
    /// The timeout in seconds for requests that don't set their own: the longest a whole request may
    /// take (the client enforces it on every transport).
    public var timeout: TimeInterval
    /// How bodies are encoded for requests that don't choose.
    public var bodyEncoding: HTBodyEncoding
    /// The status codes whose responses are mapped, for requests that don't choose (2xx by default).
    public var acceptedStatusCodes: Set<Int>
    /// How strictly responses are mapped, for requests that don't choose.
    public var mappingOptions: HTMappingOptions
    /// The response cache, its default policy and expiry (``HTCacheSettings``; by default the shared
    /// cache with the no-cache policy, so nothing is read or stored unless a request asks).
    public var cache = HTCacheSettings()
    /// Decides whether a response with an accepted status is a success, for requests without their own
    /// validator; `nil` accepts every such response.
    public var resultValidator: HTResultValidator?
    /// Interceptors every request goes through, in order, before the request's own.
    public var interceptors: [any HTInterceptor]
    /// Which serializer reads a response, by its `Content-Type`.
    public var serializers: HTSerializerRegistry
    /// Transports for requests that name a request type (``HTBaseRequest/requestType``). A request
    /// whose type has no transport here fails with an invalid-request error.
    public var transports: [HTRequestType: any HTTransport]
    /// The mock that answers requests without their own ``HTBaseRequest/mock`` while mocking is on.
    public var mock: HTMockTransport?
    /// Whether mocking is on when the client is made (change it later with ``HTClient/mockMode``).
    public var mockMode: HTMockMode
    /// Where the client logs.
    public var logger: HTLogger
    /// The most bytes of response body a request may receive, for requests that don't set their own
    /// (``HTBaseRequest/maximumResponseSize``); a larger body ends the request with
    /// ``HTNetworkingError/Kind/responseTooLarge(limit:)`` as soon as it is seen to be larger. `nil`: no
    /// limit. Default: 64 MiB. Downloads to a file are not limited.
    public var maximumResponseSize: Int? = HTClientConfiguration.defaultMaximumResponseSize
    /// Whether identical GETs in flight share one network call (``HTBaseRequest/sharesInFlightCall``):
    /// on by default.
    public var sharesInFlightCalls = true
    /// How many retries the client's retry policies may make in proportion to its sends
    /// (``HTClient/send(_:retry:)``), so that a failing server gets no retry storm; `nil`: no budget.
    /// Default: ``HTRetryBudget/default`` (a tenth of a retry per send, a reserve of 10).
    public var retryBudget: HTRetryBudget? = .default
    /// How redirects are followed (by default without credential headers to another origin).
    public var redirectPolicy: HTRedirectPolicy = .stripCredentialsAcrossOrigins
    /// Origins besides the base URL's that may receive the client's credentials (its default headers,
    /// what its interceptors add): give a URL of each (`https://files.example.com`); its scheme, host
    /// and port count. A request that reaches the transport for any other origin goes without its
    /// credential headers and credential query parameters, but those it declares itself (see
    /// <doc:Security>). Default: none.
    public var credentialOrigins: [URL] = []
    /// The credentials of the security schemes generated requests declare
    /// (``HTBaseRequest/securityRequirements``), by the scheme's name in the document: the client adds
    /// them to the requests that need them, for the first requirement it has every credential of, and
    /// only to the origins above. A request none of whose requirements it can meet fails with
    /// ``HTNetworkingError/Kind/missingCredentials(schemes:)`` before anything is sent. Empty (the
    /// default): the client adds none and checks none; interceptors add credentials (see <doc:Security>).
    public var credentials: [String: HTCredentialProvider] = [:]
    /// The folder multipart upload bodies are written to while they are sent (``HTClient/upload(_:form:)``):
    /// made mode `0700`, each body file `0600` and removed when its upload ends; files that uploads killed
    /// with their process left are removed when a client is made. Give it a folder of its own. Default:
    /// `<platform caches directory>/HTNetworking/Uploads` (`~/Library/Caches` on Apple platforms,
    /// `$XDG_CACHE_HOME` or `~/.cache` on Linux; the temporary directory when there is none).
    public var uploadDirectory: URL = HTClientConfiguration.defaultUploadDirectory

    /// `<platform caches directory>/HTNetworking/Uploads`: `~/Library/Caches` on Apple platforms,
    /// `$XDG_CACHE_HOME` or `~/.cache` on Linux; the temporary directory when there is none.
    package static var defaultUploadDirectory: URL { HTCachesDirectory.folder("Uploads") }

    /// The default ``maximumResponseSize``: 64 MiB.
    package static let defaultMaximumResponseSize = 64 << 20

    /// Creates a configuration.
    public init(
        baseURL: URL,
        defaultHeaders: [String: String] = [:],
        timeout: TimeInterval = 60,
        bodyEncoding: HTBodyEncoding = .json,
        acceptedStatusCodes: Set<Int> = Set(200..<300),
        mappingOptions: HTMappingOptions = .lenient,
        resultValidator: HTResultValidator? = nil,
        interceptors: [any HTInterceptor] = [],
        serializers: HTSerializerRegistry = .standard,
        transports: [HTRequestType: any HTTransport] = [:],
        mock: HTMockTransport? = nil,
        mockMode: HTMockMode = .off,
        logger: HTLogger = .shared
    ) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
        self.bodyEncoding = bodyEncoding
        self.acceptedStatusCodes = acceptedStatusCodes
        self.mappingOptions = mappingOptions
        self.resultValidator = resultValidator
        self.interceptors = interceptors
        self.serializers = serializers
        self.transports = transports
        self.mock = mock
        self.mockMode = mockMode
        self.logger = logger
    }
}
