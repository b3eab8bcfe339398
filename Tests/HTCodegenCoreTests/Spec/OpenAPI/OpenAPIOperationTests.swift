import Foundation
import Testing

@testable import HTCodegenCore

/// OpenAPI operations read into interfaces: names, parameters, bodies, responses, security, servers.
@Suite struct OpenAPIOperationTests {
    typealias T = OpenAPITestSupport

    static let petstore = """
        openapi: 3.0.3
        info: {title: Petstore, version: "1", description: The pet store.}
        servers:
          - url: https://{region}.example.com/v1
            variables: {region: {default: eu}}
          - url: /relative
        security: [{apiKey: []}]
        paths:
          /pets:
            parameters:
              - {name: limit, in: query, schema: {type: integer, format: int32}}
              - {name: X-Trace, in: header, schema: {type: string}}
            get:
              operationId: listPets
              summary: List pets
              description: Lists all pets.
              parameters:
                - {name: limit, in: query, required: true, schema: {type: integer, format: int64}}
                - {name: tags, in: query, style: form, explode: false, schema: {type: array, items: {type: string}}}
                - {name: ids, in: query, schema: {type: array, items: {type: integer}}}
                - {name: pipes, in: query, style: pipeDelimited, schema: {type: array, items: {type: string}}}
                - {name: spaces, in: query, style: spaceDelimited, schema: {type: array, items: {type: string}}}
                - {name: filter, in: query, style: deepObject, schema: {type: object, properties: {kind: {type: string}}}}
                - {name: session, in: cookie, schema: {type: string}}
                - {name: Accept, in: header, schema: {type: string}}
                - {name: since, in: query, content: {application/json: {schema: {type: string}}}}
                - $ref: '#/components/parameters/Page'
              responses:
                '200':
                  description: A page of pets.
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
                '404': {$ref: '#/components/responses/NotFound'}
                5XX:
                  description: Server error.
                  content: {application/problem+json: {schema: {$ref: '#/components/schemas/Error'}}}
                default:
                  description: Other.
                  content: {application/json: {schema: {type: object, properties: {message: {type: string}}}}}
                '400': {description: Bad request, no body.}
            post:
              operationId: create-pet
              deprecated: true
              security: []
              requestBody:
                required: true
                content:
                  application/xml: {schema: {$ref: '#/components/schemas/Pet'}}
                  multipart/form-data: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/json: {schema: {type: object, properties: {name: {type: string}}}}
              responses:
                '201': {description: Created, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}
                '200': {description: Ok}
          /pets/{petId}:
            get:
              parameters:
                - {name: petId, in: path, required: true, schema: {type: string, format: uuid}}
              responses:
                '204': {description: No content, content: {application/json: {schema: {type: string}}}}
            delete:
              operationId: listPets
              security: [{bearer: [], apiKey: []}, {apiKey: []}]
              parameters:
                - {name: petId, in: path, required: true, schema: {type: string}}
              responses:
                2XX: {description: Done}
            put:
              operationId: badStylePet
              parameters:
                - {name: petId, in: path, style: form, required: true, schema: {type: string}}
              responses: {'200': {description: Ok}}
          /pets/{petId}/photo:
            put:
              operationId: uploadPhoto
              parameters:
                - {name: petId, in: path, required: true, schema: {type: string}}
              requestBody:
                content: {image/png: {schema: {type: string, format: binary}}}
              responses:
                '200': {description: A PNG., content: {image/png: {}}}
              callbacks:
                done: {}
          /pets/{petId}.json:
            get:
              operationId: petJSON
              parameters:
                - {name: petId, in: path, required: true, schema: {type: string}}
              responses: {'200': {description: Ok, content: {application/json: {}}}}
          /forms:
            post:
              operationId: sendForm
              requestBody:
                content:
                  text/plain: {schema: {type: string}}
                  application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Pet'}}
              responses: {'200': {description: Ok}}
        webhooks:
          newPet: {}
        components:
          securitySchemes:
            apiKey: {type: apiKey, in: header, name: X-API-Key}
            bearer: {type: http, scheme: bearer, bearerFormat: JWT}
            basic: {type: http, scheme: basic}
            cookieKey: {type: apiKey, in: cookie, name: sid}
          parameters:
            Page: {name: page, in: query, description: The page., schema: {type: integer, default: 1}}
          responses:
            NotFound:
              description: Not found.
              content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
          schemas:
            Pet: {type: object, required: [name], properties: {name: {type: string}, photo: {type: string, format: binary}}}
            Error: {type: object, properties: {code: {type: integer}, message: {type: string}}}
        """

