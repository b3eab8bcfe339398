import Foundation
import HTTestSupport

@testable import HTNetworking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A delegate that resends everything through one client.
final class FreezeOneClient: HTFreezeManagerDelegate {
    let client: HTClient
    init(_ client: HTClient) { self.client = client }
    func client(for request: HTFrozenRequest) async -> HTClient? { client }
}

/// A request to any path of the test server, with a text body.
struct FreezePathRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { ":route" }
    var route: String
    var text: String
    var policy: HTFreezePolicyID = .sendFreezeAutomatically
    var expiry: TimeInterval? = 3_600
    var sensitive: String? = nil

    var parameters: HTJSONObject { ["route": .string(route), "text": .string(text)] }
    var freezePolicyID: HTFreezePolicyID { policy }
    var freezeExpiryInterval: TimeInterval? { expiry }
    var freezeSensitiveData: String? { sensitive }
}

/// A POST sent through the transport registered as "frames".
struct FreezeFramedRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/frames" }
    var text: String
    var parameters: HTJSONObject { ["text": .string(text)] }
    var requestType: HTRequestType? { "frames" }
}

/// What a ``FreezeRecordingTransport`` was asked to send.
struct FreezeSentRequest: Sendable {
    var transport: String
    var idempotencyKey: String?
    var authorization: String?
}

/// Every request the recording transports were asked to send, in order.
final class FreezeSentRequests: Sendable {
    private let log = HTLocked<[FreezeSentRequest]>([])
    func append(_ request: FreezeSentRequest) { log.withLock { $0.append(request) } }
    var all: [FreezeSentRequest] { log.withLock { $0 } }
}

/// A transport that records each request and answers 201.
struct FreezeRecordingTransport: HTTransport {
    let name: String
    let sent: FreezeSentRequests
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        sent.append(
            FreezeSentRequest(
                transport: name, idempotencyKey: request.value(forHTTPHeaderField: "Idempotency-Key"),
                authorization: request.value(forHTTPHeaderField: "Authorization")))
        return HTTransportResponse(
            statusCode: 201, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }
}

/// A transport whose requests reach the server but whose answers are lost: it records each request and
/// fails as a dropped connection does.
struct FreezeLostAnswerTransport: HTTransport {
    let sent: FreezeSentRequests
    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        sent.append(
            FreezeSentRequest(
                transport: "lost", idempotencyKey: request.value(forHTTPHeaderField: "Idempotency-Key"),
                authorization: request.value(forHTTPHeaderField: "Authorization")))
        throw URLError(.networkConnectionLost)
    }
}

/// A POST to `/status/<code>`.
struct FreezeStatusRequest: HTFreezableRequest {
    typealias Response = HTJSON
    static var method: HTHTTPMethod { .post }
    static var path: String { "/status/:code" }
    var code: Int
    var parameters: HTJSONObject { ["code": .integer(Int64(code))] }
}

/// Collects events from `stream` until `done` says so or `timeout` passes.
func collectFreezeEvents(
    _ stream: AsyncStream<HTFreezeEvent>, timeout: Duration = .seconds(30),
    until done: @escaping @Sendable ([HTFreezeEvent]) -> Bool
) async -> [HTFreezeEvent] {
    await withTaskGroup(of: [HTFreezeEvent]?.self) { group in
        group.addTask {
            var seen: [HTFreezeEvent] = []
            for await event in stream {
                seen.append(event)
                if done(seen) { break }
            }
            return seen
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        var result: [HTFreezeEvent] = []
        for await value in group {
            if let value {
                result = value
                group.cancelAll()
                break
            }
            group.cancelAll()
        }
        return result
    }
}

extension HTFreezeEvent {
    var isSuccess: Bool {
        if case .resendSucceeded = self { return true }
        return false
    }
    var isFrozen: Bool {
        if case .frozen = self { return true }
        return false
    }
}

/// The server's /idempotent ledger.
struct FreezeLedger {
    var applied: [String]
    var deliveries: [String: Int]
    var bodies: [String: String]

    init(_ server: FreezeServerProcess) async throws {
        let json = try await server.json("/idempotent-stats")
        applied = json["applied"] as? [String] ?? []
        deliveries = (json["deliveries"] as? [String: Any] ?? [:]).compactMapValues {
            ($0 as? NSNumber)?.intValue ?? ($0 as? Int)
        }
        bodies = json["bodies"] as? [String: String] ?? [:]
    }
}
