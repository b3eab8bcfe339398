import Foundation
import HTNetworking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #40: every request of every spec of this target answers from its spec (`"mocks": true` in
/// this target's `htcodegen.json`: `<spec>+Mocks.swift`), and each answer maps into the request's
/// response type without a mapping diagnostic, under strict mapping; `HTMockTransport` answers by
/// request type, and a test overrides an answer with a status, a model or a failure.
@Suite struct MockAnswersTests {
    /// Every spec's list of requests, by spec.
    static let specs: [(name: String, requests: [any HTMockAnswering.Type])] = [
        ("bodies", HTBodiesMocks.requests), ("credentials", HTCredentialsMocks.requests),
        ("demo", HTDemoMocks.requests), ("docs", HTDocsMocks.requests), ("enums", HTEnumsMocks.requests),
        ("envelope-again", HTEnvelopeAgainMocks.requests), ("exact-types", HTExactTypesMocks.requests),
        ("forms", HTFormsMocks.requests), ("headers", HTHeadersMocks.requests),
        ("imported-input", HTImportedInputMocks.requests), ("media", HTMediaMocks.requests),
        ("naming", HTNamingMocks.requests), ("nei-markers", HTNeiMarkersMocks.requests),
        ("nei-naming", HTNeiNamingMocks.requests), ("nei-paging", HTNeiPagingMocks.requests),
        ("numbers", HTNumbersMocks.requests), ("pages", HTPagesMocks.requests), ("paging", HTPagingMocks.requests),
        ("payments", HTPaymentsMocks.requests), ("petstore", HTPetstoreMocks.requests),
        ("response-rule-1", HTResponseRule1Mocks.requests), ("response-rule-2", HTResponseRule2Mocks.requests),
        ("response-rule-3", HTResponseRule3Mocks.requests), ("response-rule-4", HTResponseRule4Mocks.requests),
        ("response-rule-5", HTResponseRule5Mocks.requests), ("responses", HTResponsesMocks.requests),
        ("round-trip", HTRoundTripMocks.requests), ("streams", HTStreamsMocks.requests),
        ("styles", HTStylesMocks.requests), ("types", HTTypesMocks.requests),
    ]

    static let requestID = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301") ?? UUID()
    static let baseURL = URL(string: "https://mock.invalid") ?? URL(fileURLWithPath: "/")

    /// A client that maps strictly and answers from `transport`, never the network.
    static func client(_ transport: HTMockTransport) -> HTClient {
        HTClient(
            configuration: HTClientConfiguration(
                baseURL: baseURL, mappingOptions: .strict, mock: transport, mockMode: .always))
    }

    /// What is wrong with `R`'s mock answer mapped by `client`: nothing when it maps without a diagnostic.
    static func problems<R: HTMockAnswering>(_: R.Type, client: HTClient) -> [String] {
        let answer = R.mockResponse
        let raw = HTTransportResponse(statusCode: answer.statusCode, headers: answer.headers, body: answer.body)
        do {
            let response = try client.map(raw, as: R.self)
            return response.diagnostics.map { "\(R.self): \($0)" }
        } catch {
            return ["\(R.self): \(error)"]
        }
    }

    @Test func everyRequestOfEverySpecMapsItsAnswerWithoutADiagnostic() {
        let client = Self.client(HTMockTransport())
        var count = 0
        for spec in Self.specs {
            // Two specs declare only types.
            #expect(spec.requests.isEmpty == ["enums", "types"].contains(spec.name), "\(spec.name)")
            for request in spec.requests {
                let problems = Self.problems(request, client: client)
                #expect(problems.isEmpty, "\(spec.name): \(problems)")
                count += 1
            }
        }
        #expect(count == 97, "\(count) requests")
    }

    @Test func theSpecsAnswerIsTheSameOnEveryBuildAndRun() {
        // A golden of the answer of one request: the seed is fixed, so the bytes are too.
        let first = HTShowPetByIdRequest.mockResponse
        let second = HTShowPetByIdRequest.mockResponse
        #expect(first.body == second.body)
        #expect(first.statusCode == 200)
        #expect(first.headers["Content-Type"] == "application/json")
    }

