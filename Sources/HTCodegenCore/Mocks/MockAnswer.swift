import Foundation

/// The answer a mock gives a request, made from its spec (``MockAnswer/make(for:in:seed:)``): the
/// request's first documented success status, the media type it reads, and the body.
package struct MockAnswer: Sendable, Hashable {
    /// The status code.
    package var statusCode: Int
    /// The `Content-Type`; `nil` for an empty body.
    package var contentType: String?
    /// The body's text (JSON unless the request reads another media type).
    package var body: String
    /// The JSON body, before it was written as text; `nil` for a body that is not JSON.
    package var json: MockJSON?
    /// The type the payload maps to and the key path it is at, for checking.
    package var payload: (type: ResolvedType, keyPath: String?)?

    package static func == (lhs: MockAnswer, rhs: MockAnswer) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.contentType == rhs.contentType && lhs.body == rhs.body
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(statusCode)
        hasher.combine(contentType)
        hasher.combine(body)
    }

    /// The default seed of generated answers.
    package static let defaultSeed: UInt64 = 0x4854_4d6f_636b_7321  // "HTMocks!"

    /// The answer for `request` of `api`. Its generated values are drawn from a ``MockRandom`` seeded
    /// by `seed` and the request's class name and path, so each request's answer depends on nothing
    /// else: the same spec and seed give the same bytes on every run and platform.
    package static func make(for request: ResolvedRequest, in api: ResolvedAPI, seed: UInt64 = defaultSeed)
        -> MockAnswer
    {
        let random = MockRandom(seed: seed, name: request.method + " " + request.path + " " + request.className)
        var synthesizer = MockSynthesizer(api, random: random)
        var response = request.response
        var statusCode = request.successStatus ?? 200
        var accept = request.accept
        if let first = request.statusResponses.first {
            response = first.response
            accept = first.accept
            if case .code(let code) = first.status { statusCode = code }
        }
        if response.isEmpty {
            let code = request.successStatus == nil && request.statusResponses.isEmpty ? 204 : statusCode
            return MockAnswer(statusCode: code, contentType: nil, body: "")
        }
        return make(response, accept: accept, statusCode: statusCode, for: request, synthesizer: &synthesizer)
    }

    /// The answer for `request` of `api` with the documented status `statusCode`: a success status's
    /// response (the one it documents, or the success response for a status in the range the request
    /// accepts), or an error response's body of its type, the first of its code, its range (`4XX`) and
    /// `default` that covers it. Values are drawn as in ``make(for:in:seed:)``, from a generator seeded
    /// with the status too. `nil` when the request documents no response for the status.
    package static func make(
        for request: ResolvedRequest, in api: ResolvedAPI, status statusCode: Int,
        seed: UInt64 = defaultSeed
    ) -> MockAnswer? {
        let name = request.method + " " + request.path + " " + request.className + " " + String(statusCode)
        var synthesizer = MockSynthesizer(api, random: MockRandom(seed: seed, name: name))
        if (200...299).contains(statusCode) {
            if request.statusResponses.isEmpty {
                guard statusCode == (request.successStatus ?? statusCode) else { return nil }
                var answer = make(for: request, in: api, seed: seed)
                // A request without a documented status (`2XX`, native and NEI) answers any success status.
                if answer.statusCode != 204 || request.successStatus != nil { answer.statusCode = statusCode }
                return answer
            }
            guard
                let documented = request.statusResponses.first(where: { $0.status == .code(statusCode) })
                    ?? request.statusResponses.first(where: { $0.status == .range(2) })
            else { return nil }
            if documented.response.isEmpty { return MockAnswer(statusCode: statusCode, contentType: nil, body: "") }
            return make(
                documented.response, accept: documented.accept, statusCode: statusCode, for: request,
                synthesizer: &synthesizer)
        }
        guard let error = errorResponse(of: request, for: statusCode) else { return nil }
        let response = ResolvedResponse(type: error.type, keyPath: nil, rule: 0)
        return make(response, accept: nil, statusCode: statusCode, for: request, synthesizer: &synthesizer)
    }

    /// The documented error response of `request` that covers `statusCode`: its code, else its range
    /// (`4XX`), else `default`.
    package static func errorResponse(of request: ResolvedRequest, for statusCode: Int) -> ResolvedErrorResponse? {
        request.errorResponses.first { $0.status == .code(statusCode) }
            ?? request.errorResponses.first { $0.status == .range(statusCode / 100) }
            ?? request.errorResponses.first { $0.status == .default }
    }

    /// The statuses `request` documents a response for, as written in the spec (`200`, `4XX`,
    /// `default`), for messages.
    package static func documentedStatuses(of request: ResolvedRequest) -> [String] {
        var statuses: [ErrorResponseDecl.Status] =
            request.statusResponses.isEmpty
            ? [request.successStatus.map { .code($0) } ?? .range(2)] : request.statusResponses.map(\.status)
        statuses += request.errorResponses.map(\.status)
        return statuses.map { status in
            switch status {
            case .code(let code): String(code)
            case .range(let digit): "\(digit)XX"
            case .default: "default"
            }
        }
    }

    /// An answer with `json` as its body and `statusCode`, checked as the response the request
    /// documents for the status (``problems(_:)``); a status it does not document is not checked.
    package static func fixed(_ json: MockJSON, statusCode: Int, for request: ResolvedRequest, in api: ResolvedAPI)
        -> MockAnswer
    {
        var answer = MockAnswer(statusCode: statusCode, contentType: "application/json", body: json.text, json: json)
        if (200...299).contains(statusCode) {
            let response =
                request.statusResponses.first { $0.status == .code(statusCode) }?.response
                ?? request.statusResponses.first { $0.status == .range(2) }?.response ?? request.response
            answer.payload = response.type.map { ($0, response.keyPath) }
        } else if let error = errorResponse(of: request, for: statusCode) {
            answer.payload = (error.type, nil)
        }
        return answer
    }

    /// The answer of `response` (not empty) with `statusCode` and the media type `accept`.
    private static func make(
        _ response: ResolvedResponse, accept: String?, statusCode: Int, for request: ResolvedRequest,
        synthesizer: inout MockSynthesizer
    ) -> MockAnswer {
        if let accept, !isJSON(accept) {
            let text = accept.hasPrefix("text/") ? "mock \(request.className)" : "mock bytes"
            return MockAnswer(statusCode: statusCode, contentType: mediaType(accept), body: text)
        }
        // The other outputs of an NEI or native response (rules 2, 4 and 5) are written too, so the answer
        // looks like the whole response, not only the payload the client maps.
        var whole: [MockJSONMember]?
        if !response.outputs.isEmpty {
            whole = response.outputs.map { output in
                let value = synthesizer.value(
                    of: output.type, notes: output.notes, defaultValue: output.defaultValue, hint: output.name)
                return MockJSONMember(key: output.name, value: value)
            }
        }
        guard let type = response.type else {
            let json = MockJSON.object(whole ?? [])
            return MockAnswer(statusCode: statusCode, contentType: "application/json", body: json.text, json: json)
        }
        var json = synthesizer.value(of: type, hint: "value")
        if let keyPath = response.keyPath {
            let components = keyPath.split(separator: ".").map(String.init)
            if components.count == 1, var members = whole {
                if let index = members.firstIndex(where: { $0.key == components[0] }) {
                    members[index].value = json
                } else {
                    members.append(MockJSONMember(key: components[0], value: json))
                }
                json = .object(members)
            } else {
                for component in components.reversed() {
                    json = .object([MockJSONMember(key: component, value: json)])
                }
            }
        }
        return MockAnswer(
            statusCode: statusCode, contentType: "application/json", body: json.text, json: json,
            payload: (type, response.keyPath))
    }

    /// What is wrong with the answer as the response of its request (checked by `checker`): empty when
    /// it maps without a diagnostic.
    package func problems(_ checker: MockChecker) -> [String] {
        guard let json, let payload else { return [] }
        var value = json
        for component in (payload.keyPath ?? "").split(separator: ".") {
            guard let inner = value[String(component)] else { return ["no value at the key path"] }
            value = inner
        }
        return checker.problems(value, as: payload.type)
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        let plain = Self.mediaType(mediaType).lowercased()
        return plain == "application/json" || plain.hasSuffix("+json") || plain == "*/*"
    }

    /// A media type to answer with: a range (`image/*`, `*/*`) becomes a concrete type.
    private static func mediaType(_ accept: String) -> String {
        let first = accept.split(separator: ",").first.map { String($0) } ?? accept
        let plain = first.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? first
        if plain == "*/*" { return "application/json" }
        if plain.hasSuffix("/*") { return "application/octet-stream" }
        return plain
    }
}
