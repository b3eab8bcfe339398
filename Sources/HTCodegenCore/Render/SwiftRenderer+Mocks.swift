/// The mock answers file of a spec (`<stem>+Mocks.swift`, with `"mocks": true` in `htcodegen.json`):
/// every request conforms to `HTMockAnswering` with the answer its spec gives (``MockAnswer``), and one
/// enumeration lists the requests, so that an `HTMockTransport` answers every operation:
///
/// ```swift
/// extension HTGetPetRequest: HTMockAnswering {
///     /// The spec's answer: 200, `application/json`.
///     static var mockResponse: HTMockResponse { .json("{\"id\":1,\"name\":\"Rex\"}", statusCode: 200) }
/// }
///
/// enum HTPetstoreMocks {
///     static var requests: [any HTMockAnswering.Type] { [HTGetPetRequest.self, ...] }
/// }
/// ```
///
/// Bodies are string literals (compact JSON), never nested Swift literals, so the file costs the
/// compiler little. The list's name is the prefix, the spec file's name in upper camel case, and
/// `Mocks`. A deprecated request gets its answer but is left out of the list (naming it there would
/// warn).
extension SwiftRenderer {
    mutating func renderMocks() -> String {
        var writer = header("mock answers", imports: true)
        var listed: [String] = []
        for request in api.requests {
            let typeName = typeNames[SwiftNames.requestKey(request)] ?? request.className
            let answer = MockAnswer.make(for: request, in: api, seed: config.mockSeed)
            writer.line()
            if request.deprecation != nil { writer.line(deprecationAttribute(.declared)) }
            writer.block("extension \(typeName): HTMockAnswering") { writer in
                let media = answer.contentType.map { ", `\(SwiftNaming.commentLine($0).replacingBackticks)`" } ?? ""
                writer.line("/// The spec's answer: \(answer.statusCode)\(media).")
                writer.line("\(access)static var mockResponse: HTMockResponse { \(expression(answer)) }")
            }
            if request.deprecation == nil { listed.append(typeName) }
        }
        guard let listName = typeNames[SwiftNames.mocksKey] else { return writer.text }
        writer.line()
        writer.line("// MARK: - \(listName)")
        writer.line()
        writer.line("/// The requests of \(fileName(api.file).replacingBackticks) that answer from their spec, for")
        writer.line("/// `HTMockTransport(answering: \(listName).requests)`.")
        writer.block("\(access)enum \(listName)") { writer in
            writer.line("/// Every request but the deprecated ones, by Swift name.")
            if listed.isEmpty {
                writer.line("\(access)static var requests: [any HTMockAnswering.Type] { [] }")
            } else {
                writer.line("\(access)static var requests: [any HTMockAnswering.Type] {")
                writer.line("    [")
                for name in listed { writer.line("        \(name).self,") }
                writer.line("    ]")
                writer.line("}")
            }
        }
        return writer.text
    }

    /// The `HTMockResponse` expression of an answer.
    private func expression(_ answer: MockAnswer) -> String {
        guard let contentType = answer.contentType else { return "HTMockResponse(statusCode: \(answer.statusCode))" }
        let body = SwiftNaming.stringLiteral(answer.body)
        if answer.json != nil { return ".json(\(body), statusCode: \(answer.statusCode))" }
        return
            ".text(\(body), statusCode: \(answer.statusCode), contentType: \(SwiftNaming.stringLiteral(contentType)))"
    }
}
