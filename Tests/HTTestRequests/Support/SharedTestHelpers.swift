import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Helpers that HTNetworkingTests and HTNetworkingCompatTests both use (a test target cannot link
// another's files). Some record test issues, so this file imports Testing: the toolchain ships it for
// every target on Linux, as Xcode does for targets that only test targets link.

/// A logger that writes nowhere (keeps expected failures out of the test output).
package let quietLogger = HTLogger(level: .off, sinks: [])

/// A client for the loopback server that logs nowhere unless told.
package func loopbackClient(
    _ server: LoopbackServer, transport: any HTTransport = HTURLSessionTransport(), logger: HTLogger = quietLogger,
    _ configure: (inout HTClientConfiguration) -> Void = { _ in }
) -> HTClient {
    var configuration = HTClientConfiguration(baseURL: server.baseURL, logger: logger)
    configure(&configuration)
    return HTClient(configuration: configuration, transport: transport)
}

/// A transport that fails the test if anything reaches it.
package struct UnreachableTransport: HTTransport {
    package init() {}

    package func send(_ request: URLRequest) async throws -> HTTransportResponse {
        Issue.record("the network was reached for \(request.url?.absoluteString ?? "?")")
        throw URLError(.cannotConnectToHost)
    }
}

extension Result {
    /// The error of a failure, or `nil`.
    package var htFailure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Helpers of the scheduling tests (chains, branches, batches, retries) against the shared loopback
/// server.
package enum SchedulingTestSupport {
    /// The loopback server these tests share (see ``sharedServer()``). Tests keep their `/flaky` keys
    /// apart with ``uniqueID()``.
    package static func server() async throws -> LoopbackServer {
        try await sharedServer()
    }

    /// A prefix that makes a test's `/flaky` keys its own on the shared server.
    package static func uniqueID() -> String {
        String(UUID().uuidString.prefix(8)) + "-"
    }

    /// A client of `server`.
    package static func client(_ server: LoopbackServer) -> HTClient {
        HTClient(baseURL: server.baseURL)
    }

    /// How many `/flaky` requests `server` saw for `key`.
    package static func count(_ key: String, on server: LoopbackServer) async throws -> Int {
        let json = try await client(server).send(CounterRequest(key: key))
        return try #require(json["count"]?.intValue)
    }

    /// A retry policy for tests: exact waits (no jitter), recorded by `sleeper` instead of waited.
    package static func policy(
        maxRetries: Int, sleeper: any HTSleeper, initialDelay: Duration = .milliseconds(100)
    ) -> HTRetryPolicy {
        HTRetryPolicy(maxRetries: maxRetries, initialDelay: initialDelay, jitter: 0, sleeper: sleeper)
    }

    /// Runs `body` and returns the `HTNetworkingError` it threw, recording an issue when it threw none.
    package static func error<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws(HTNetworkingError) -> T
    ) async -> HTNetworkingError? {
        do {
            _ = try await body()
            Issue.record("expected an HTNetworkingError", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The status code of a `status` error, or `nil` for other kinds.
    package static func status(_ error: HTNetworkingError?) -> Int? {
        guard case .status(let code, _)? = error?.kind else { return nil }
        return code
    }

    /// Whether `error` is `cancelled`.
    package static func isCancelled(_ error: HTNetworkingError?) -> Bool {
        guard case .cancelled? = error?.kind else { return false }
        return true
    }

    /// The URLError code of a `transport` error, or `nil` for other kinds.
    package static func transportCode(_ error: HTNetworkingError?) -> Int?? {
        guard case .transport(let code, _)? = error?.kind else { return nil }
        return .some(code)
    }
}
