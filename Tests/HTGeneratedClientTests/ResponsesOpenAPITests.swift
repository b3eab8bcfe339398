import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// Issue #38, part 1: an operation whose success statuses have different bodies is read by its status,
/// each case typed, and the headers success responses document are typed properties
/// (`Specs/responses.openapi.yaml`, over the loopback server's `/status/{code}` route).
@Suite struct ResponsesOpenAPITests {
    @Test func eachSuccessStatusIsReadAsItsResponseDocuments() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        // The Accept header lists every media type the success responses document.
        let accept = try client.urlRequest(for: HTGetJobByStatusRequest(code: 200)).value(forHTTPHeaderField: "Accept")
        #expect(accept == "application/json, image/png, text/plain")

        guard
            case .ok(let job) = try await client.send(
                HTGetJobByStatusRequest(code: 200, body: #"{"id":7,"state":"done"}"#))
        else {
            Issue.record("200 is not .ok")
            return
        }
        #expect(job.id == 7)
        #expect(job.state == "done")

        let picture = "\u{89}PNG{not json"
        let created = try await client.send(
            HTGetJobByStatusRequest(code: 201, body: picture, contentType: "image/png"))
        guard case .created(let bytes) = created else {
            Issue.record("201 is not .created: \(created)")
            return
        }
        #expect(bytes == Data(picture.utf8))

        // A status without a body ignores whatever comes (here the route's JSON).
        guard case .accepted = try await client.send(HTGetJobByStatusRequest(code: 202)) else {
            Issue.record("202 is not .accepted")
            return
        }

        let log = try await client.send(
            HTGetJobByStatusRequest(code: 206, body: "line 1\nligne 2 é", contentType: "text/plain; charset=utf-8"))
        guard case .partialContent(let text) = log else {
            Issue.record("206 is not .partialContent: \(log)")
            return
        }
        #expect(text == "line 1\nligne 2 é")

        // An undocumented code of the 2XX class: the class's case, with its status.
        let other = try await client.send(HTGetJobByStatusRequest(code: 203, body: #"{"ticket":"t-1"}"#))
        guard case .success(let status, let ticket) = other else {
            Issue.record("203 is not .success: \(other)")
            return
        }
        #expect(status == 203)
        #expect(ticket.ticket == "t-1")
    }

    @Test func aStatusBodyOfTheWrongShapeIsAMappingErrorAndAnErrorStatusStaysTyped() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        do {
            _ = try await client.send(HTGetJobByStatusRequest(code: 200, body: #"{"state":"no id"}"#))
            Issue.record("a job without its required id was mapped")
        } catch {
            guard case .mapping = error.kind else {
                Issue.record("not a mapping error: \(error)")
                return
            }
        }
        do {
            _ = try await client.send(HTGetJobByStatusRequest(code: 404, body: #"{"title":"gone"}"#))
            Issue.record("404 succeeded")
        } catch {
            guard case .status404(let problem)? = error.documentedError as? HTGetJobByStatusRequest.ErrorResponse else {
                Issue.record("not the documented 404: \(error)")
                return
            }
            #expect(problem.title == "gone")
        }
    }

    @Test func documentedResponseHeadersAreTyped() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let client = HTClient(baseURL: server.baseURL)
        let response = try await client.response(
            for: HTGetJobByStatusRequest(
                code: 202,
                header: [
                    "Retry-After: 120", "X-Tags: red, green", "Last-Modified: Sun, 06 Nov 1994 08:49:37 GMT",
                    "Location: https://example.com/reports/7", "X-RateLimit-Remaining: many",
                ]))
        let headers = HTGetJobByStatusRequest.ResponseHeaders(response)
        #expect(headers.retryAfter == 120)
        #expect(headers.xTags == ["red", "green"])
        #expect(headers.lastModified == Date(timeIntervalSince1970: 784_111_777))
        #expect(headers.location == URL(string: "https://example.com/reports/7"))
        // A value that does not convert, and a header that is not there, are nil.
        #expect(headers.xRateLimitRemaining == nil)
        #expect(headers.eTag == nil)

        // With one success body the response stays the model; its headers are typed all the same.
        let id = UUID()
        let job = try await client.response(
            for: HTGetJobWithHeadersRequest(
                body: #"{"id":1}"#, header: ["X-RateLimit-Remaining: 42", "X-Request-Id: \(id.uuidString)"]))
        #expect(job.value.id == 1)
        let jobHeaders = HTGetJobWithHeadersRequest.ResponseHeaders(job)
        #expect(jobHeaders.xRateLimitRemaining == 42)
        #expect(jobHeaders.xRequestId == id)
    }
}
