import Foundation
import Testing

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The permission bits of `path` (`-1` when it does not exist).
func freezeFileMode(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o7777)
}

/// Whether any file in `folder` (the journal, a temporary or set-aside file) holds `needle`.
func freezeFolderContains(_ folder: URL, _ needle: String) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.contains { name in
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return false }
        return data.range(of: Data(needle.utf8)) != nil
    }
}

/// A frozen request carrying credentials in several headers.
func credentialFrozenRequest(_ index: Int) -> HTFrozenRequest {
    var request = sampleFrozenRequest(index)
    request.headers["Authorization"] = "Bearer journal-token-\(index)"
    request.headers["Proxy-Authorization"] = "Basic proxy-\(index)"
    request.headers["Cookie"] = "sid=cookie-\(index)"
    request.headers["x-api-key"] = "api-key-\(index)"
    request.headers["X-CSRF-Token"] = "csrf-\(index)"
    request.headers["X-Session-Id"] = "session-\(index)"
    request.headers["X-Client-Secret"] = "client-secret-\(index)"
    return request
}

/// The credential values `credentialFrozenRequest(index)` carries.
func credentialValues(_ index: Int) -> [String] {
    [
        "journal-token-\(index)", "proxy-\(index)", "cookie-\(index)", "api-key-\(index)", "csrf-\(index)",
        "session-\(index)", "client-secret-\(index)",
    ]
}

extension HTFrozenRequest {
    /// This request with `sequence` (what the journal gives a new one).
    func withSequence(_ sequence: UInt64) -> HTFrozenRequest {
        var copy = self
        copy.sequence = sequence
        return copy
    }
}

/// A token store whose token the test changes between freezing and resending.
actor FreezeTokenBox: HTTokenProvider {
    private var token: String
    init(_ token: String) { self.token = token }
    func set(_ token: String) { self.token = token }
    func currentToken() async throws -> String? { token }
    func refreshToken(rejected: String?) async throws -> String { token }
}

/// A POST to the server's /echo that carries credentials of its own.
struct FreezeCredentialRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/echo" }
    var text: String
    var parameters: HTJSONObject { ["text": .string(text)] }
    var headers: [String: String] {
        ["Authorization": "Bearer request-own-token", "X-Api-Key": "request-api-key", "X-Trace": "kept-trace"]
    }
}