    @Test func theTransportAnswersARequestFromItsSpec() async throws {
        let client = Self.client(HTMockTransport(answering: HTPetstoreMocks.requests))
        let pet = try await client.send(HTShowPetByIdRequest(petId: 3))
        let expected = try HTJSON(parsing: HTShowPetByIdRequest.mockResponse.body)
        #expect(pet.htJSON["name"] == expected["name"])
        let pets = try await client.send(HTListPetsRequest(xRequestID: Self.requestID))
        #expect((1...3).contains(pets.count))
    }

    /// The error sending `request` with `client` fails with; `nil` when it succeeds.
    static func failure<R: HTBaseRequest>(sending request: sending R, with client: HTClient) async
        -> HTNetworkingError?
    {
        do {
            _ = try await client.send(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func anOverrideAnswersWithADocumentedErrorStatus() async throws {
        let transport = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(
                HTShowPetByIdRequest.self, with: .json(#"{"code": 404, "message": "no pet 3"}"#, statusCode: 404))
        let error = try #require(
            await Self.failure(sending: HTShowPetByIdRequest(petId: 3), with: Self.client(transport)))
        guard case .status(let code, _) = error.kind else {
            Issue.record("not a status error: \(error)")
            return
        }
        #expect(code == 404)
        #expect(error.documentedError != nil)
        // Other requests still answer from the spec.
        _ = try await Self.client(transport).send(HTListPetsRequest(xRequestID: Self.requestID))
    }

    @Test func anOverrideAnswersWithAModelOrAFailure() async throws {
        let spec = try await Self.client(HTMockTransport(answering: HTPetstoreMocks.requests))
            .send(HTShowPetByIdRequest(petId: 1))
        let renamed = spec.with {
            $0.name = "Renamed"
            $0.tag = .value("given")
        }
        let transport = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(HTShowPetByIdRequest.self, with: renamed)
        let pet = try await Self.client(transport).send(HTShowPetByIdRequest(petId: 1))
        #expect(pet.name == "Renamed")
        #expect(pet.tag == .value("given"))
        let offline = transport.answering(HTListPetsRequest.self, with: HTMockResponse.failure(.notConnectedToInternet))
        let error = try #require(
            await Self.failure(sending: HTListPetsRequest(xRequestID: Self.requestID), with: Self.client(offline)))
        guard case .transport(let code, _) = error.kind else {
            Issue.record("not a transport error: \(error)")
            return
        }
        #expect(code == URLError.Code.notConnectedToInternet.rawValue)
    }

    @Test func anOverrideAnswersWithATypedDocumentedErrorBody() async throws {
        // The 422 of createPet documents a StoreError: the client throws the typed error for it.
        let body = HTStoreError(code: 422, message: "a pet needs a name")
        let transport = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(HTCreatePetRequest.self, status: 422, error: body)
        let error = try #require(
            await Self.failure(
                sending: HTCreatePetRequest(requestBody: HTNewPet(name: "")), with: Self.client(transport)))
        #expect(error.statusCode == 422)
        guard case .status422(let typed)? = error.documentedError as? HTCreatePetRequest.ErrorResponse else {
            Issue.record("not the documented 422: \(String(describing: error.documentedError))")
            return
        }
        #expect(typed.code == 422)
        #expect(typed.message == "a pet needs a name")
        // The `default` error response of listPets takes any status.
        let listing = transport.answering(
            HTListPetsRequest.self, status: 503, error: HTStoreError(code: 503, message: "down"))
        let other = try #require(
            await Self.failure(
                sending: HTListPetsRequest(xRequestID: Self.requestID), with: Self.client(listing)))
        guard case .other(let status, let down)? = other.documentedError as? HTListPetsRequest.ErrorResponse else {
            Issue.record("not the documented default: \(String(describing: other.documentedError))")
            return
        }
        #expect(status == 503)
        #expect(down.message == "down")
    }

    @Test func aDelayedOverrideWaitsForItsDelay() async throws {
        // No wall-clock measure: an answer delayed by an hour can only lose to a client timeout of a
        // fraction of a second, and the same answer without the delay arrives.
        let answer = HTShowPetByIdRequest.mockResponse
        let slow = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(HTShowPetByIdRequest.self, with: answer.delayed(by: 3600))
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: Self.baseURL, timeout: 0.2, mappingOptions: .strict, mock: slow, mockMode: .always))
        let error = try #require(await Self.failure(sending: HTShowPetByIdRequest(petId: 1), with: client))
        guard case .transport(let code, _) = error.kind else {
            Issue.record("not a transport error: \(error)")
            return
        }
        #expect(code == URLError.Code.timedOut.rawValue)
        let prompt = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(HTShowPetByIdRequest.self, with: answer.delayed(by: 0))
        let promptClient = HTClient(
            configuration: HTClientConfiguration(
                baseURL: Self.baseURL, timeout: 60, mappingOptions: .strict, mock: prompt, mockMode: .always))
        _ = try await promptClient.send(HTShowPetByIdRequest(petId: 1))
    }

    @Test func aDroppedConnectionFailsAsATransportError() async throws {
        let transport = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(HTShowPetByIdRequest.self, with: HTMockResponse.failure(.networkConnectionLost))
        let error = try #require(
            await Self.failure(sending: HTShowPetByIdRequest(petId: 1), with: Self.client(transport)))
        guard case .transport(let code, _) = error.kind else {
            Issue.record("not a transport error: \(error)")
            return
        }
        #expect(code == URLError.Code.networkConnectionLost.rawValue)
        #expect(error.documentedError == nil)
    }

    @Test func aSequenceOfAnswersIsGivenInTurnThenTheLastAgain() async throws {
        let transport = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(
                HTShowPetByIdRequest.self,
                with: [.status(503), HTShowPetByIdRequest.mockResponse.delayed(by: 0.001)])
        let client = Self.client(transport)
        let first = try #require(await Self.failure(sending: HTShowPetByIdRequest(petId: 1), with: client))
        guard case .status(let code, _) = first.kind else {
            Issue.record("not a status error: \(first)")
            return
        }
        #expect(code == 503)
        let expected = try HTJSON(parsing: HTShowPetByIdRequest.mockResponse.body)
        for _ in 0..<2 {
            let pet = try await client.send(HTShowPetByIdRequest(petId: 1))
            #expect(pet.htJSON["name"] == expected["name"])
        }
    }

    @Test func anNEIEnvelopeAnswersWithItsOtherFieldsAroundThePayload() throws {
        // Rule 2: the envelope's scalar fields beside the payload at the key path.
        let answer = try HTJSON(parsing: HTRule2GetArticleRequest.mockResponse.body)
        #expect(answer["code"]?.intValue != nil)
        #expect(answer["errorMsg"]?.stringValue != nil)
        #expect(answer["data"]?.objectValue != nil)
    }

    @Test func answersMatchUnderABaseURLWithAPathAndInsideSegments() async throws {
        // The request types' paths are relative to the base URL: `/api/v1/pets/3` answers as `/pets/{petId}`.
        let transport = HTMockTransport(answering: HTPetstoreMocks.requests)
            .answering(HTShowPetByIdRequest.self, with: .json(#"{"code": 404, "message": "gone"}"#, statusCode: 404))
        let base = try #require(URL(string: "https://mock.invalid/api/v1"))
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: base, mappingOptions: .strict, mock: transport, mockMode: .always))
        let pets = try await client.send(HTListPetsRequest(xRequestID: Self.requestID))
        #expect(!pets.isEmpty)
        let error = try #require(await Self.failure(sending: HTShowPetByIdRequest(petId: 3), with: client))
        guard case .status(let code, _) = error.kind else {
            Issue.record("not a status error: \(error)")
            return
        }
        #expect(code == 404)
        // A parameter inside a segment (`/reports/{id}.csv`-like templates) matches by its literals.
        let routes = HTMockTransport(routes: ["GET /files/{name}.json": .text("ok")])
        var request = URLRequest(url: try #require(URL(string: "https://mock.invalid/files/a.b.json")))
        request.httpMethod = "GET"
        #expect(try await routes.send(request).statusCode == 200)
        request.url = URL(string: "https://mock.invalid/files/.json")
        #expect(try await routes.send(request).statusCode == 404)
    }
}