    @Test func documentLevelDeclarations() throws {
        let (document, diagnostics) = try T.read(Self.petstore, file: "petstore.openapi.yaml")
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(document.description == "The pet store.")
        #expect(document.servers.map(\.url) == ["https://eu.example.com/v1", "/relative"])
        #expect(document.securitySchemes.map(\.name) == ["apiKey", "bearer", "basic", "cookieKey"])
        #expect(
            document.securitySchemes.map(\.summary) == [
                "API key in the X-API-Key header", "HTTP bearer token (JWT) in the Authorization header",
                "HTTP basic authentication in the Authorization header", "API key in the cookie sid",
            ])
        #expect(
            document.securitySchemes.map(\.kind) == [
                .apiKey(name: "X-API-Key", location: "header"), .bearer, .basic,
                .apiKey(name: "sid", location: "cookie"),
            ])
        // Webhooks are the server's requests: their payloads would be models (none here), and nothing warns.
        #expect(!diagnostics.contains { $0.message.contains("webhooks") })
    }

    @Test func namesFromOperationIDsElseMethodAndPath() throws {
        let (document, diagnostics) = try T.read(Self.petstore)
        // badStylePet is skipped; listPets is taken twice: the reader keeps both names, and the naming
        // stage gives the second request `_2` (below).
        #expect(
            document.interfaces.map(\.name) == [
                "listPets", "createPet", "getPetsPetId", "listPets", "uploadPhoto", "petJSON", "sendForm",
            ])
        #expect(!diagnostics.contains { $0.message.contains("listPets") })
        let (files, generated) = try Generator.generate(
            specBytes: Array(Self.petstore.utf8), file: "api.openapi.yaml", config: GeneratorConfig())
        let requests = try #require(files.contents.first { $0.name.hasSuffix("+Requests.swift") }).text
        #expect(requests.contains("struct HTListPetsRequest: HTBaseRequest"))
        #expect(requests.contains("struct HTListPetsRequest_2: HTBaseRequest"))
        let renamed = try #require(generated.first { $0.message.contains("'HTListPetsRequest_2'") })
        #expect(renamed.location.line == 62)
        let list = try T.interface("listPets", in: document)
        #expect(list.method == "GET")
        #expect(list.path == "/pets")
        #expect(list.title == "List pets")
        #expect(list.description == "Lists all pets.")
        #expect(list.location.line == 14)
        #expect(list.security == [["apiKey"]])
        let create = try T.interface("createPet", in: document)
        #expect(create.isDeprecated)
        #expect(create.security == [])
        #expect(
            document.interfaces.filter { $0.name == "listPets" }.last?.security == [["bearer", "apiKey"], ["apiKey"]])
    }

    @Test func parametersArePlacedAsTheirInAndStyleSay() throws {
        let (document, diagnostics) = try T.read(Self.petstore)
        let inputs = T.inputs(try T.interface("listPets", in: document))
        #expect(
            inputs.map(\.name) == [
                "limit", "X-Trace", "tags", "ids", "pipes", "spaces", "filter", "session", "since", "page",
            ])
        #expect(
            inputs.map(\.placement) == [
                .query(.formExploded), .header, .query(.formCommaSeparated), .query(.formExploded),
                .query(.pipeDelimited), .query(.spaceDelimited), .query(.deepObject), .cookie, .query(.formExploded),
                .query(.formExploded),
            ])
        // The operation's `limit` replaces the path item's.
        #expect(inputs[0].type.description == "Int64")
        #expect(inputs[0].isRequired)
        #expect(
            inputs.map(\.type.description)[2...6] == [
                "[String]", "[Integer]", "[String]", "[String]", "ListPetsFilter",
            ])
        // Described by JSON content: typed from its schema, sent as its JSON text.
        #expect(inputs[8].type.description == "String")
        #expect(inputs.map(\.sendsJSONText) == [false, false, false, false, false, false, false, false, true, false])
        #expect(inputs[9].description == "The page.")
        #expect(inputs[9].defaultValue?.value == .number("1"))
        #expect(diagnostics.contains { $0.message.contains("'Accept' is ignored") })
        #expect(!diagnostics.contains { $0.message.contains("'since'") })
        let path = T.inputs(try T.interface("getPetsPetId", in: document))
        #expect(path.map(\.name) == ["petId"])
        #expect(path.map(\.placement) == [.path])
        #expect(path.map(\.type.description) == ["UUID"])
        #expect(path.map(\.isRequired) == [true])
    }

    @Test func operationsThatCannotBeSentRightAreSkippedWithAWarning() throws {
        let (document, diagnostics) = try T.read(Self.petstore)
        #expect(!document.interfaces.contains { $0.name == "badStylePet" })
        let badStyle = try #require(diagnostics.first { $0.message.contains("'badStylePet'") })
        #expect(badStyle.severity == .warning)
        #expect(badStyle.message.contains("style 'form'; OpenAPI allows 'simple', 'label' and 'matrix'"))
        #expect(badStyle.location.line == 71)
        // A parameter inside a segment is filled there by the runtime: the operation is kept.
        let partial = try T.interface("petJSON", in: document)
        #expect(partial.path.hasSuffix("{petId}.json"))
        #expect(!diagnostics.contains { $0.message.contains("'petJSON'") })
    }

    @Test func requestBodiesOfSeveralMediaTypesAreChoices() throws {
        let (document, diagnostics) = try T.read(Self.petstore)
        let create = try #require(try T.interface("createPet", in: document).body)
        #expect(create.choices.map(\.name) == ["xml", "multipart", "json"])
        #expect(create.choices.map(\.encoding) == [.binary(contentType: "application/xml"), .multipart(), .json])
        #expect(create.choices.map(\.type?.description) == [nil, "Pet", "CreatePetRequestBodyJson"])
        #expect(create.isRequired)
        let form = try #require(try T.interface("sendForm", in: document).body)
        #expect(form.choices.map(\.name) == ["text", "form"])
        #expect(form.choices.last?.encoding == .form())
        #expect(form.choices.last?.type?.description == "Pet")
        #expect(!form.isRequired)
        let photo = try #require(try T.interface("uploadPhoto", in: document).body)
        #expect(photo.encoding == .binary(contentType: "image/png"))
        #expect(photo.type == nil)
        #expect(try T.interface("listPets", in: document).body == nil)
        // Callbacks are the server's requests: their payloads would be models (none here), and nothing warns.
        #expect(!diagnostics.contains { $0.message.contains("callbacks") })
    }

    @Test func responsesAndDocumentedErrors() throws {
        let (document, diagnostics) = try T.read(Self.petstore)
        let list = try T.interface("listPets", in: document)
        guard case .body(let body) = list.response else {
            Issue.record("listPets has no typed response: \(String(describing: list.response))")
            return
        }
        #expect(body.description == "[Pet]")
        #expect(list.errorResponses.map(\.status) == [.code(404), .range(5), .default])
        #expect(list.errorResponses.map(\.type.description) == ["Error", "Error", "ListPetsResponseDefault"])
        #expect(list.errorResponses.first?.description == "Not found.")
        // The lowest 2xx is the success response: 200 without content is no body.
        guard case .empty = try T.interface("createPet", in: document).response else {
            Issue.record("createPet's 200 is not empty")
            return
        }
        guard case .empty = try T.interface("getPetsPetId", in: document).response,
            case .empty = document.interfaces.filter({ $0.name == "listPets" }).last?.response
        else {
            Issue.record("204 and a 2XX without content are not empty")
            return
        }
        // A PNG response is its bytes, accepted as what it is.
        let upload = try T.interface("uploadPhoto", in: document)
        guard case .body(let picture) = upload.response else {
            Issue.record("a PNG response is not typed: \(String(describing: upload.response))")
            return
        }
        #expect(picture.description == "Data" && upload.accept == "image/png")
        #expect(!diagnostics.contains { $0.message.contains("'image/png', not JSON") })
    }

    @Test func operationIDsBecomeLowerCamelCaseAndFixedQueriesLoseTheirParameterPairs() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                paths: """
                      /modules/{id}?api-version=2022-08-01&type={type}:
                        get:
                          operationId: get_module_by-id
                          parameters:
                            - {name: id, in: path, required: true, schema: {type: string}}
                            - {name: type, in: path, required: true, schema: {type: string}}
                          responses: {'200': {description: Ok}}
                      /folders/{folder_id}#update_shared_link:
                        put:
                          operationId: ListPets
                          parameters:
                            - {name: folder_id, in: path, required: true, schema: {type: string}}
                          responses: {'200': {description: Ok}}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(document.interfaces.map(\.name) == ["getModuleById", "ListPets"])
        #expect(document.interfaces.map(\.path) == ["/modules/{id}?api-version=2022-08-01", "/folders/{folder_id}"])
        // `type` says `in: path`, but the path has it as `type={type}` in its fixed query: it is sent there.
        #expect(T.inputs(document.interfaces[0]).map(\.placement) == [.path, .query(.formExploded)])
        #expect(OpenAPINaming.operationName(fromID: "pets.list") == "petsList")
        #expect(OpenAPINaming.operationName(fromID: "2fa-verify") == "operation2faVerify")
        #expect(OpenAPINaming.operationName(fromID: "--") == nil)
        #expect(OpenAPINaming.operationName(method: "GET", path: "/pets/{petId}/photo") == "getPetsPetIdPhoto")
    }

    @Test func parametersThatCannotBeSentAsWrittenSkipTheOperationOrAreDropped() throws {
        let (document, diagnostics) = try T.read(
            T.document(
                paths: """
                      /a:
                        get:
                          operationId: matrixQuery
                          parameters:
                            - {name: filter, in: query, style: matrix, schema: {type: object, properties: {x: {type: string}}}}
                          responses: {'200': {description: Ok}}
                        put:
                          operationId: formHeader
                          parameters:
                            - {name: X-List, in: header, style: form, schema: {type: string}}
                          responses: {'200': {description: Ok}}
                        post:
                          operationId: twice
                          parameters:
                            - {name: id, in: query, schema: {type: string}}
                            - {name: id, in: header, schema: {type: string}}
                            - {name: old, in: formData, schema: {type: string}}
                          responses: {'200': {description: Ok}}
                        delete:
                          operationId: twiceRequired
                          parameters:
                            - {name: id, in: query, schema: {type: string}}
                            - {name: id, in: header, required: true, schema: {type: string}}
                          responses: {'200': {description: Ok}}
                    """))
        #expect(T.errors(diagnostics).isEmpty, "\(diagnostics)")
        #expect(document.interfaces.map(\.name) == ["twice"])
        #expect(T.inputs(document.interfaces[0]).map(\.placement) == [.query(.formExploded)])
        for name in ["matrixQuery", "formHeader", "twiceRequired"] {
            #expect(
                diagnostics.contains { $0.message.contains("'\(name)'") && $0.message.hasSuffix("is not generated") })
        }
        #expect(diagnostics.contains { $0.message.contains("the one in header is ignored") })
        #expect(diagnostics.contains { $0.message.contains("in 'formData'") })
    }

    @Test func aNamedCalendarDateKeepsItsFormatWhereItIsUsed() throws {
        let (document, _) = try T.read(
            T.document(
                schemas: """
                        Day: {type: string, format: date}
                        Event:
                          type: object
                          properties:
                            day: {$ref: '#/components/schemas/Day'}
                    """))
        let day = try #require(try T.fields("Event", in: document).first)
        #expect(day.type.description == "Day")
        #expect(day.dateFormat?.format == .dateOnly)
        // The resolver sees through the alias: the field holds a Date, written as a calendar date.
        let (api, resolveDiagnostics) = Resolver.resolve(document)
        #expect(!resolveDiagnostics.contains { $0.severity == .error }, "\(resolveDiagnostics)")
        #expect(api?.models.first { $0.name == "Event" }?.fields.first?.dateFormat == .dateOnly)
        guard case .alias(let aliased) = try T.type("Day", in: document).kind else {
            Issue.record("Day is not an alias")
            return
        }
        #expect(aliased.description == "Date")
    }

    @Test func swaggerIsRejectedAndOpenAPIFileNamesAreSpecs() throws {
        let (document, diagnostics) = Generator.parseSpec(
            Array("swagger: '2.0'\ninfo: {title: x, version: '1'}\npaths: {}\n".utf8), file: "old.openapi.yaml")
        #expect(document == nil)
        #expect(
            diagnostics.map(\.message).first?.hasPrefix("Swagger 2.0 is not supported; convert to OpenAPI 3") == true)
        for name in [
            "a.openapi.yaml", "a.openapi.yml", "a.openapi.json", "openapi.yaml", "openapi.yml", "openapi.json",
        ] {
            #expect(SpecFileNaming.isSpec(name), "\(name)")
            #expect(SpecFileNaming.isOpenAPI(name), "\(name)")
        }
        #expect(!SpecFileNaming.isSpec("common.yaml"))
        #expect(!SpecFileNaming.isSpec(".openapi.yaml"))
        #expect(SpecFileNaming.stem(of: "openapi.yaml") == "openapi")
        #expect(SpecFileNaming.stem(of: "box.openapi.json") == "box")
        #expect(
            SpecFileNaming.outputFileNames(forSpec: "openapi.yml") == [
                "openapi+Models.swift", "openapi+Requests.swift", "openapi+Enums.swift",
            ])
        #expect(SpecFileNaming.shardCount(forSpec: "box.openapi.json", size: 1_761_086) == 27)
    }
}