@Suite("Freeze journal at rest: modes and credential headers", .timeLimit(.minutes(3)))
struct FreezeAtRestTests {
    @Test("A new journal: folder 0700, journal 0600 (also after compaction), whatever the umask")
    func freshModes() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let directory = folder.url.appendingPathComponent("new/freeze", isDirectory: true)
        let file = directory.appendingPathComponent("freeze.journal")
        // The loosest umask: the modes must be set explicitly, not left to the umask.
        let savedMask = umask(0)
        var journal: HTFreezeJournal
        do {
            defer { umask(savedMask) }
            journal = try HTFreezeJournal(fileURL: file, durability: .buffered)
            try journal.put(sampleFrozenRequest(0))
            try journal.compact()
        }
        #expect(freezeFileMode(directory.path) == 0o700)
        #expect(freezeFileMode(file.path) == 0o600)
        try journal.put(sampleFrozenRequest(1))
        try journal.compact()
        #expect(freezeFileMode(file.path) == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "freeze.journal", "freeze.journal.lock",
            ])
        #expect(freezeFileMode(file.path + ".lock") == 0o600)
        // A file that is not a journal is set aside 0600 (by the next journal: one at a time).
        journal = try HTFreezeJournal(
            fileURL: folder.url.appendingPathComponent("elsewhere/freeze.journal"), durability: .buffered)
        try Data("not a journal".utf8).write(to: file)
        chmod(file.path, 0o644)
        let repaired = try HTFreezeJournal(fileURL: file, durability: .buffered)
        let aside = try #require(repaired.loadReport.setAsideFile)
        #expect(freezeFileMode(aside) == 0o600)
        #expect(freezeFileMode(file.path) == 0o600)
    }

    @Test("A folder and files an older version left 0755/0644 are tightened when the journal opens")
    func looseModesTightened() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let file = folder.journalURL
        do {
            let journal = try HTFreezeJournal(fileURL: file, durability: .buffered)
            try journal.put(sampleFrozenRequest(0))
        }
        let compacting = file.path + ".compacting"
        let aside = file.path + ".unreadable-1700000000"
        try Data("left by a crash".utf8).write(to: URL(fileURLWithPath: compacting))
        try Data("set aside".utf8).write(to: URL(fileURLWithPath: aside))
        for (path, mode) in [(folder.url.path, 0o755), (file.path, 0o644), (compacting, 0o644), (aside, 0o644)] {
            #expect(chmod(path, mode_t(mode)) == 0)
            #expect(freezeFileMode(path) == mode)
        }
        // A clean journal (opened for appending, not rewritten).
        do {
            let reopened = try HTFreezeJournal(fileURL: file, durability: .buffered)
            #expect(reopened.loadReport.isClean)
            #expect(reopened.count == 1)
            #expect(freezeFileMode(folder.url.path) == 0o700)
            #expect(freezeFileMode(file.path) == 0o600)
            #expect(freezeFileMode(aside) == 0o600)
            #expect(freezeFileMode(compacting) == -1)  // a stale temporary file is deleted
        }

        // A journal that must be rewritten (an empty file) ends 0600 too.
        try Data().write(to: file)
        chmod(file.path, 0o666)
        chmod(folder.url.path, 0o777)
        _ = try HTFreezeJournal(fileURL: file, durability: .buffered)
        #expect(freezeFileMode(folder.url.path) == 0o700)
        #expect(freezeFileMode(file.path) == 0o600)
    }

    @Test("The freeze manager's folder and journal are 0700 and 0600")
    func managerModes() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let directory = folder.url.appendingPathComponent("Freeze", isDirectory: true)
        let manager = try HTFreezeManager(
            directory: directory, monitor: HTManualConnectivityMonitor(.unreachable),
            configuration: .init())
        _ = try await manager.freeze(
            FreezePathRequest(route: "idempotent", text: "m"),
            via: HTClient(baseURL: URL(string: "http://127.0.0.1:9")!))
        #expect(freezeFileMode(directory.path) == 0o700)
        #expect(freezeFileMode(directory.appendingPathComponent("freeze.journal").path) == 0o600)
    }

    @Test("Credential headers are not stored: not in the entry, not in the file, not after reopening or compacting")
    func credentialHeadersStripped() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let journal = try HTFreezeJournal(fileURL: folder.journalURL, durability: .buffered)
            let stored = try journal.put(credentialFrozenRequest(0))
            try journal.put(contentsOf: [credentialFrozenRequest(1), credentialFrozenRequest(2)])
            #expect(stored.headers == ["Content-Type": "application/json", "Idempotency-Key": "id-0", "X-N": "0"])
            #expect(journal.entry(id: "id-1")?.headers.keys.sorted() == ["Content-Type", "Idempotency-Key", "X-N"])
            for index in 0..<3 {
                for value in credentialValues(index) {
                    #expect(!freezeFolderContains(folder.url, value), "\(value) is on disk")
                }
            }
        }
        let reopened = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(reopened.entries.allSatisfy { $0.headers.keys.sorted() == ["Content-Type", "Idempotency-Key", "X-N"] })
        try reopened.compact()
        #expect(!freezeFolderContains(folder.url, "journal-token-0"))
        #expect(freezeFolderContains(folder.url, "id-2"))  // the scan does read the file
    }

    @Test("The default rules: exact names and name fragments, case-insensitive; ordinary headers kept")
    func defaultRules() {
        let rules = HTFreezeCredentialHeaders()
        for name in [
            "Authorization", "authorization", "PROXY-AUTHORIZATION", "Cookie", "X-Api-Key", "Api-Key", "X-Auth-Token",
            "X-Access-Token", "X-CSRF-Token", "X-Refresh-Token", "X-Client-Secret", "X-Password", "X-ApiKey",
            "My-Api-Key",
            "X-Api_Key", "X-Session-Id", "X-Amz-Signature", "X-Credential",
        ] {
            #expect(rules.isStripped(name), "\(name)")
        }
        for name in [
            "Content-Type", "Accept", "Idempotency-Key", "User-Agent", "X-Request-Id", "If-None-Match", "Set-Cookie2",
        ] {
            #expect(!rules.isStripped(name), "\(name)")
        }
        var custom = rules
        custom.names.insert("X-Tenant-Auth")
        custom.persistedNames = ["x-session-id"]
        #expect(custom.isStripped("x-tenant-auth"))
        #expect(!custom.isStripped("X-Session-Id"))
        #expect(custom.isStripped("X-Session-Token"))
        custom.persistsCredentialHeaders = true
        #expect(!custom.isStripped("Authorization"))
    }

    @Test("Opting in keeps credential headers: all of them, or the named ones")
    func optIn() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let everything = try HTFreezeJournal(
            fileURL: folder.journalURL, durability: .buffered, credentialHeaders: .init(persistsCredentialHeaders: true)
        )
        #expect(try everything.put(credentialFrozenRequest(0)) == credentialFrozenRequest(0).withSequence(1))
        #expect(freezeFolderContains(folder.url, "journal-token-0"))
        #expect(
            try folder.journalCopy(credentialHeaders: .init(persistsCredentialHeaders: true)).entries
                == [credentialFrozenRequest(0).withSequence(1)])

        let other = FreezeTemporaryFolder()
        defer { other.cleanUp() }
        let named = try HTFreezeJournal(
            fileURL: other.journalURL, durability: .buffered, credentialHeaders: .init(persistedNames: ["X-API-KEY"]))
        let stored = try named.put(credentialFrozenRequest(1))
        #expect(stored.headers.keys.sorted() == ["Content-Type", "Idempotency-Key", "X-N", "x-api-key"])
        #expect(freezeFolderContains(other.url, "api-key-1"))
        #expect(!freezeFolderContains(other.url, "journal-token-1"))
    }

    @Test("A journal an older version wrote with credentials is rewritten without them when it opens")
    func olderJournalScrubbed() throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        do {
            let old = try HTFreezeJournal(
                fileURL: folder.journalURL, credentialHeaders: .init(persistsCredentialHeaders: true))
            try old.put(contentsOf: [credentialFrozenRequest(0), credentialFrozenRequest(1)])
            try old.remove(id: "id-1")  // a superseded record holds credentials too
        }
        #expect(freezeFolderContains(folder.url, "journal-token-1"))
        let journal = try HTFreezeJournal(fileURL: folder.journalURL)
        #expect(journal.entries.map(\.id) == ["id-0"])
        #expect(journal.entry(id: "id-0")?.headers["Authorization"] == nil)
        #expect(journal.loadReport.isClean)
        for value in credentialValues(0) + credentialValues(1) {
            #expect(!freezeFolderContains(folder.url, value), "\(value) is on disk")
        }
    }

    @Test("The manager: the opt-in keeps the request's own Authorization; its idempotency header is always kept")
    func managerOptIn() async throws {
        let client = HTClient(baseURL: URL(string: "http://127.0.0.1:9")!)
        for persists in [false, true] {
            let folder = FreezeTemporaryFolder()
            defer { folder.cleanUp() }
            let manager = try HTFreezeManager(
                directory: folder.url, monitor: HTManualConnectivityMonitor(.unreachable),
                configuration: .init(
                    idempotencyHeader: "X-Idempotency-Token",
                    credentialHeaders: .init(persistsCredentialHeaders: persists)))
            let id = try await manager.freeze(FreezeCredentialRequest(text: "t"), via: client)
            let stored = try #require(try await manager.frozenRequest(id: id))
            #expect(stored.headers["X-Idempotency-Token"] == id)
            #expect(stored.headers["Authorization"] == (persists ? "Bearer request-own-token" : nil))
            #expect(freezeFolderContains(folder.url, "request-own-token") == persists)
            #expect(freezeFolderContains(folder.url, id))
        }
    }

    @Test("End to end: the journal never holds the tokens; the resend carries the client's fresh ones")
    func resendAddsFreshCredentials() async throws {
        let folder = FreezeTemporaryFolder()
        defer { folder.cleanUp() }
        let server = FreezeServerProcess()  // not started yet: the first send fails to connect
        let tokens = FreezeTokenBox("token-at-freeze")
        var configuration = HTClientConfiguration(baseURL: server.baseURL)
        configuration.defaultHeaders = ["X-Api-Key": "client-api-key"]
        configuration.interceptors = [HTBearerTokenInterceptor(provider: tokens)]
        let client = HTClient(configuration: configuration)
        let monitor = HTManualConnectivityMonitor(.reachable(isExpensive: false))

        // Frozen after a live attempt (the interceptor added the token), then while offline.
        var ids: [String] = []
        do {
            let manager = try HTFreezeManager(
                directory: folder.url, monitor: monitor, configuration: .init())
            for (index, request) in [
                FreezeCredentialRequest(text: "after-attempt"), FreezeCredentialRequest(text: "offline"),
            ].enumerated() {
                if index == 1 { monitor.set(.unreachable) }
                do {
                    _ = try await manager.send(request, via: client)
                    Issue.record("expected a frozen error")
                } catch {
                    ids.append(try #require(error.frozenID, "\(error)"))
                }
            }
        }
        #expect(ids.count == 2)
        let secrets = ["token-at-freeze", "request-own-token", "request-api-key", "client-api-key", "Bearer"]
        for secret in secrets {
            #expect(!freezeFolderContains(folder.url, secret), "\(secret) is on disk")
        }
        #expect(freezeFolderContains(folder.url, "kept-trace"))

        // After a restart, with a new token: the resend carries it and the client's API key.
        try await server.start()
        defer { server.stop() }
        await tokens.set("token-at-resend")
        monitor.set(.reachable(isExpensive: false))
        let reopened = try HTFreezeManager(
            directory: folder.url, monitor: monitor, configuration: .init())
        #expect(
            try await reopened.allFrozenRequests().allSatisfy {
                $0.headers["Authorization"] == nil && $0.headers["X-Api-Key"] == nil
            })
        let events = reopened.events()
        await reopened.setup(delegate: FreezeOneClient(client), startMonitoring: false)
        #expect(await reopened.resendNow().succeeded == 2)
        let seen = await collectFreezeEvents(events) { $0.filter(\.isSuccess).count == 2 }
        var echoed: [[String: Any]] = []
        for case .resendSucceeded(_, let response) in seen {
            echoed.append(try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any]))
        }
        #expect(echoed.count == 2)
        for echo in echoed {
            let headers = echo["headers"] as? [String: String] ?? [:]
            #expect(headers["authorization"] == "Bearer token-at-resend")
            #expect(headers["x-api-key"] == "client-api-key")
            #expect(headers["x-trace"] == "kept-trace")
            #expect(ids.contains(headers["idempotency-key"] ?? ""))
        }
        #expect(
            echoed.compactMap { $0["body"] as? String }.map { $0.contains("after-attempt") || $0.contains("offline") }
                == [true, true])
        for secret in secrets + ["token-at-resend"] {
            #expect(!freezeFolderContains(folder.url, secret), "\(secret) is on disk")
        }
    }
}
