import Foundation

/// The response cache and its manager (the original's `HTCacheManager`): a memory tier and a disk
/// tier of whole responses, the registered policies, and the management calls.
///
/// ```swift
/// let cache = HTResponseCache(directory: appCaches.appendingPathComponent("api"), diskByteLimit: 20 << 20)
/// var configuration = HTClientConfiguration(baseURL: apiURL)
/// configuration.cache = HTCacheSettings(cache: cache, defaultPolicy: .cacheFirst, defaultExpiry: 300)
/// let client = HTClient(configuration: configuration)
///
/// client.hasCachedResponse(for: request)        // a request's entry: ask the client
/// await cache.removeCachedResponses(since: lastLogin)
/// cache.clearMemoryCache()
/// let bytes = await cache.computeDiskSize()
/// ```
///
/// Reads look in memory, then on disk (a disk hit is copied into memory). Every entry keeps its key's
/// text (on disk, its SHA-256), and a read compares it: keys whose 64-bit hashes collide never get each
/// other's entry. Writes go to both tiers; a failed disk write is logged and the response stays in
/// memory. All calls are thread-safe; the `async` ones run their file work on a private queue, off the
/// caller's executor.
public final class HTResponseCache: Sendable {
    /// The cache clients use unless configured otherwise, in
    /// `<platform caches directory>/HTNetworking/ResponseCache` (created on first use).
    public static let shared = HTResponseCache()

    /// The directory of the disk tier.
    public var directory: URL { disk.directory }
    /// The most entries the memory tier keeps.
    public var memoryCountLimit: Int { memory.countLimit }
    /// The most bytes the memory tier keeps (an entry counts its body, headers, URL and validators, plus
    /// 64 bytes).
    public var memoryByteLimit: Int { memory.byteLimit }
    /// The most bytes the disk tier's folder takes on disk (allocated blocks, shared with every other
    /// cache on the same directory; see the <doc:Cache> article).
    public var diskByteLimit: Int { disk.byteLimit }
    /// The oldest an entry may be to be served, whatever the request's expiry (default one week).
    public let maximumAge: TimeInterval

    let memory: HTMemoryCacheTier
    let disk: HTDiskCacheTier
    /// Where events go that no client's logger receives: the app's closure, else ``HTLogger/shared``.
    let log: @Sendable (HTCacheLogEvent) -> Void
    /// The app's closure, which receives every event.
    private let customLog: (@Sendable (HTCacheLogEvent) -> Void)?
    private let policies = HTCachePolicyRegistry()
    private let queue = DispatchQueue(label: "HTResponseCache.io")

    /// Creates a cache.
    ///
    /// What it reports (failed disk writes and reads, damaged files it removed, unknown policies) goes to
    /// the ``HTLogger`` of the client whose request it is serving, else to ``HTLogger/shared``, under
    /// ``HTLogComponent/cache``.
    ///
    /// - Parameters:
    ///   - directory: where the disk tier keeps its files (created with mode 0700; entry files are
    ///     0600). `nil`: `<platform caches directory>/HTNetworking/ResponseCache` (`~/Library/Caches` on
    ///     Apple platforms, `$XDG_CACHE_HOME` or `~/.cache` on Linux). Use a separate directory for each
    ///     cache instance.
    ///   - memoryCountLimit: the most entries in memory (default 100).
    ///   - memoryByteLimit: the most bytes in memory (default 10 MB).
    ///   - diskByteLimit: the most bytes the folder takes on disk, counted in allocated blocks, for all the
    ///     caches (processes) on the directory together (default 50 MB).
    ///   - maximumAge: the oldest an entry may be to be served (default one week).
    public convenience init(
        directory: URL? = nil, memoryCountLimit: Int = 100, memoryByteLimit: Int = 10 << 20,
        diskByteLimit: Int = 50 << 20, maximumAge: TimeInterval = 7 * 24 * 3600
    ) {
        self.init(
            directory: directory, memoryCountLimit: memoryCountLimit, memoryByteLimit: memoryByteLimit,
            diskByteLimit: diskByteLimit, maximumAge: maximumAge, logger: nil)
    }

