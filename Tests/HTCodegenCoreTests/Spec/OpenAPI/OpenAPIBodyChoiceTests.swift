import Testing

@testable import HTCodegenCore

/// Issue #38, part 2: a body of several media types is a choice of cases, and a multipart body's
/// `encoding` gives its parts content types and headers.
@Suite struct OpenAPIBodyChoiceTests {
    typealias T = OpenAPITestSupport

    static let document = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /pets:
            post:
              operationId: addPet
              requestBody:
                content:
                  application/json-patch+json: {schema: {$ref: "#/components/schemas/Pet"}}
                  application/json: {schema: {$ref: "#/components/schemas/Pet"}}
                  text/json: {schema: {$ref: "#/components/schemas/Pet"}}
                  application/xml: {schema: {$ref: "#/components/schemas/Pet"}}
                  application/*+json: {schema: {type: object, properties: {tag: {type: string}}}}
                  image/*: {schema: {type: string, format: binary}}
                  image/png: {schema: {type: string, format: binary}}
              responses:
                "204": {description: Done.}
          /photos:
            post:
              operationId: addPhoto
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        photo: {type: string, format: binary}
                        note: {type: string}
                    encoding:
                      photo:
                        contentType: "image/*, image/webp"
                        headers:
                          Content-Type: {schema: {type: string}}
                          "Bad Name": {schema: {type: string}}
                          X-Trace: {schema: {type: string}}
                      note: {contentType: "image/*"}
              responses:
                "204": {description: Done.}
        components:
          schemas:
            Pet: {type: object, properties: {name: {type: string}}}
        """

    @Test func jsonOfOneSchemaIsOneChoiceAndEachOtherMediaTypeItsOwn() throws {
        let (document, _) = try T.read(Self.document)
        let body = try #require(T.interface("addPet", in: document).body)
        #expect(body.choices.map(\.name) == ["json", "xml", "applicationJSON", "image", "png"])
        #expect(
            body.choices.map(\.mediaType) == [
                "application/json", "application/xml", "application/*+json", "image/*", "image/png",
            ])
        #expect(body.choices[3].encoding == .binary(contentType: "application/octet-stream"))
    }

    @Test func eachChoiceIsSentWithItsContentType() throws {
        let (files, _) = try Generator.generate(
            specBytes: Array(Self.document.utf8), file: "c.openapi.yaml", config: GeneratorConfig())
        let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
        for line in [
            "internal enum RequestBody: Sendable {",
            "case json(HTPet)",
            "case applicationJSON(HTAddPetRequestBodyApplicationJSON)",
            "switch value {",
            "case .json(let value):",
            "    return .json(value.htRequestJSON)",
            "case .xml(let value):",
            #"    return .data(value, contentType: "application/xml")"#,
            "case .applicationJSON(let value):",
            "case .image(let value):",
            #"    return .data(value, contentType: "application/octet-stream")"#,
            #"    return .data(value, contentType: "image/png")"#,
            "internal var photoFile: HTMultipartFileInfo?",
            "internal var photoXTrace: String?",
            #"HTParameterStyles.filePart("photo", part, self.photoFile, contentType: "image/webp", headers: ["X-Trace": self.photoXTrace])"#,
        ] {
            #expect(requests.contains(line), "\(line)")
        }
        // The JSON of a wildcard type goes as application/json, a JSON case per choice.
        #expect(requests.components(separatedBy: "return .json(value.htRequestJSON)").count == 3)
    }

    @Test func choiceNamesFollowTheMediaType() {
        func name(_ type: String, _ taken: Set<String> = []) -> String {
            OpenAPIReadContext.choiceName(type, kind: .init(type), taken: taken)
        }
        #expect(name("application/json") == "json")
        #expect(name("application/x-www-form-urlencoded") == "form")
        #expect(name("multipart/form-data") == "multipart")
        #expect(name("text/plain; charset=utf-8") == "text")
        #expect(name("application/octet-stream") == "octetStream")
        #expect(name("application/merge-patch+json") == "mergePatchJSON")
        #expect(name("application/vnd.api+json") == "apiJSON")
        #expect(name("application/x-yaml") == "yaml")
        #expect(name("*/*") == "any")
        #expect(name("text/json", ["json"]) == "textJSON")
        #expect(name("text/json", ["json", "textJSON"]) == "textJSON2")
    }

    @Test func aMultipartPartTakesTheFirstConcreteTypeAndItsDeclaredHeaders() throws {
        let (document, diagnostics) = try T.read(Self.document)
        let body = try #require(T.interface("addPhoto", in: document).body)
        guard case .multipart(let parts) = body.encoding else {
            Issue.record("not multipart: \(body.encoding)")
            return
        }
        #expect(parts.map(\.name) == ["photo"])
        #expect(parts.first?.contentType == "image/webp")
        #expect(parts.first?.headers.map(\.name) == ["X-Trace"])
        #expect(diagnostics.contains { $0.message.contains("'Bad Name' is no HTTP header name") })
    }
}
