import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Keeps requests made while offline and sends them again when the network returns (the original's
/// `HTFreezeManager`), across restarts and crashes.
///
/// ```swift
/// let manager = try HTFreezeManager(directory: appSupport.appendingPathComponent("Freeze"),
///                                   monitor: HTProbeConnectivityMonitor(url: client.configuration.baseURL))
/// await manager.setup(delegate: clients, startMonitoring: true)
/// do {
///     let comment = try await manager.send(HTPostCommentRequest(text: "hi"), via: client)
/// } catch let error where error.frozenID != nil {
///     // offline: it was kept and goes out when the network returns
/// }
/// for await event in manager.events() { ... }
/// ```
///
/// ## When a request is frozen
/// ``send(_:via:)`` freezes a request whose policy is not ``HTFreezePolicyID/none`` when the monitor
/// says the network is unreachable (it is not sent), and when sending it fails with a connectivity error
/// (see ``HTNetworkingError``'s transport codes). The request is persisted in the journal before the
/// caller gets an ``HTNetworkingError`` of kind `frozen(id:)`.
///
/// ## Resending and delivery
/// When the monitor reports a usable network (expensive networks only with
/// ``Configuration/allowsExpensiveNetworks``), or on ``resendNow()``, the frozen requests go out one at
/// a time in freeze order, each through the client the delegate supplies: the URL request as stored
/// (as the client built it, before interceptors ran, so no token an interceptor adds is ever written to
/// disk; without the credential headers it had, see ``Configuration/credentialHeaders``), the client's
/// default headers that are credentials, then the client's interceptors (a bearer token added now, a
/// logging line), its mock when mocking is on, and
/// the transport for the request's ``HTFrozenRequest/transportType``, bounded by the request's timeout
/// (see ``HTClient/rawResponse(for:requestType:timeout:)``). The request's own interceptors, closures,
/// are not kept. A request leaves the journal only after the server accepted it, so delivery is
/// **at least once**: a crash between the answer and the journal update sends it again. Every frozen
/// request carries an `Idempotency-Key` header holding its freeze id, so a server that honours the header
/// applies it exactly once. The live attempt of a request that is not idempotent (POST, PATCH) carries
/// the same key, so a request frozen after a live attempt that timed out, which may have reached the
/// server, is recognised when it is resent. (A request's own `Idempotency-Key` header is kept as the
/// freeze id.)
///
/// ## At rest
/// The journal's folder is `0700` and its files `0600` (tightened when an older version left them
/// looser); credential headers are not stored unless the app opts in
/// (``Configuration/credentialHeaders``); with ``Configuration/sealer`` every stored request is sealed
/// (encrypted by the app's cipher). The journal's format and how it survives crashes and full disks are
/// in <doc:Freeze>; what it keeps at rest, in <doc:Security>.
///
/// ## Duplicates
/// A request whose freeze key matches a frozen one is not kept again: the first one wins (its id, its
/// place in the order, its expiry), and the caller gets the first one's id.
public actor HTFreezeManager {
    /// Settings.
    public struct Configuration: Sendable {
        /// Whether frozen requests are resent on expensive (cellular) networks: the original's WWAN mode.
        /// Off by default.
        public var allowsExpensiveNetworks: Bool
        /// The header that carries the freeze id.
        public var idempotencyHeader: String
        /// Whether each change to the journal is `fsync`ed (`synchronous`, but in benchmarks and tests).
        package var durability: HTFreezeJournal.Durability = .synchronous
        /// What follows the events of each manager made with these settings from its creation on (see
        /// ``HTFreezeEventObserver``); `nil` (the default) for nothing. HTNetworkingCompat sets it to post
        /// the resend notifications (its `notificationCenter`).
        package var eventObserver: (any HTFreezeEventObserver)?
        /// The headers that are credentials and are not written to the journal (by default every
        /// `Authorization`, cookie, API key, token, secret, password, session and signature header; see
        /// ``HTFreezeCredentialHeaders``). The ``idempotencyHeader`` is always kept.
        ///
        /// Stripped headers are put back at resend time by the resending client: its default headers of
        /// those names, then its interceptors. Opting in to persisting them
        /// (``HTFreezeCredentialHeaders/persistsCredentialHeaders`` or
        /// ``HTFreezeCredentialHeaders/persistedNames``) writes their values to disk.
        public var credentialHeaders: HTFreezeCredentialHeaders
        /// Seals each frozen request in the journal at rest (e.g. AES-GCM with a Keychain key; see
        /// ``HTFreezeRecordSealing``); `nil` (the default) stores them unsealed, readable by whoever can
        /// read the file (which is `0600` in a `0700` folder).
        public var sealer: (any HTFreezeRecordSealing)?
        /// Where the manager logs under ``HTLogComponent/freeze`` what happens without a client (requests
        /// dropped by their policy, problems with the journal); what happens through a client (frozen,
        /// resent, a failed resend) goes to that client's logger. Default ``HTLogger/shared``.
        public var logger: HTLogger
        /// How the journal writes to its files (`write(2)`; a full disk in tests).
        var journalIO = HTFreezeJournalIO.system

        /// Creates settings.
        public init(
            allowsExpensiveNetworks: Bool = false, idempotencyHeader: String = "Idempotency-Key",
            credentialHeaders: HTFreezeCredentialHeaders = HTFreezeCredentialHeaders(),
            sealer: (any HTFreezeRecordSealing)? = nil,
            logger: HTLogger = .shared
        ) {
            self.logger = logger
            self.allowsExpensiveNetworks = allowsExpensiveNetworks
            self.idempotencyHeader = idempotencyHeader
            self.credentialHeaders = credentialHeaders
            self.sealer = sealer
        }

        /// Settings with the journal's `durability` (``HTFreezeJournal/Durability/buffered`` in benchmarks
        /// and tests).
        package init(
            allowsExpensiveNetworks: Bool = false, idempotencyHeader: String = "Idempotency-Key",
            durability: HTFreezeJournal.Durability,
            credentialHeaders: HTFreezeCredentialHeaders = HTFreezeCredentialHeaders(),
            sealer: (any HTFreezeRecordSealing)? = nil,
            logger: HTLogger = .shared
        ) {
            self.init(
                allowsExpensiveNetworks: allowsExpensiveNetworks, idempotencyHeader: idempotencyHeader,
                credentialHeaders: credentialHeaders, sealer: sealer, logger: logger)
            self.durability = durability
        }

        /// ``credentialHeaders`` with the ``idempotencyHeader`` always kept.
        var journalCredentialHeaders: HTFreezeCredentialHeaders {
            var headers = credentialHeaders
            headers.persistedNames.insert(idempotencyHeader)
            return headers
        }

        /// Opens the journal at `url` with these settings, holding `lock` (see ``HTFreezeJournal/lock(_:)``).
        func openJournal(at url: URL, lock: HTFileLock) throws(HTFreezeJournalError) -> HTFreezeJournal {
            try HTFreezeJournal(
                fileURL: url, durability: durability, credentialHeaders: journalCredentialHeaders, sealer: sealer,
                lock: lock, io: journalIO)
        }
    }

    /// The journal file.
    public let journalURL: URL
    /// The connectivity monitor.
    public let monitor: any HTConnectivityMonitor
    /// The settings.
    public let configuration: Configuration

    private var journal: HTFreezeJournal?
    /// Keeps every other journal and manager off the journal for as long as this manager lives, also
    /// while ``clearInMemory()`` has released the journal.
    private let journalLock: HTFileLock
    private var loadReport: HTFreezeJournalLoadReport
    private var policies: [HTFreezePolicyID: any HTFreezePolicy] = [.sendFreezeAutomatically: HTDefaultFreezePolicy()]
    private var delegate: (any HTFreezeManagerDelegate)?
    private var monitoringTask: Task<Void, Never>?
    private var wakeTask: Task<Void, Never>?
    private var resendTask: Task<HTFreezeResendSummary, Never>?
    private let broadcast = HTFreezeEventBroadcast()

    /// Opens (or creates) the journal `freeze.journal` in `directory` and loads the frozen requests.
    ///
    /// The manager holds the journal's lock (an exclusive `flock` on `freeze.journal.lock` beside it) for
    /// as long as it lives, and the system releases it when the process dies, however it dies: one
    /// manager per folder, in this process or another. A second one waits up to two seconds for it.
    ///
    /// - Throws: ``HTFreezeJournalError`` when the journal can't be read or created, or when another
    ///   manager has it open (``HTFreezeJournalError/isJournalInUse``).
    public init(directory: URL, monitor: any HTConnectivityMonitor, configuration: Configuration = Configuration())
        throws(HTFreezeJournalError)
    {
        let url = directory.appendingPathComponent("freeze.journal", isDirectory: false)
        let lock: HTFileLock
        do {
            lock = try HTFreezeJournal.lock(url)
        } catch {
            HTFreezeLog.journalFailed(error, to: configuration.logger)
            throw error
        }
        let opened = try Self.openLogged(at: url, lock: lock, configuration: configuration)
        self.journalLock = lock
        self.journalURL = url
        self.monitor = monitor
        self.configuration = configuration
        self.journal = opened
        self.loadReport = opened.loadReport
        configuration.eventObserver?.start(observing: self)
    }

    /// What loading the journal found (damaged records skipped at start-up, say); the manager also logs
    /// it, as a warning under ``HTLogComponent/freeze``, when it was not clean.
    package var journalLoadReport: HTFreezeJournalLoadReport { loadReport }

    // MARK: Set-up

    /// Sets the delegate that supplies clients for resends (held strongly: it is usually an app-wide
    /// object, and resends must not stop because the code that set it up went away) and, with `startMonitoring`,
    /// starts the monitor and resends whenever the network becomes usable (the original's
    /// `setupWithDelegate:isStartMonitoring:`).
    public func setup(delegate: any HTFreezeManagerDelegate, startMonitoring: Bool) {
        self.delegate = delegate
        if startMonitoring {
            self.startMonitoring()
        }
    }

    /// Starts the monitor and resends whenever it reports a usable network. Idempotent.
    public func startMonitoring() {
        guard monitoringTask == nil else { return }
        monitor.start()
        let updates = monitor.updates()
        monitoringTask = Task { [weak self] in
            for await status in updates {
                guard let self else { return }
                if await self.allowsResend(status) {
                    _ = await self.resendNow()
                }
            }
        }
    }

    /// Stops resending on connectivity changes and stops the monitor.
    public func stopMonitoring() {
        monitoringTask?.cancel()
        monitoringTask = nil
        wakeTask?.cancel()
        wakeTask = nil
        monitor.stop()
    }

    /// Registers `policy` for requests whose ``HTFreezableRequest/freezePolicyID`` is `id` (replacing
    /// any policy registered for it, including the built-in ``HTFreezePolicyID/sendFreezeAutomatically``).
    /// Requests under an id with no policy stay frozen (but still expire) until one is registered.
    public func register(_ policy: any HTFreezePolicy, for id: HTFreezePolicyID) {
        policies[id] = policy
    }

    /// Frozen-request events (frozen, resent, failed, dropped) from now on, for as long as the stream is
    /// kept; it finishes when the manager is gone. Each call makes an independent stream.
    public nonisolated func events() -> AsyncStream<HTFreezeEvent> {
        broadcast.stream()
    }

    // MARK: Sending and freezing

    /// Sends `request` through `client`, freezing it instead when the network is unreachable or the send
    /// fails for lack of connectivity (then it throws an error of kind `frozen(id:)`). Requests whose
    /// policy is ``HTFreezePolicyID/none`` are simply sent.
    public nonisolated func send<R: HTFreezableRequest>(_ request: sending R, via client: HTClient)
        async throws(HTNetworkingError) -> sending R.Response
    {
        guard request.freezePolicyID != .none else {
            return try await client.send(request)
        }
        let snapshot = try snapshot(of: request, client: client)
        if monitor.status == .unreachable {
            throw try await freezeOrThrow(snapshot, logger: client.configuration.logger)
        }
        do {
            // The live attempt of a request that is not idempotent carries the key its frozen copy
            // would be resent with, so the server can tell a resend from a new request even when the
            // first attempt reached it and only the answer was lost.
            guard !HTRetryPolicy.idempotentMethods.contains(R.method) else { return try await client.send(request) }
            var prepared = try client.prepare(request)
            if prepared.urlRequest.value(forHTTPHeaderField: configuration.idempotencyHeader) == nil {
                prepared.urlRequest.setValue(snapshot.id, forHTTPHeaderField: configuration.idempotencyHeader)
            }
            return try await client.response(for: prepared).value
        } catch {
            guard error.isFreezeConnectivityFailure else { throw error }
            monitor.reportConnectivityFailure()
            throw try await freezeOrThrow(snapshot, logger: client.configuration.logger)
        }
    }

    /// Freezes `request` without trying to send it (to send it when the network is next usable).
    /// Returns the freeze id (that of the request already frozen under the same key, if any).
    public func freeze<R: HTFreezableRequest>(_ request: R, via client: HTClient) throws(HTNetworkingError) -> String {
        let snapshot = try snapshot(of: request, client: client)
        return try persist(snapshot, logger: client.configuration.logger).id
    }

    /// Stores an already built frozen request (e.g. one exported from another store). A request with
    /// the same freeze key wins over it. Returns the stored (or winning) request.
    @discardableResult
    public func freeze(_ request: HTFrozenRequest) throws(HTFreezeJournalError) -> HTFrozenRequest {
        try store(request, logger: configuration.logger)
    }

    /// Stores `request` unless one with its freeze key is there, and logs it to `logger`.
    private func store(_ request: HTFrozenRequest, logger: HTLogger) throws(HTFreezeJournalError) -> HTFrozenRequest {
        let journal = try openJournal()
        if let existing = journal.entry(freezeKey: request.freezeKey) { return existing }
        var request = request
        request.sequence = 0
        let stored: HTFrozenRequest
        do {
            stored = try journal.put(request)
        } catch {
            HTFreezeLog.journalFailed(error, to: logger)
            throw error
        }
        emit(.frozen(stored), logger: logger)
        return stored
    }

    /// Publishes `event` to the event streams and logs it to `logger`.
    private func emit(_ event: HTFreezeEvent, logger: HTLogger) {
        broadcast.publish(event)
        HTFreezeLog.log(event, to: logger)
    }

    /// The data to keep for `request`: the URL request the client builds, plus the freeze metadata.
    private nonisolated func snapshot<R: HTFreezableRequest>(of request: R, client: HTClient) throws(HTNetworkingError)
        -> HTFrozenRequest
    {
        let urlRequest = try client.urlRequest(for: request)
        let method = urlRequest.httpMethod ?? R.method.rawValue
        let url = urlRequest.url ?? client.configuration.baseURL
        var headers = urlRequest.allHTTPHeaderFields ?? [:]
        let headerName = configuration.idempotencyHeader
        let existingKey = headers.first { $0.key.caseInsensitiveCompare(headerName) == .orderedSame }
        let id = existingKey?.value ?? UUID().uuidString
        if existingKey == nil {
            headers[headerName] = id
        }
        let now = Date()
        // A request's own body is keyed in its canonical form, with its content type: a multipart body
        // has a new random boundary each time it is built, and the same call frozen twice is kept once.
        let keyBody =
            request.body.map { body -> Data in
                let canonical = body.canonicalEncoded
                return Data(canonical.contentType.utf8) + Data([0]) + canonical.data
            } ?? urlRequest.httpBody
        let key =
            request.freezeKey
            ?? HTFreezeKey.derive(method: method, url: url, body: keyBody, sensitiveData: request.freezeSensitiveData)
        var frozen = HTFrozenRequest(
            id: id, method: method, url: url, headers: headers, body: urlRequest.httpBody,
            timeout: request.timeout, requestType: HTRequestTypeName.of(R.self), transportType: request.requestType,
            policyID: request.freezePolicyID, freezeKey: key, createdAt: now,
            expiresAt: request.freezeExpiryInterval.map { now.addingTimeInterval($0) })
        frozen.securityRequirements = R.securityRequirements
        return frozen
    }

    /// Persists `snapshot` and returns the `frozen` error to throw.
    private func freezeOrThrow(_ snapshot: HTFrozenRequest, logger: HTLogger) throws(HTNetworkingError)
        -> HTNetworkingError
    {
        let stored = try persist(snapshot, logger: logger)
        return HTNetworkingError(.frozen(id: stored.id), request: snapshot.requestDescription)
    }

    private func persist(_ snapshot: HTFrozenRequest, logger: HTLogger) throws(HTNetworkingError) -> HTFrozenRequest {
        do {
            return try store(snapshot, logger: logger)
        } catch {
            throw HTNetworkingError(
                .invalidRequest("could not freeze the request: \(error)"), request: snapshot.requestDescription)
        }
    }

    // MARK: Resending

    /// Resends the frozen requests that their policies allow now, one at a time in freeze order, and
    /// returns what happened. A pass already running is joined rather than doubled.
    @discardableResult
    public func resendNow() async -> HTFreezeResendSummary {
        if let running = resendTask {
            return await running.value
        }
        let task = Task { await self.resendPass() }
        resendTask = task
        let summary = await task.value
        resendTask = nil
        scheduleWake()
        return summary
    }

    private func allowsResend(_ status: HTConnectivityStatus) -> Bool {
        switch status {
        case .reachable(let isExpensive): return !isExpensive || configuration.allowsExpensiveNetworks
        case .unknown: return true
        case .unreachable: return false
        }
    }

    private func resendPass() async -> HTFreezeResendSummary {
        var summary = HTFreezeResendSummary()
        guard let journal = try? openJournal() else { return summary }
        // First the requests the policies drop, removed with one journal write.
        let start = Date()
        let drops = journal.entries.filter {
            (policies[$0.policyID] ?? HTDefaultFreezePolicy()).shouldDrop($0, now: start)
        }
        do {
            for entry in try journal.remove(ids: drops.map(\.id)) {
                summary.dropped += 1
                emit(.dropped(entry, reason: .policy), logger: configuration.logger)
            }
        } catch {
            // Not removed: each is tried again below, and reported as it turns out.
            HTFreezeLog.journalFailed(error, to: configuration.logger)
        }
        let pending = journal.entries
        for (index, candidate) in pending.enumerated() {
            // It may have been removed, sent or cleared while an earlier one was in flight.
            guard let journal = try? openJournal(), let entry = journal.entry(id: candidate.id) else { continue }
            let now = Date()
            let policy = policies[entry.policyID]
            if (policy ?? HTDefaultFreezePolicy()).shouldDrop(entry, now: now) {
                do {
                    try journal.remove(id: entry.id)
                    summary.dropped += 1
                    emit(.dropped(entry, reason: .policy), logger: configuration.logger)
                } catch {
                    // Still in the journal: it is dropped on a later pass, when the journal can record it.
                    HTFreezeLog.journalFailed(error, to: configuration.logger)
                    summary.deferred += 1
                    summary.notRecorded += 1
                }
                continue
            }
            guard let policy, policy.canSend(entry, now: now) else {
                summary.deferred += 1
                continue
            }
            guard allowsResend(monitor.status) else {
                summary.deferred += pending.count - index
                break
            }
            guard let client = await delegate?.client(for: entry) else {
                summary.deferred += 1
                continue
            }
            let outcome: Result<HTTransportResponse, HTNetworkingError>
            do {
                outcome = .success(
                    try await client.rawResponse(
                        for: resendRequest(entry, client: client), requestType: entry.transportType,
                        timeout: entry.timeout, description: entry.requestDescription,
                        securityRequirements: entry.securityRequirements))
            } catch {
                outcome = .failure(error)
            }
            guard let journal = try? openJournal(), journal.entry(id: entry.id) != nil else { continue }
            switch outcome {
            case .success(let response) where client.configuration.acceptedStatusCodes.contains(response.statusCode):
                do {
                    try journal.remove(id: entry.id)
                } catch {
                    // Accepted, but still in the journal: it goes out again later (at least once; its
                    // Idempotency-Key lets the server ignore the repeat).
                    HTFreezeLog.journalFailed(error, to: client.configuration.logger)
                    summary.notRecorded += 1
                }
                summary.succeeded += 1
                emit(.resendSucceeded(entry, response), logger: client.configuration.logger)
            case .success(let response):
                let error = HTNetworkingError(
                    .status(code: response.statusCode, body: response.body), request: entry.requestDescription,
                    statusCode: response.statusCode)
                fail(
                    entry, error, policy: policy, journal: journal, summary: &summary,
                    logger: client.configuration.logger)
            case .failure(let error) where error.isFreezeConnectivityFailure || error.isCancelledKind:
                // The network went away (or the pass was cancelled): not the request's fault, no attempt
                // is counted. The rest waits for the next usable network.
                if error.isFreezeConnectivityFailure { monitor.reportConnectivityFailure() }
                emit(.resendFailed(entry, error, willRetry: true), logger: client.configuration.logger)
                summary.deferred += pending.count - index
                return summary
            case .failure(let error) where error.isMissingCredentials:
                // The resending client has no credentials for it (logged out): kept for a client that
                // has, no attempt counted.
                emit(.resendFailed(entry, error, willRetry: true), logger: client.configuration.logger)
                summary.deferred += 1
            case .failure(let error):
                fail(
                    entry, error, policy: policy, journal: journal, summary: &summary,
                    logger: client.configuration.logger)
            }
        }
        return summary
    }

    /// The URL request to resend `entry` with: as stored, plus the client's default headers that are
    /// credentials (they were not stored) and that the entry lacks. The client's interceptors run after.
    private func resendRequest(_ entry: HTFrozenRequest, client: HTClient) -> URLRequest {
        var request = entry.urlRequest
        let credentials = configuration.journalCredentialHeaders
        for (name, value) in client.configuration.defaultHeaders.sorted(by: { $0.key < $1.key })
        where credentials.isStripped(name) && request.value(forHTTPHeaderField: name) == nil {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    private func fail(
        _ entry: HTFrozenRequest, _ error: HTNetworkingError, policy: any HTFreezePolicy, journal: HTFreezeJournal,
        summary: inout HTFreezeResendSummary, logger: HTLogger
    ) {
        var updated = entry
        updated.attempts += 1
        let delay = policy.retryDelay(after: error, request: updated)
        do {
            if let delay {
                updated.nextAttemptAt = Date().addingTimeInterval(max(0, delay))
                try journal.put(updated)
            } else {
                try journal.remove(id: entry.id)
            }
        } catch let writeError {
            // The journal could not record the outcome (a full disk, say). A failed write never removes
            // a request the server did not accept: it stays as it was (its attempts and backoff
            // unchanged) and goes out again on a later pass, which is what is reported.
            HTFreezeLog.journalFailed(writeError, to: logger)
            summary.failed += 1
            summary.notRecorded += 1
            emit(.resendFailed(entry, error, willRetry: true), logger: logger)
            return
        }
        if delay != nil {
            summary.failed += 1
            emit(.resendFailed(updated, error, willRetry: true), logger: logger)
        } else {
            summary.dropped += 1
            emit(.resendFailed(updated, error, willRetry: false), logger: logger)
            emit(.dropped(updated, reason: .failed), logger: logger)
        }
    }

    /// After a pass: if requests wait for their backoff, wake up when the first is due.
    private func scheduleWake() {
        wakeTask?.cancel()
        wakeTask = nil
        guard monitoringTask != nil, let journal = try? openJournal() else { return }
        guard let due = journal.entries.compactMap(\.nextAttemptAt).min() else { return }
        let delay = max(0.05, due.timeIntervalSinceNow)
        wakeTask = Task { [weak self] in
            try? await Task.sleep(for: .seconds(delay))
            guard !Task.isCancelled, let self else { return }
            if await self.allowsResend(self.monitor.status) {
                await self.resendNow()
            }
        }
    }

    // MARK: Management

    /// Removes the frozen request with this id (the original's `remove:`). Returns it, or `nil` when
    /// there was none.
    @discardableResult
    public func remove(id: String) throws(HTFreezeJournalError) -> HTFrozenRequest? {
        try openJournal().remove(id: id)
    }

    /// The frozen request with this id (the original's `queryByFreezeId:`).
    public func frozenRequest(id: String) throws(HTFreezeJournalError) -> HTFrozenRequest? {
        try openJournal().entry(id: id)
    }

    /// Every frozen request, in freeze order (the original's `allFreezedRequests`).
    public func allFrozenRequests() throws(HTFreezeJournalError) -> [HTFrozenRequest] {
        try openJournal().entries
    }

    /// Removes every frozen request, from memory and disk (the original's
    /// `clearAllFreezedRequestsOnCompletion:`).
    public func clearAll() async throws(HTFreezeJournalError) {
        try openJournal().removeAll()
    }

    /// Frees the frozen requests held in memory (the original's `clearAllFreezedRequestsInMemory`). They
    /// stay on disk and are read again when next needed.
    public func clearInMemory() {
        journal = nil
    }

    /// Whether the frozen requests are currently held in memory.
    package var isLoadedInMemory: Bool { journal != nil }

    /// Opens the journal at `url` and logs what loading it found, or why it could not be opened.
    private static func openLogged(at url: URL, lock: HTFileLock, configuration: Configuration)
        throws(HTFreezeJournalError) -> HTFreezeJournal
    {
        do {
            let opened = try configuration.openJournal(at: url, lock: lock)
            HTFreezeLog.log(opened.loadReport, path: url.path, to: configuration.logger)
            return opened
        } catch {
            HTFreezeLog.journalFailed(error, to: configuration.logger)
            throw error
        }
    }

    private func openJournal() throws(HTFreezeJournalError) -> HTFreezeJournal {
        if let journal { return journal }
        let opened = try Self.openLogged(at: journalURL, lock: journalLock, configuration: configuration)
        journal = opened
        loadReport = opened.loadReport
        return opened
    }
}

extension HTNetworkingError {
    /// The freeze id when this error says the request was frozen (kind `frozen(id:)`).
    public var frozenID: String? {
        if case .frozen(let id) = kind { return id }
        return nil
    }

    var isCancelledKind: Bool {
        if case .cancelled = kind { return true }
        return false
    }
}
