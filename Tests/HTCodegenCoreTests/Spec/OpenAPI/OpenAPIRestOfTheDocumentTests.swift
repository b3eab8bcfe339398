import Foundation
import Testing

@testable import HTCodegenCore

/// Issue #38, part 7: `trace` operations, object query parameters in `form` style, `label` and `matrix`
/// path styles, parameters described by `content`, and the payload models of webhooks and callbacks.
/// The generated-client side is `StylesOpenAPITests` (over the loopback server).
@Suite struct OpenAPIRestOfTheDocumentTests {
    typealias T = OpenAPITestSupport

    static let document = """
        openapi: 3.1.0
        info: {title: Rest, version: "1"}
        paths:
          /things/{id}/{ids}/{point}:
            trace:
              operationId: traceThing
              parameters:
                - {name: id, in: path, required: true, style: matrix, schema: {type: integer}}
                - {name: ids, in: path, required: true, style: label, explode: true, schema: {type: array, items: {type: integer}}}
                - {name: point, in: path, required: true, explode: true, schema: {$ref: '#/components/schemas/Point'}}
                - {name: where, in: query, schema: {$ref: '#/components/schemas/Point'}}
                - {name: range, in: query, explode: false, schema: {$ref: '#/components/schemas/Point'}}
                - {name: filter, in: query, content: {application/json: {schema: {$ref: '#/components/schemas/Point'}}}}
                - {name: X-Tags, in: header, content: {application/json: {schema: {type: array, items: {type: string}}}}}
                - {name: note, in: query, content: {text/plain: {schema: {type: string}}}}
              responses: {'200': {description: Ok}}
              callbacks:
                onDone:
                  '{$request.query.callback}':
                    post:
                      requestBody:
                        content: {application/json: {schema: {type: object, properties: {done: {type: boolean}}}}}
                      responses:
                        '200': {description: Ok, content: {application/json: {schema: {$ref: '#/components/schemas/Receipt'}}}}
        components:
          schemas:
            Point: {type: object, properties: {x: {type: integer}, y: {type: integer}}}
            Receipt: {type: object, properties: {ok: {type: boolean}}}
        """

    static func requests(_ yaml: String) throws -> (String, [Diagnostic]) {
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(yaml.utf8), file: "rest.openapi.yaml", config: GeneratorConfig())
        return (try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text, diagnostics)
    }

    @Test func aTraceOperationIsGenerated() throws {
        let (document, diagnostics) = try T.read(Self.document)
        #expect(T.warnings(diagnostics).isEmpty, "\(diagnostics)")
        #expect(try T.interface("traceThing", in: document).method == "TRACE")
        let (requests, generated) = try Self.requests(Self.document)
        #expect(generated.isEmpty, "\(generated)")
        #expect(requests.contains("static var method: HTHTTPMethod { .trace }"))
    }

    @Test func pathAndQueryStylesArePlacedAndWritten() throws {
        let (document, _) = try T.read(Self.document)
        let inputs = T.inputs(try T.interface("traceThing", in: document))
        #expect(
            inputs.map(\.placement) == [
                .styledPath(.matrix(explode: false)), .styledPath(.label(explode: true)),
                .styledPath(.simpleExploded), .query(.formExploded), .query(.formCommaSeparated),
                .query(.formExploded), .header, .query(.formExploded),
            ])
        let (requests, _) = try Self.requests(Self.document)
        // The runtime fills the styled path parameters from the operator in their template name.
        #expect(requests.contains(#"static var path: String { "/things/{;id}/{.ids*}/{point*}" }"#))
        #expect(requests.contains(#"parameters.append("id", self.id.htJSON)"#))
        #expect(requests.contains(#"parameters.append("point", self.point.htJSON)"#))
        // Object query parameters: members of their own, or `range=x,1,y,2`.
        #expect(requests.contains(#"HTParameterStyles.appendMembers("where", value.htJSON, to: &parameters)"#))
        #expect(requests.contains(#"parameters.append("range", HTParameterStyles.joined(value.htJSON, ","))"#))
    }

    @Test func aParameterDescribedByContentIsTypedFromItsSchemaAndSentAsJSONText() throws {
        let (document, diagnostics) = try T.read(Self.document)
        let inputs = T.inputs(try T.interface("traceThing", in: document))
        #expect(inputs[5].type.description == "Point")
        #expect(inputs[6].type.description == "[String]")
        #expect(inputs[7].type.description == "String")
        #expect(inputs.map(\.sendsJSONText) == [false, false, false, false, false, true, true, false])
        #expect(!diagnostics.contains { $0.message.contains("content") })
        let (requests, _) = try Self.requests(Self.document)
        #expect(requests.contains(#"parameters.append("filter", HTParameterStyles.jsonText(value.htJSON))"#))
        #expect(
            requests.contains(
                #"headers.updateValue(HTParameterStyles.headerText(HTParameterStyles.jsonText(value.htJSON)), forKey: "X-Tags")"#
            ))
        #expect(requests.contains(#"parameters.append("note", value.htJSON)"#))
    }

    @Test func callbackPayloadsAreModels() throws {
        let (document, _) = try T.read(Self.document)
        let body = try T.fields("OnDoneRequestBody", in: document)
        #expect(body.map(\.name) == ["done"])
        #expect(document.types.contains { $0.name == "Receipt" })
        let (files, _) = try Generator.generate(
            specBytes: Array(Self.document.utf8), file: "rest.openapi.yaml", config: GeneratorConfig())
        let models = try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
        #expect(models.contains("final class HTOnDoneRequestBody:"))
        // No request for the callback: the app receives it.
        let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
        #expect(!requests.contains("OnDone"))
    }

    @Test func aWebhooksOnlyDocumentGeneratesTheirPayloadModels() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Hooks, version: "1"}
            webhooks:
              newPet:
                post:
                  requestBody:
                    content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                  responses: {'200': {description: Ok}}
              petGone:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, required: [id], properties: {id: {type: integer}, why: {type: string}}}
                  responses:
                    default: {description: Error, content: {application/json: {schema: {type: object, properties: {message: {type: string}}}}}}
            components:
              schemas:
                Pet: {type: object, properties: {name: {type: string}}}
            """
        let (document, diagnostics) = try T.read(yaml)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(document.interfaces.isEmpty)
        #expect(document.types.map(\.name).sorted() == ["Pet", "PetGoneRequestBody", "PetGoneResponseDefault"])
        #expect(try T.fields("PetGoneRequestBody", in: document).map(\.isRequired) == [true, false])
        let (files, generated) = try Generator.generate(
            specBytes: Array(yaml.utf8), file: "hooks.openapi.yaml", config: GeneratorConfig())
        #expect(generated.isEmpty, "\(generated)")
        let models = try #require(files.contents.first { $0.name.hasSuffix("+Models.swift") }).text
        #expect(models.contains("final class HTPetGoneRequestBody:"))
        #expect(models.contains("final class HTPet:"))
    }
}
