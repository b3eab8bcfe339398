import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests and maps their responses (the original's `RKObjectManager` with `HTBaseRequest`'s
/// start methods). An app may have several independent clients, each with its own configuration,
/// transports, interceptors and mock switch.
///
/// ```swift
/// let client = HTClient(baseURL: URL(string: "https://api.example.com")!)
/// let photos = try await client.send(HTGetUserPhotoListRequest(userName: "alice"))
/// let response = try await client.response(for: HTGetUserPhotoListRequest(userName: "alice"))
/// print(response.statusCode, response.headers, response.body.count, response.isFromCache)
/// ```
///
/// A request goes through these steps: the URL request is built (path, query or body, headers,
/// timeout) and handed to the request's ``HTBaseRequest/customize(_:)``; the client's interceptors,
/// then the request's, run around the transport (the mock when mocking is on, the transport registered
/// for the request's type, or the client's); the status must be accepted; the body is read by the
/// serializer for its `Content-Type`; the result validator checks it; the payload at the response key
/// path is mapped. Mapping diagnostics are logged as warnings.
///
/// Cancelling the calling task cancels the transfer; so does ``cancelAll()``. The timeout bounds the
/// whole request, interceptors included.
public final class HTClient: Sendable {
    /// The settings.
    public let configuration: HTClientConfiguration
    /// How requests without a request type are sent.
    public let transport: any HTTransport

    private struct State: Sendable {
        var mockMode: HTMockMode
        var nextID: UInt64 = 0
        var inFlight: [UInt64: InFlight] = [:]
    }

    /// A request being sent: registered before its task starts, so a ``cancelAll()`` that comes while
    /// the chain runs up to its first suspension still reaches it.
    private enum InFlight: Sendable {
        case starting(cancelled: Bool)
        case running(Task<HTTransportResponse, any Error>)
    }

    private let state: HTLocked<State>
    /// The requests this client built lately (``HTBuiltRequestMemo``).
    let builtRequests = HTBuiltRequestMemo()
    /// Where the client's credentials may go (``HTCredentialOrigins``).
    let credentialOrigins: HTCredentialOrigins
    /// The retries its policies may still make (``HTClientConfiguration/retryBudget``).
    let retryBudget: HTRetryBudget.Account?
    /// The GETs in flight that identical ones may share (``HTSharedCalls``).
    package let sharedCalls = HTSharedCalls()

    /// Creates a client, and removes the upload body files that uploads killed with their process left
    /// in the configuration's ``HTClientConfiguration/uploadDirectory``.
    public init(configuration: HTClientConfiguration, transport: any HTTransport = HTURLSessionTransport()) {
        self.configuration = configuration
        self.transport = transport
        self.state = HTLocked(State(mockMode: configuration.mockMode))
        self.credentialOrigins = HTCredentialOrigins(
            baseURL: configuration.baseURL, additional: configuration.credentialOrigins)
        self.retryBudget = configuration.retryBudget.map(HTRetryBudget.Account.init)
        HTUploadBodyFile.sweepLeftovers(in: configuration.uploadDirectory)
    }

    /// Creates a client for `baseURL` with default settings.
    public convenience init(baseURL: URL, transport: any HTTransport = HTURLSessionTransport()) {
        self.init(configuration: HTClientConfiguration(baseURL: baseURL), transport: transport)
    }

    /// Whether requests are answered from mocks; starts as the configuration's
    /// ``HTClientConfiguration/mockMode`` and can be switched at any time (requests already sent are
    /// not affected).
    public var mockMode: HTMockMode {
        get { state.withLock { $0.mockMode } }
        set { state.withLock { $0.mockMode = newValue } }
    }

    /// How many requests are being sent now.
    public var inFlightCount: Int {
        state.withLock { $0.inFlight.count }
    }

    /// Cancels every request this client is sending; each fails with
    /// ``HTNetworkingError/Kind/cancelled``. Requests sent afterwards are not affected.
    public func cancelAll() {
        let tasks = state.withLock { state -> [Task<HTTransportResponse, any Error>] in
            var tasks: [Task<HTTransportResponse, any Error>] = []
            for (id, entry) in state.inFlight {
                switch entry {
                case .starting: state.inFlight[id] = .starting(cancelled: true)
                case .running(let task): tasks.append(task)
                }
            }
            return tasks
        }
        for task in tasks { task.cancel() }
    }

    /// Sends `request` and returns the mapped response value.
    public func send<R: HTBaseRequest>(_ request: sending R) async throws(HTNetworkingError) -> sending R.Response {
        try await response(for: request).value
    }

    /// Sends `request` and returns the mapped value with the raw response (status, headers, bytes,
    /// final URL), whether it came from the cache, and the mapping diagnostics.
    public func response<R: HTBaseRequest>(for request: sending R) async throws(HTNetworkingError)
        -> sending HTResponse<R.Response>
    {
        let prepared = try prepare(request)
        return try await response(for: prepared)
    }

    /// Sends `request` through the interceptors and the transport (or the mock) and returns the raw
    /// response, whatever its status: no response cache, no status check, no serializer, no mapping.
    /// With ``map(_:for:)`` it makes ``response(for:)`` without the cache.
    public func rawResponse<R: HTBaseRequest>(for request: sending R) async throws(HTNetworkingError)
        -> HTTransportResponse
    {
        let prepared = try prepare(request, cache: .none)
        do {
            return try await execute(prepared)
        } catch {
            log(error)
            throw error
        }
    }

    /// Sends a URL request built elsewhere, such as one kept by ``HTFreezeManager``, as it is (no base
    /// URL, default headers or request hooks are applied) through the client's interceptors, its mock
    /// when mocking is on, and the transport registered for `requestType` (else the client's). The
    /// timeout (else the client's) bounds it and ``cancelAll()`` reaches it, as for ``send(_:)``. No
    /// response cache, status check or mapping.
    ///
    /// - Throws: `invalidRequest` when no transport is registered for `requestType`; `transport`,
    ///   `cancelled` (also for the timeout, as a `transport` timed-out code) as the transfer fails.
    public func rawResponse(
        for urlRequest: URLRequest, requestType: HTRequestType? = nil, timeout: TimeInterval? = nil
    ) async throws(HTNetworkingError) -> HTTransportResponse {
        let description = HTRequestDescription(
            method: urlRequest.httpMethod ?? "GET", url: urlRequest.url?.absoluteString ?? "",
            requestType: requestType?.rawValue ?? "URLRequest")
        return try await rawResponse(
            for: urlRequest, requestType: requestType, timeout: timeout, description: description)
    }

    /// ``rawResponse(for:requestType:timeout:)`` with the description errors and logs carry, and the
    /// credentials of `securityRequirements` added from the client's providers (``HTCredentialStep``).
    func rawResponse(
        for urlRequest: URLRequest, requestType: HTRequestType?, timeout: TimeInterval?,
        description: HTRequestDescription, securityRequirements: [HTSecurityRequirement]? = nil
    ) async throws(HTNetworkingError) -> HTTransportResponse {
        do {
            let interceptors = try HTCredentialStep.prepended(
                to: configuration.interceptors, for: securityRequirements, configuration: configuration,
                description: description)
            return try await execute(
                urlRequest, description: description, interceptors: interceptors,
                securityRequirements: securityRequirements, mock: nil,
                requestType: requestType, transport: try transport(for: requestType, description: description),
                timeout: timeout ?? configuration.timeout,
                options: HTTransportOptions(
                    maximumResponseSize: configuration.maximumResponseSize, redirectPolicy: configuration.redirectPolicy
                ))
        } catch {
            log(error)
            throw error
        }
    }

    /// Maps a raw response as the client maps `request`'s: the accepted status codes, the serializer
    /// for its content type, the result validator, the response key path and the mapping options. The
    /// result is from the cache when `raw` says so (``HTTransportResponse/isFromCache``). The request's
    /// URL is built only to name the request in an error or a logged diagnostic.
    public func map<R: HTBaseRequest>(_ raw: HTTransportResponse, for request: R) throws(HTNetworkingError)
        -> sending HTResponse<R.Response>
    {
        do {
            return try HTResponseMapper.map(
                raw, as: R.self, rules: HTResponseMapper.Rules(for: request, configuration: configuration),
                serializers: configuration.serializers, logger: configuration.logger
            ) {
                let built = try? self.urlRequest(for: request)
                return HTRequestDescription(built, for: R.self)
            }
        } catch {
            log(error)
            throw error
        }
    }

    /// Maps a raw response as a response of `R` with the client's own rules (its accepted status codes,
    /// mapping options and result validator; no request's own): for checking answers that no request
    /// value goes with, such as every generated request's mock answer (``HTMockAnswering``).
    package func map<R: HTBaseRequest>(_ raw: HTTransportResponse, as _: R.Type) throws(HTNetworkingError)
        -> sending HTResponse<R.Response>
    {
        try HTResponseMapper.map(
            raw, as: R.self, rules: HTResponseMapper.Rules(configuration: configuration),
            serializers: configuration.serializers, logger: configuration.logger
        ) {
            HTRequestDescription(nil, for: R.self)
        }
    }

    /// The `URLRequest` the client would send for `request` (before interceptors run).
    public func urlRequest<R: HTBaseRequest>(for request: R) throws(HTNetworkingError) -> URLRequest {
        try HTRequestBuilder.customizedURLRequest(for: request, configuration: configuration)
    }

    // MARK: - Steps

    /// Takes what is needed from the request value, and works out its part in the response cache as
    /// `role` says: the one route by which a send and the manager calls key a request.
    package func prepare<R: HTBaseRequest>(_ request: R, cache role: HTCacheRole = .send) throws(HTNetworkingError)
        -> HTPreparedRequest<R>
    {
        let values = HTRequestValues(request)
        let cacheUse =
            role == .none ? nil : HTCacheUse(request, values: values, role: role, configuration: configuration)
        let built = try builtRequests.built(R.self, values: values, cacheUse: cacheUse, configuration: configuration)
        var urlRequest = built.urlRequest
        request.customize(&urlRequest)
        var isAsBuilt = HTURLRequestIdentity.isUnchanged(urlRequest, since: built.urlRequest)
        let own = HTOwnCredentials(headers: values.headers, parameters: values.parameters)
        // A request as built from a relative path and the client's base URL goes to that origin; any
        // other is checked, so that the cache key and the request sent agree on whose it is.
        if !isAsBuilt || values.baseURL != nil || PathTemplateRules.schemeSeparatorEnd(in: Substring(R.path)) != nil,
            let guarded = guardedForOrigin(urlRequest, own: own)
        {
            urlRequest = guarded
            isAsBuilt = false
        }
        var exchange: HTCacheExchange?
        if let cacheUse, let parts = built.keyParts {
            exchange = HTCacheExchange(
                cacheUse, parts: parts, built: urlRequest.url, asBuilt: isAsBuilt ? parts.asBuilt : nil,
                configuration: configuration)
        }
        let description = isAsBuilt ? built.description : HTRequestDescription(urlRequest, for: R.self)
        let requestType = request.requestType
        let transport = try self.transport(for: requestType, description: description)
        let ownInterceptors = request.interceptors
        let rules = HTResponseMapper.Rules(for: request, configuration: configuration)
        let security = R.securityRequirements
        let interceptors = try HTCredentialStep.prepended(
            to: ownInterceptors.isEmpty ? configuration.interceptors : configuration.interceptors + ownInterceptors,
            for: security, configuration: configuration, description: description)
        return HTPreparedRequest(
            urlRequest: urlRequest, description: description, rules: rules, interceptors: interceptors,
            securityRequirements: security, ownCredentials: own, mock: request.mock, requestType: requestType,
            transport: transport,
            timeout: values.timeout ?? configuration.timeout,
            transportOptions: HTTransportOptions(
                maximumResponseSize: request.maximumResponseSize ?? configuration.maximumResponseSize,
                redirectPolicy: configuration.redirectPolicy),
            cache: exchange, sharesCall: configuration.sharesInFlightCalls && request.sharesInFlightCall,
            isAsBuilt: isAsBuilt)
    }

    /// `urlRequest` without the credentials it must not carry to its origin (``HTCredentialOrigins``);
    /// `nil` when it may go as it is.
    func guardedForOrigin(_ urlRequest: URLRequest, own: HTOwnCredentials) -> URLRequest? {
        credentialOrigins.guarded(urlRequest, own: own, extraHeaders: configuration.cache.credentialHeaders)
    }

    /// The transport registered for `requestType`, or the client's when there is none.
    private func transport(for requestType: HTRequestType?, description: HTRequestDescription) throws(HTNetworkingError)
        -> any HTTransport
    {
        guard let requestType else { return transport }
        guard let registered = configuration.transports[requestType] else {
            throw HTNetworkingError(
                .invalidRequest("no transport is registered for the request type '\(requestType)'"),
                request: description)
        }
        return registered
    }

    /// Sends a prepared request and maps the response, logging failures. The response cache takes part
    /// (``HTCacheStep``): it looks the request up as it reaches the transport, after the interceptors,
    /// so the credentials they add key the entry.
    package func response<R: HTBaseRequest>(for prepared: HTPreparedRequest<R>) async throws(HTNetworkingError)
        -> sending HTResponse<R.Response>
    {
        do {
            guard let exchange = prepared.cache else {
                let raw = try await execute(prepared)
                return try HTResponseMapper.map(
                    raw, prepared, serializers: configuration.serializers, logger: configuration.logger)
            }
            return try await HTCacheStep(prepared: prepared, exchange: exchange, client: self).response()
        } catch {
            log(error)
            throw error
        }
    }

    /// Runs the interceptors and the transport in a task of its own, so that ``cancelAll()`` and the
    /// timeout can cancel it without cancelling the caller; `cacheStep` runs at the end of the chain
    /// (see ``execute(_:description:interceptors:ownCredentials:securityRequirements:mock:requestType:transport:timeout:options:cacheStep:)``).
    func execute<R: HTBaseRequest>(
        _ prepared: HTPreparedRequest<R>,
        cacheStep: (@Sendable (URLRequest, @escaping HTInterceptorNext) async throws -> HTTransportResponse)? = nil
    ) async throws(HTNetworkingError) -> HTTransportResponse {
        try await execute(
            prepared.urlRequest, description: prepared.description, interceptors: prepared.interceptors,
            ownCredentials: prepared.ownCredentials, securityRequirements: prepared.securityRequirements,
            mock: prepared.mock, requestType: prepared.requestType, transport: prepared.transport,
            timeout: prepared.timeout, options: prepared.transportOptions, sharesCall: prepared.sharesCall,
            cacheStep: cacheStep)
    }

    /// ``execute(_:)`` for a URL request and the parts of a prepared request it uses.
    ///
    /// At the end of the chain, each request loses the credentials it must not carry to its origin
    /// (``HTCredentialOrigins``; those in `ownCredentials` stay) and its headers are checked
    /// (``HTHeaderCheck``), then `cacheStep` (the response cache's lookup) runs around the mock or the
    /// transport.
    func execute(
        _ urlRequest: URLRequest, description: HTRequestDescription, interceptors: [any HTInterceptor],
        ownCredentials: HTOwnCredentials = .none, securityRequirements: [HTSecurityRequirement]? = nil,
        mock: HTMockResponse?, requestType: HTRequestType?,
        transport: any HTTransport, timeout: TimeInterval,
        options: HTTransportOptions, sharesCall: Bool = false,
        cacheStep: (@Sendable (URLRequest, @escaping HTInterceptorNext) async throws -> HTTransportResponse)? = nil
    ) async throws(HTNetworkingError) -> HTTransportResponse {
        if Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }
        let context = HTInterceptorContext(
            request: description, requestType: requestType, logger: configuration.logger,
            credentialOrigins: credentialOrigins, securityRequirements: securityRequirements)
        let send = self.terminal(transport: transport, mock: mock, options: options, sharesCall: sharesCall)
        let terminal: HTInterceptorNext = { [self] request in
            let request = guardedForOrigin(request, own: ownCredentials) ?? request
            try HTHeaderCheck.validate(request, request: description)
            guard let cacheStep else { return try await send(request) }
            return try await cacheStep(request, send)
        }
        let chain =
            interceptors.isEmpty
            ? terminal : HTInterceptorChain.build(interceptors, context: context, terminal: terminal)
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            state.inFlight[state.nextID] = .starting(cancelled: false)
            return state.nextID
        }
        defer { state.withLock { _ = $0.inFlight.removeValue(forKey: id) } }
        // Started on this thread and run until its first suspension (Swift 6.2's `Task.immediate`):
        // no thread hop before the transport, and none at all when the chain answers at once (mocks).
        // Over a session the transport made on Linux, it goes on where its answer arrives
        // (HTDelegateQueueExecutor): the caller's resumption is then the only wait for a thread.
        let task: Task<HTTransportResponse, any Error>
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, *) {
            task = Task.immediate(executorPreference: Self.taskExecutor(for: transport)) {
                try await chain(urlRequest)
            }
        } else {
            task = Task { try await chain(urlRequest) }
        }
        let cancelledWhileStarting = state.withLock { state -> Bool in
            defer { state.inFlight[id] = .running(task) }
            if case .starting(cancelled: true) = state.inFlight[id] { return true }
            return false
        }
        if cancelledWhileStarting { task.cancel() }
        let deadline = HTDeadline(seconds: timeout) { task.cancel() }
        defer { deadline.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            if deadline.hasExpired {
                throw HTNetworkingError(
                    .transport(
                        code: URLError.Code.timedOut.rawValue, message: "the request timed out after \(timeout) s"),
                    request: description)
            }
            throw Self.networkingError(error, request: description)
        }
    }

    /// Where the task that runs a request's chain over `transport` goes on once resumed: the session's
    /// delegate queue for a session ``HTURLSessionTransport`` made on Linux (``HTDelegateQueueExecutor``);
    /// `nil`, Swift's cooperative pool, otherwise.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    private static func taskExecutor(for transport: any HTTransport) -> (any TaskExecutor)? {
        #if canImport(FoundationNetworking)
            (transport as? HTURLSessionTransport)?.taskExecutor
        #else
            nil
        #endif
    }

    /// The end of the chain: the mock when mocking is on and it has an answer, else the transport, whose
    /// call an identical GET in flight shares when `sharesCall` says so (``HTSharedCalls``).
    private func terminal(
        transport: any HTTransport, mock own: HTMockResponse?, options: HTTransportOptions, sharesCall: Bool
    ) -> HTInterceptorNext {
        let mode = mockMode
        guard mode != .off else {
            guard sharesCall else { return { request in try await transport.send(request, options: options) } }
            let shared = sharedCalls
            return { request in
                guard let key = HTSharedCalls.Key(request, options: options) else {
                    return try await transport.send(request, options: options)
                }
                return try await shared.response(for: key) { try await transport.send(request, options: options) }
            }
        }
        let mock = configuration.mock ?? HTMockTransport()
        return { request in
            if let own { return try await own.answer(for: request) }
            if let answer = try await mock.answer(for: request) { return answer }
            if mode == .always { return mock.notFound(for: request) }
            return try await transport.send(request, options: options)
        }
    }

    /// The runtime's error for whatever a transport or an interceptor threw.
    static func networkingError(_ error: any Error, request description: HTRequestDescription) -> HTNetworkingError {
        switch error {
        case let error as HTNetworkingError:
            return error
        case let error as HTResponseTooLargeError:
            return HTNetworkingError(.responseTooLarge(limit: error.limit), request: description)
        case let error as URLError:
            if error.code == .cancelled { return HTNetworkingError(.cancelled, request: description) }
            return HTNetworkingError(
                .transport(code: error.code.rawValue, message: error.localizedDescription), request: description)
        case is CancellationError:
            return HTNetworkingError(.cancelled, request: description)
        default:
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain {
                if nsError.code == URLError.Code.cancelled.rawValue {
                    return HTNetworkingError(.cancelled, request: description)
                }
                return HTNetworkingError(
                    .transport(code: nsError.code, message: nsError.localizedDescription), request: description)
            }
            return HTNetworkingError(.transport(code: nil, message: String(describing: error)), request: description)
        }
    }

    /// Logs a failed request. The description is redacted with the logger's rules and only built when
    /// the level is enabled; it never holds a body (see ``HTNetworkingError/description``).
    func log(_ error: HTNetworkingError) {
        let logger = configuration.logger
        switch error.kind {
        case .cancelled:
            logger.debug(.network, error.description(redactingWith: logger.redaction))
        case .status, .validation, .frozen:
            logger.info(.network, error.description(redactingWith: logger.redaction))
        case .transport:
            logger.warning(.network, error.description(redactingWith: logger.redaction))
        case .mapping:
            logger.error(.mapping, error.description(redactingWith: logger.redaction))
        case .invalidRequest, .decoding, .serialization, .responseTooLarge, .missingCredentials, .refreshFailed:
            logger.error(.network, error.description(redactingWith: logger.redaction))
        }
    }
}
