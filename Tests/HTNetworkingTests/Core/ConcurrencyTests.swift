import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Many requests at once", .timeLimit(.minutes(3)))
struct ConcurrencyTests {
    @Test("1,000 concurrent requests over the network all complete, each with its own answer, and nothing is kept")
    func thousandRequests() async throws {
        let server = try await sharedServer()
        weak var released: HTClient?
        do {
            let client = loopbackClient(server) { $0.interceptors = [HTBlockInterceptor()] }
            released = client
            let paths = try await withThrowingTaskGroup(of: String?.self) { group in
                for id in 0..<1000 {
                    group.addTask { try await client.send(EchoIDRequest(id: id)).path }
                }
                var paths: [String] = []
                for try await path in group { if let path { paths.append(path) } }
                return paths
            }
            #expect(paths.count == 1000)
            #expect(Set(paths) == Set((0..<1000).map { "/echo/\($0)" }))
            #expect(client.inFlightCount == 0)
        }
        // The client, its transport and every request's bookkeeping are gone with the last reference.
        #expect(released == nil)
    }

    @Test("1,000 concurrent mocked requests through interceptors: results match requests, the count returns to 0")
    func thousandMocked() async throws {
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"),
                interceptors: [
                    HTBlockInterceptor(adapt: { request, _ in
                        request.setValue("1", forHTTPHeaderField: "X-Seen")
                    })
                ],
                mock: HTMockTransport(handler: { request in
                    .json([
                        "path": .string(request.url?.path ?? ""),
                        "method": .string(request.value(forHTTPHeaderField: "X-Seen") ?? ""),
                    ])
                }), mockMode: .always, logger: quietLogger),
            transport: UnreachableTransport())
        let results = try await withThrowingTaskGroup(of: (Int, String?, String?).self) { group in
            for id in 0..<1000 {
                group.addTask {
                    let echo = try await client.send(EchoIDRequest(id: id))
                    return (id, echo.path, echo.method)
                }
            }
            var results: [(Int, String?, String?)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 1000)
        #expect(results.allSatisfy { $0.1 == "/echo/\($0.0)" && $0.2 == "1" })
        #expect(client.inFlightCount == 0)
    }
}