    /// ``init(directory:memoryCountLimit:memoryByteLimit:diskByteLimit:maximumAge:)`` with `logger`, which
    /// receives every event (``HTCacheLogEvent``); events during a client's request also go to that
    /// client's ``HTLogger``. `nil`: none; events outside a client's request go to ``HTLogger/shared``.
    /// For tests and benchmarks (a closure that records or drops the events).
    package init(
        directory: URL? = nil, memoryCountLimit: Int = 100, memoryByteLimit: Int = 10 << 20,
        diskByteLimit: Int = 50 << 20, maximumAge: TimeInterval = 7 * 24 * 3600,
        logger: (@Sendable (HTCacheLogEvent) -> Void)?
    ) {
        let log: @Sendable (HTCacheLogEvent) -> Void =
            logger ?? { event in HTLogger.shared.log(event.logLevel, .cache, event.message) }
        self.log = log
        self.customLog = logger
        self.maximumAge = maximumAge
        self.memory = HTMemoryCacheTier(countLimit: memoryCountLimit, byteLimit: memoryByteLimit)
        self.disk = HTDiskCacheTier(directory: directory ?? Self.defaultDirectory, byteLimit: diskByteLimit, log: log)
    }

    /// `<platform caches directory>/HTNetworking/ResponseCache`: `~/Library/Caches` on Apple platforms,
    /// `$XDG_CACHE_HOME` or `~/.cache` on Linux; the temporary directory when there is none.
    package static var defaultDirectory: URL { HTCachesDirectory.folder("ResponseCache") }

    /// Writes warnings and errors to standard error (pass it as `logger` for the behaviour before
    /// events went to ``HTLogger``).
    package static let standardErrorLogger: @Sendable (HTCacheLogEvent) -> Void = { event in
        guard event.level >= .warning else { return }
        FileHandle.standardError.write(Data((event.description + "\n").utf8))
    }

    // MARK: Policies

    /// Registers `policy` under `id`, replacing what was registered there (built-in ones included).
    public func register(_ policy: any HTCachePolicy, for id: HTCachePolicyID) {
        policies.register(policy, for: id)
    }

    /// Removes the policy registered under `id`; requests naming it are then sent without the cache.
    public func unregisterPolicy(_ id: HTCachePolicyID) {
        policies.unregister(id)
    }

    /// The policy registered under `id`.
    package func policy(for id: HTCachePolicyID) -> (any HTCachePolicy)? {
        policies.policy(for: id)
    }

    // MARK: Entries

    /// The entry stored under `key`, whatever its age or version: from memory, else from disk (then
    /// kept in memory too). A damaged file is removed and is a miss.
    package func storedResponse(for key: HTCacheKey) -> HTCachedResponse? {
        storedResponse(for: key, logger: nil)
    }

    /// ``storedResponse(for:)``, reporting events to `logger` (a client's) as well.
    func storedResponse(for key: HTCacheKey, logger: HTLogger?) -> HTCachedResponse? {
        if let entry = memory.get(key) { return entry }
        guard let entry = disk.get(key, report: report(to: logger)) else { return nil }
        memory.set(entry, for: key)
        return entry
    }

    /// Stores `response` under `key` in both tiers, or in memory only when `onDisk` is false (any file
    /// stored under the key is removed then). Returns whether the disk write succeeded (a failure is
    /// also logged; the entry is in memory either way, unless it is larger than the memory limit).
    ///
    /// Headers an entry never keeps (`Set-Cookie`, credential and hop-by-hop headers; see the
    /// <doc:Cache> article) are dropped from it first.
    @discardableResult
    package func store(_ response: HTCachedResponse, for key: HTCacheKey, onDisk: Bool = true) -> Bool {
        store(response, for: key, onDisk: onDisk, logger: nil).stored
    }

