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
