import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The valid-result hook (the original's `validResultBlock`), per client and per request, against the
/// loopback server (whose `/status/200?body=` route answers any body).
@Suite("Result validation", .timeLimit(.minutes(3)))
struct ResultValidationTests {
    @Test("a client's envelope validator passes code 0 and maps the payload")
    func envelopeSuccess() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server) { $0.resultValidator = .envelope() }
        let user = try await client.send(
            EnvelopeUserRequest(body: #"{"code": 0, "message": "ok", "data": {"id": 7, "name": "Ada"}}"#))
        #expect(user.id == 7)
        #expect(user.name == "Ada")
    }

    @Test("a non-zero code is a validation error with the code, the message and the response")
    func envelopeFailure() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server) { $0.resultValidator = .envelope() }
        let body = #"{"code": 1001, "message": "no such user", "data": null}"#
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EnvelopeUserRequest(body: body))
        }
        guard case .validation(let failure)? = error?.kind else {
            Issue.record("expected a validation error, got \(String(describing: error))")
            return
        }
        #expect(failure.code == 1001)
        #expect(failure.message == "no such user")
        #expect(error?.statusCode == 200)
        #expect(error?.response.map { String(decoding: $0.body, as: UTF8.self) } == body)
        #expect(error?.request.requestType == "EnvelopeUserRequest")
        #expect(error?.description.contains("no such user") == true)
    }

    @Test("a request's validator replaces the client's; acceptAll opts out")
    func requestReplacesClient() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server) { $0.resultValidator = .envelope() }
        var request = Customized(
            EnvelopeUserRequest(body: #"{"code": 5, "data": {"id": 1}}"#), resultValidator: .acceptAll)
        #expect(try await client.send(request).id == 1)

        request = Customized(EnvelopeUserRequest(body: #"{"code": 0, "status": "down", "data": {"id": 1}}"#))
        request.resultValidator = HTResultValidator { body, _ in
            body["status"]?.stringValue == "up"
                ? nil : HTValidationFailure(message: "status is \(body["status"]?.stringValue ?? "?")")
        }
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        guard case .validation(let failure)? = error?.kind else {
            Issue.record("expected a validation error, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "status is down")
        #expect(failure.code == nil)
    }

    @Test("a request's validator applies on a client without one")
    func requestValidatorAlone() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server)
        var request = Customized(EnvelopeUserRequest(body: #"{"code": 3, "data": {"id": 1}}"#))
        #expect(try await client.send(request).id == 1)
        request.resultValidator = .envelope()
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        guard case .validation(let failure)? = error?.kind else {
            Issue.record("expected a validation error, got \(String(describing: error))")
            return
        }
        #expect(failure.code == 3)
    }

    @Test("the validator sees the whole body, before the key path, and only for accepted statuses")
    func validatorSeesWholeBody() async throws {
        let server = try await sharedServer()
        let seen = Recorded<HTJSON>()
        let client = loopbackClient(server) {
            $0.resultValidator = HTResultValidator { body, response in
                seen.append(body)
                #expect(response.statusCode == 200)
                return nil
            }
        }
        _ = try await client.send(EnvelopeUserRequest(body: #"{"code": 0, "data": {"id": 2}}"#))
        #expect(seen.values == [["code": 0, "data": ["id": 2]]])

        let error = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(StatusRequest(code: 404))
        }
        guard case .status(404, _)? = error?.kind else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(seen.count == 1)
    }

    @Test("envelope codes: strings holding numbers, key paths, several success codes; booleans and a missing code fail")
    func envelopeRules() {
        let response = HTTransportResponse(statusCode: 200, body: Data("x".utf8))
        let standard = HTResultValidator.envelope()
        #expect(standard.validate(["code": "0"], response: response) == nil)
        #expect(standard.validate(["code": 0.0], response: response) == nil)
        #expect(standard.validate(["code": false], response: response)?.code == false)
        #expect(standard.validate(["data": 1], response: response)?.message == "the response has no 'code'")
        #expect(standard.validate(["code": nil], response: response) != nil)
        #expect(standard.validate(["code": 2, "message": 42], response: response)?.message == "42")
        #expect(standard.validate(["code": 2], response: response)?.message == "the result code is not a success code")

        let nested = HTResultValidator.envelope(
            codeKeyPath: "status.code", successCodes: [200, 304], messageKeyPath: "status.text")
        #expect(nested.validate(["status": ["code": 304]], response: response) == nil)
        let failure = nested.validate(["status": ["code": 500, "text": "boom"]], response: response)
        #expect(failure == HTValidationFailure(code: 500, message: "boom"))
        #expect(failure?.description == "code 500: boom")
    }

    @Test("an empty body (204) passes the envelope validator unless told otherwise")
    func emptyBody() async throws {
        let server = try await sharedServer()
        let client = loopbackClient(server) { $0.resultValidator = .envelope() }
        #expect(try await client.send(StatusRequest(code: 204)) == .null)

        let strict = Customized(StatusRequest(code: 204), resultValidator: .envelope(allowsEmptyBody: false))
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(strict) }
        guard case .validation? = error?.kind else {
            Issue.record("expected a validation error, got \(String(describing: error))")
            return
        }
        #expect(error?.statusCode == 204)
    }
}