    /// ``store(_:for:onDisk:)``, reporting events to `logger` (a client's) as well; also says how many
    /// entries the two tiers evicted to make room.
    func store(
        _ response: HTCachedResponse, for key: HTCacheKey, onDisk: Bool, logger: HTLogger?
    ) -> (stored: Bool, evicted: Int) {
        var response = response
        response.headers = HTCacheStoredHeaders.kept(response.headers)
        let evicted = memory.set(response, for: key)
        guard onDisk else {
            disk.remove(key)
            return (true, evicted)
        }
        let written = disk.set(response, for: key, report: report(to: logger))
        return (written.stored, evicted + written.evicted)
    }

    /// Reports `event` to the app's closure (if any) and to `logger` under ``HTLogComponent/cache``;
    /// without a logger, as the cache reports events outside a client's request (``log``).
    func report(_ event: HTCacheLogEvent, to logger: HTLogger?) {
        guard let logger else { return log(event) }
        customLog?(event)
        logger.log(event.logLevel, .cache, event.message)
    }

    /// A closure that reports events to `logger` (``report(_:to:)``), or `nil` without one.
    private func report(to logger: HTLogger?) -> ((HTCacheLogEvent) -> Void)? {
        guard let logger else { return nil }
        return { [self] event in report(event, to: logger) }
    }

    // MARK: Manager (HTCacheManager)

    /// Whether an entry that is neither dated in the future nor older than ``maximumAge`` is stored
    /// under `key` (`hasCacheForRequest:`). Request-specific checks (expiry, version) are the policy's:
    /// see ``HTClient/hasCachedResponse(for:)``.
    package func hasCachedResponse(for key: HTCacheKey) -> Bool {
        cachedResponse(for: key) != nil
    }

    /// The entry stored under `key` if it is neither dated in the future nor older than ``maximumAge``
    /// (`cachedResponseForRequest:`).
    package func cachedResponse(for key: HTCacheKey) -> HTCachedResponse? {
        guard let entry = storedResponse(for: key) else { return nil }
        let age = Date().timeIntervalSince(entry.created)
        guard age >= 0, age < maximumAge, entry.expires.map({ Date() < $0 }) ?? true else { return nil }
        return entry
    }

    /// Removes the entry stored under `key` from both tiers.
    package func removeCachedResponse(for key: HTCacheKey) async {
        memory.remove(key)
        await onQueue { $0.disk.remove(key) }
    }

    /// Removes every entry from both tiers.
    public func removeAllCachedResponses() async {
        memory.removeAll()
        await onQueue { $0.disk.removeAll() }
    }

    /// Removes the entries of users and credentials from both tiers, whichever instance wrote them: those
    /// of the user scope `user` (``HTCacheSettings/userScope``) and of every credential when `user` is
    /// given, else every entry but the public ones. Entries written before scopes were recorded go too.
    /// ``HTClient/logOut(user:frozenRequests:)`` calls it.
    public func removePersonalResponses(user: String? = nil) async {
        let filter: HTCacheScopeTag.Filter = user.map { .user(named: $0) } ?? .personal
        memory.remove(matching: filter)
        await onQueue { $0.disk.remove(matching: filter) }
    }

    /// Removes the entries stored at or after `date` from both tiers.
    public func removeCachedResponses(since date: Date) async {
        memory.remove(since: date)
        await onQueue { $0.disk.remove(since: date) }
    }

    /// Empties the memory tier (the disk tier keeps its entries).
    public func clearMemoryCache() {
        memory.removeAll()
    }

    /// The bytes on disk (allocated blocks) of the disk tier's files this instance knows, from its index
    /// (`getCurCacheSize`). The first call after launch reads the directory to build the index; later
    /// ones don't touch the disk.
    public var currentDiskSize: Int {
        disk.currentSize
    }

    /// The bytes on disk (allocated blocks) of every entry file in the directory, whichever process wrote
    /// it, measured (`calculateSizeWithCompletionBlock:`).
    public func computeDiskSize() async -> Int {
        await onQueue { $0.disk.measuredSize() }
    }

    /// The number of entries and bytes in the memory tier.
    package var memoryUsage: (count: Int, bytes: Int) {
        memory.usage
    }

    /// The number of entries in the disk tier.
    package var diskEntryCount: Int {
        disk.count
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable (HTResponseCache) -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work(self)) }
        }
    }
}
