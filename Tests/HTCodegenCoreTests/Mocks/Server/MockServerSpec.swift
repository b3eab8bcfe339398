import Foundation
import Testing

@testable import HTCodegenCore

/// The spec the mock server's tests serve: a pet collection under the base path `/v1`, with an item
/// path (so stateful mode keeps pets), a literal path beside the item path, required and typed query
/// parameters, a header, a JSON body and an answer without a body.
enum MockServerSpec {
    static let yaml = """
        openapi: 3.0.3
        info: {title: Mock server, version: "1"}
        servers: [{url: "https://api.example.com/v1"}]
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - {name: limit, in: query, required: true, schema: {type: integer}}
                - {name: kind, in: query, schema: {type: string, enum: [cat, dog]}}
                - {name: X-Trace, in: header, schema: {type: boolean}}
              responses:
                "200":
                  description: the pets
                  content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}}}
            post:
              operationId: createPet
              requestBody:
                required: true
                content: {application/json: {schema: {$ref: "#/components/schemas/NewPet"}}}
              responses:
                "201":
                  description: created
                  content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}
          /pets/mine:
            get:
              operationId: myPets
              responses:
                "200":
                  description: mine
                  content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pet"}}}}
          /pets/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer, format: int64}}]
            get:
              operationId: getPet
              responses:
                "200":
                  description: one
                  content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}
            delete:
              operationId: deletePet
              responses:
                "204": {description: gone}
        components:
          schemas:
            NewPet:
              type: object
              required: [name]
              properties: {name: {type: string}, age: {type: integer}}
            Pet:
              type: object
              required: [id, name]
              properties: {id: {type: integer, format: int64, readOnly: true}, name: {type: string}, age: {type: integer}}
        """

    /// The resolved spec.
    static func api() throws -> ResolvedAPI {
        let (document, diagnostics) = Generator.parseSpec(Array(yaml.utf8), file: "mock-server.openapi.yaml")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let (api, resolveDiagnostics) = Resolver.resolve(try #require(document))
        #expect(!resolveDiagnostics.contains { $0.severity == .error }, "\(resolveDiagnostics)")
        return try #require(api)
    }

    /// `MockAnswer`'s answer for the operation whose class name starts with `className`.
    static func answer(_ className: String, seed: UInt64 = MockAnswer.defaultSeed) throws -> MockAnswer {
        let api = try api()
        let request = try #require(api.requests.first { $0.className.hasPrefix(className) })
        return MockAnswer.make(for: request, in: api, seed: seed)
    }

    /// A request as the parser would read it.
    static func request(
        _ method: String, _ target: String, body: String = "", headers: [(String, String)] = []
    ) -> MockHTTPRequest {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: x\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        let bytes = Array((head + "\r\n" + body).utf8)
        guard case .request(let request, _) = MockHTTPRequestParser().parse(bytes) else {
            Issue.record("\(method) \(target) did not parse")
            return MockHTTPRequest(
                method: method, target: target, path: target, query: [], headers: [], body: [], keepsAlive: true)
        }
        return request
    }
}
