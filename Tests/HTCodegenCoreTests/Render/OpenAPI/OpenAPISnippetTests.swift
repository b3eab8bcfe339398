import Testing

@testable import HTCodegenCore

/// One OpenAPI rendering rule per test: a `SpecDocument` built in Swift (as the OpenAPI reader would)
/// and the Swift it must produce.
@Suite struct OpenAPISnippetTests {
    typealias F = OpenAPIFixture

    static let everything: F.Generated? = try? F.generate(F.everything())
    static let everythingPublic: F.Generated? = {
        var config = GeneratorConfig()
        config.accessLevel = .public
        return try? F.generate(F.everything(), config: config)
    }()

    static func models(_ name: String) throws -> String {
        F.declaration(name, in: try #require(everything).models)
    }
    static func requests(_ name: String, public: Bool = false) throws -> String {
        F.declaration(name, in: try #require(`public` ? everythingPublic : everything).requests)
    }
    static func enums(_ name: String) throws -> String {
        F.declaration(name, in: try #require(everything).enums)
    }

    @Test func everythingGeneratesWithoutDiagnostics() throws {
        #expect(try #require(Self.everything).diagnostics.isEmpty)
    }

    // MARK: Repeated inline objects

    @Test func anInlineObjectDeclaredAgainIsATypeAliasOfTheFirst() throws {
        let user = try Self.models("HTInlineUserB")
        #expect(user.contains("/// The same fields as ``HTInlineUserA``"))
        #expect(user.contains("/// - Remark: Generated from petstore.openapi.yaml:405:5\n"))
        #expect(user.contains("internal typealias HTInlineUserB = HTInlineUserA\n"))
        #expect(!user.contains("final class"))
        // Its fields refer to a repeated object: it repeats the first badge too.
        #expect(try Self.models("HTInlineBadgeB").contains("internal typealias HTInlineBadgeB = HTInlineBadgeA\n"))
        #expect(try Self.models("HTInlineBadgeA").contains("internal final class HTInlineBadgeA: "))
        // Another field doc, another requirement, or a named schema: a class of its own.
        #expect(try Self.models("HTInlineUserC").contains("internal final class HTInlineUserC: "))
        #expect(try Self.models("HTInlineBadgeC").contains("internal final class HTInlineBadgeC: "))
        #expect(try Self.models("HTNamedUser").contains("internal final class HTNamedUser: "))
    }

    // MARK: Unions

    @Test func aUnionWithADiscriminatorSwitchesOnItsValues() throws {
        let union = try Self.models("HTAnyPet")
        #expect(union.contains("internal enum HTAnyPet: HTJSONValueConvertible, Hashable {\n"))
        #expect(union.contains("    /// `petType`: \"cat\", \"Cat\".\n    case cat(HTCat)\n"))
        #expect(
            union.contains(
                "    case anyPetOption3(HTLeaf)\n    /// A value no alternative accepts, kept as it is.\n    case unknown(HTJSON)\n"
            ))
        #expect(union.contains("        if let tag = json[\"petType\"]?.stringValue {\n            switch tag {\n"))
        #expect(
            union.contains(
                "            case \"cat\", \"Cat\":\n                guard let value = HTCat.htDecode(json, context: &context) else { return nil }\n                return .cat(value)\n"
            ))
        // An alternative no discriminator value names is tried after the switch, on objects; then `unknown`.
        #expect(
            union.contains(
                """
                        switch json {
                        case .object:
                            if let value = context.attempt(HTLeaf.self, json) { return .anyPetOption3(value) }
                        default:
                            break
                        }
                        return .unknown(json)

                """))
    }

    @Test func aUnionWithoutADiscriminatorTriesItsAlternativesInOrderOnTheirKindOfValue() throws {
        let union = try Self.models("HTValue")
        #expect(!union.contains("switch tag"))
        // Each kind of value tries the alternatives of its kind (a date is a string); a boolean, of a
        // kind no alternative has, is tried on the scalar ones, which coerce; an object on none.
        #expect(
            union.contains(
                """
                        switch json {
                        case .string:
                            if let value = context.attempt(String.self, json) { return .string(value) }
                            if let value = context.attempt(Date.self, json) { return .date(value) }
                        case .integer, .double, .number:
                            if let value = context.attempt(Int64.self, json) { return .integer(value) }
                        case .bool:
                            if let value = context.attempt(String.self, json) { return .string(value) }
                            if let value = context.attempt(Int64.self, json) { return .integer(value) }
                            if let value = context.attempt(Date.self, json) { return .date(value) }
                        case .array:
                            if let value = context.attempt([String].self, json) { return .strings(value) }
                        default:
                            break
                        }
                        return .unknown(json)

                """))
    }

    @Test func aStringIsNeverCoercedIntoANumberAlternative() throws {
        // `anyOf: [number, string, {}]`: "10" is the string, 10 the number; any JSON takes the rest
        // (null included), and every kind is covered, so there is no default.
        let union = try Self.models("HTAmount")
        #expect(
            union.contains(
                """
                        switch json {
                        case .string:
                            if let value = context.attempt(String.self, json) { return .string(value) }
                            if let value = context.attempt(HTJSON.self, json) { return .json(value) }
                        case .integer, .double, .number:
                            if let value = context.attempt(Double.self, json) { return .number(value) }
                            if let value = context.attempt(HTJSON.self, json) { return .json(value) }
                        case .bool, .array, .object, .null:
                            if let value = context.attempt(HTJSON.self, json) { return .json(value) }
                        }
                        return .unknown(json)

                """))
    }

    @Test func unionKindGroupsFollowTheRule() {
        func groups(_ types: [ResolvedType]) -> [String] {
            SwiftRenderer.kindGroups(types, integerEnums: ["Level"]).map {
                "\($0.kinds.map { "\($0)" }.joined(separator: "+")): \($0.alternatives)"
            }
        }
        #expect(groups([.number, .string]) == ["string: [1]", "number: [0]", "bool: [0, 1]"])
        #expect(groups([.integer, .boolean]) == ["string: [0, 1]", "number: [0]", "bool: [1]"])
        #expect(groups([.model("A"), .model("B")]) == ["object: [0, 1]"])
        #expect(groups([.url, .data]) == ["string: [0, 1]"])
        #expect(groups([.union("U"), .string]) == ["string: [0, 1]", "number+bool+array+object+null: [0]"])
        #expect(groups([.variable]) == ["string+number+bool+array+object+null: [0]"])
        #expect(
            groups([.enumeration("Level"), .enumeration("Name")]) == ["string: [1]", "number: [0]", "bool: [0, 1]"])
        #expect(groups([]) == [])
    }

    @Test func aUnionWritesItsPayloadBack() throws {
        let union = try Self.models("HTValue")
        #expect(
            union.contains(
                "        case .date(let value): return value.htJSON\n        case .unknown(let json): return json\n"))
        #expect(
            union.contains(
                "        case .date(let value): value.htWrite(to: writer)\n        case .unknown(let json): writer.write(json)\n"
            ))
        #expect(
            union.contains(
                "    internal static var htTypeDescription: String { \"HTValue (one of String, Int64, [String], Date)\" }\n"
            ))
    }

    @Test func unionsThatContainEachOtherAreIndirect() throws {
        #expect(
            try Self.models("HTTree").contains("internal indirect enum HTTree: HTJSONValueConvertible, Hashable {\n"))
        #expect(try Self.models("HTFork").contains("internal indirect enum HTFork: "))
        #expect(try Self.models("HTAnyPet").contains("internal enum HTAnyPet: "))
    }

    @Test func aFieldOfAUnionTypeIsTheUnion() throws {
        #expect(try Self.models("HTPet").contains("        internal let kind: HTAnyPet?\n"))
    }

    // MARK: Enums and servers

    @Test func anIntegerEnumIsAnHTIntegerEnum() throws {
        let item = try Self.enums("HTPriority")
        #expect(item.contains("internal struct HTPriority: HTIntegerEnum {\n"))
        #expect(item.contains("    internal let rawValue: Int\n"))
        #expect(
            item.contains("    /// High.\n    /// Value: 2.\n    internal static let _2 = HTPriority(rawValue: 2)\n"))
        #expect(item.contains("    internal static let knownValues: [HTPriority] = [._1, ._2]\n"))
    }

    @Test func theServersAreOneConstantNamedAfterTheSpec() throws {
        let servers = try Self.enums("HTPetstoreServers")
        #expect(servers.contains("internal enum HTPetstoreServers {\n"))
        #expect(servers.contains("    internal static var `default`: String { \"http://petstore.swagger.io/v1\" }\n"))
        #expect(servers.contains("    internal static var url: URL? { URL(string: Self.default) }\n"))
        #expect(
            servers.contains(
                "    internal static var all: [String] { [\"http://petstore.swagger.io/v1\", \"http://localhost:8080/v1\"] }\n"
            ))
        #expect(try #require(Self.everything).enums.contains("import Foundation\n"))
    }

    @Test func theServersConstantNameComesFromTheFileName() {
        #expect(SwiftNames.serversSpecName("api/petstore.openapi.yaml") == "PetstoreServers")
        #expect(SwiftNames.serversSpecName("openapi.json") == "OpenapiServers")
        #expect(SwiftNames.serversSpecName("billing-v2.openapi.yml") == "BillingV2Servers")
    }

    @Test func aSpecWithoutServersHasNoConstant() throws {
        let generated = try F.generate(F.document(types: [F.model("A", [])]))
        #expect(!generated.enums.contains("Servers"))
        #expect(!generated.enums.contains("import"))
    }

    // MARK: Deprecation and doc comments

    @Test func deprecatedDeclarationsAreMarkedAndGeneratedCodeDoesNotWarn() throws {
        #expect(try Self.models("HTOldOwner").contains("@available(*, deprecated)\ninternal final class HTOldOwner: "))
        #expect(try Self.enums("HTLegacyColor").contains("@available(*, deprecated)\ninternal struct HTLegacyColor: "))
        let pet = try Self.models("HTPet")
        #expect(
            pet.contains(
                "        @available(*, deprecated, message: \"uses the deprecated type HTOldOwner\")\n        internal var owner: HTOldOwner?\n"
            ))
        // The table that lists the deprecated fields is deprecated too: the runtime reads it through the
        // protocol, which does not warn.
        #expect(pet.contains("    \(SwiftRenderer.deprecatedWitnessAttribute)\n    internal static let htAccessors: "))
        // A deprecated model's own table needs nothing: it is inside a deprecated declaration.
        #expect(!(try Self.models("HTOldOwner")).contains("reads deprecated fields"))
        #expect(
            try Self.models("HTOwnerOrName").contains(
                "@available(*, deprecated, message: \"uses the deprecated type HTOldOwner\")\ninternal enum HTOwnerOrName"
            ))
        #expect(
            try Self.requests("HTLegacySearchRequest").contains(
                "@available(*, deprecated)\ninternal struct HTLegacySearchRequest"))
        #expect(
            try Self.requests("HTOwnerOfRequest").contains(
                "@available(*, deprecated, message: \"uses the deprecated type HTOldOwner\")\ninternal struct HTOwnerOfRequest"
            ))
    }

    @Test func aFieldDocumentsItsDefaultAndItsDirection() throws {
        let model = try Self.models("HTNewPet")
        #expect(
            model.contains(
                "        /// - Note: Defaults to `\"none\"` (when it is not sent).\n        internal let tag: String?\n"
            ))
        #expect(
            model.contains(
                "        /// - Note: Read-only: the server sends it; the app does not.\n        internal let id: Int64?\n"
            ))
        #expect(
            model.contains(
                "        /// - Note: Write-only: the app sends it; the server does not.\n        internal let password: String?\n"
            ))
        #expect(model.contains("        @available(*, deprecated)\n        internal var legacyTag: String?\n"))
    }

    @Test func aDefaultValueIsCompactJSONCutShort() {
        let long = JSONNode(
            value: .array((0..<40).map { JSONNode(value: .number(String($0)), location: F.at(1)) }), location: F.at(1))
        let text = SwiftRenderer.defaultValueText(long)
        #expect(text.hasPrefix("[0, 1, 2, 3"))
        #expect(text.hasSuffix("…"))
        #expect(text.count == SwiftRenderer.defaultValueLimit + 1)
        let object = JSONNode(
            value: .object([
                JSONMember(key: "a`b", keyLocation: F.at(1), value: JSONNode(value: .string("x\ny"), location: F.at(1)))
            ]), location: F.at(1))
        #expect(SwiftRenderer.defaultValueText(object) == #"{"a'b": "x\ny"}"#)
    }

    @Test func aRequestDocumentsAndDeclaresTheSecurityItNeeds() throws {
        let request = try Self.requests("HTListPetsRequest")
        #expect(
            request.contains(
                "/// - Important: Needs the security scheme `api_key` (API key in the X-API-Key header): the client\n"))
        #expect(
            request.contains(
                #"static var securityRequirements: [HTSecurityRequirement]? { [HTSecurityRequirement([HTSecurityScheme("api_key", .apiKey(name: "X-API-Key", location: .header))])] }"#
            ))
    }

    // MARK: Requests

    @Test func aPlacedRequestSendsItsParametersInTheQuery() throws {
        let request = try Self.requests("HTListPetsRequest")
        #expect(request.contains("    internal static var sendsParametersInQuery: Bool { true }\n"))
        #expect(!request.contains("responseKeyPath"))
        #expect(request.contains("    internal typealias Response = [HTAnyPet]\n"))
    }

    @Test func queryStylesArePreJoinedOrFlattened() throws {
        let request = try Self.requests("HTListPetsRequest")
        #expect(request.contains("        if let value = self.tags { parameters.append(\"tags\", value.htJSON) }\n"))
        #expect(
            request.contains(
                "        if let value = self.ids { parameters.append(\"ids\", HTParameterStyles.joined(value.htJSON, \",\")) }\n"
            ))
        #expect(
            request.contains(
                "        if let value = self.names { parameters.append(\"names\", HTParameterStyles.joined(value.htJSON, \" \")) }\n"
            ))
        #expect(
            request.contains(
                "        if let value = self.colors { parameters.append(\"colors\", HTParameterStyles.joined(value.htJSON, \"|\")) }\n"
            ))
        #expect(
            request.contains(
                "        if let value = self.filter { HTParameterStyles.appendDeepObject(\"filter\", value.htJSON, to: &parameters) }\n"
            ))
        #expect(
            request.contains(
                "        if let value = self.page { HTParameterStyles.appendMembers(\"page\", value.htJSON, to: &parameters) }\n"
            ))
        // Header and cookie inputs are not parameters.
        #expect(!request.contains("parameters.append(\"session\""))
        #expect(!request.contains("parameters.append(\"X-Request-ID\""))
        // The styles are the runtime's (HTParameterStyles), not copied into each file.
        let file = try #require(Self.everything).requests
        #expect(!file.contains("private func "))
    }

    @Test func headerAndCookieInputsAreHeaders() throws {
        let request = try Self.requests("HTListPetsRequest")
        #expect(request.contains("    internal var xRequestID: String\n"))
        #expect(request.contains("        headers.updateValue(self.xRequestID, forKey: \"X-Request-ID\")\n"))
        #expect(
            request.contains(
                "        if let value = self.xRate { headers.updateValue(HTParameterStyles.headerText(value.htJSON), forKey: \"X-Rate\") }\n"
            ))
        #expect(
            request.contains("        HTParameterStyles.appendCookie(\"session\", self.session.htJSON, to: &headers)\n")
        )
        #expect(
            request.contains(
                "        if let value = self.theme { HTParameterStyles.appendCookie(\"theme\", value.htJSON, to: &headers) }\n"
            ))
    }

    @Test func aPathInputIsAParameter() throws {
        let request = try Self.requests("HTShowPetByIdRequest")
        #expect(request.contains("    internal static var path: String { \"/pets/{petId}\" }\n"))
        #expect(request.contains("    internal var petId: String\n"))
        #expect(request.contains("        parameters.append(\"petId\", self.petId.htJSON)\n"))
    }

    @Test func aRequiredJSONBodyIsANonOptionalProperty() throws {
        let request = try Self.requests("HTCreatePetRequest")
        #expect(request.contains("    internal typealias Response = HTNoContent\n"))
        #expect(request.contains("    /// The pet.\n    internal var requestBody: HTNewPet\n"))
        #expect(
            request.contains(
                "    internal var body: HTRequestBody? {\n        .json(self.requestBody.htRequestJSON)\n    }\n")
        )
        #expect(!request.contains("var parameters"))
        #expect(
            try Self.requests("HTCreatePetRequest", public: true).contains("    public init(requestBody: HTNewPet) {\n")
        )
    }

    @Test func anOptionalBodyIsSentWhenSet() throws {
        let request = try Self.requests("HTFindThingsRequest")
        #expect(request.contains("    internal var requestBody: HTJSON?\n"))
        #expect(
            request.contains(
                "        guard let value = self.requestBody else { return nil }\n        return .json(value.htRequestJSON)\n"
            ))
        // The request declares `body`, so an input of that name is renamed.
        #expect(request.contains("    internal var body_: String?\n"))
        #expect(request.contains("        if let value = self.body_ { parameters.append(\"body\", value.htJSON) }\n"))
    }

    @Test func formMultipartAndBinaryBodies() throws {
        #expect(
            try Self.requests("HTSubmitFormRequest").contains(
                "        .form(HTParameterStyles.formObject(self.requestBody.htRequestJSON))\n"))
        #expect(
            try Self.requests("HTFormMapRequest").contains(
                "        return .form(HTParameterStyles.formObject(value.htJSON))\n"))
        #expect(
            try Self.requests("HTPutRawRequest").contains(
                "        .data(self.requestBody, contentType: \"image/png\")\n"))
        #expect(try Self.requests("HTPutRawRequest").contains("    internal typealias Response = Data\n"))
        #expect(
            try Self.requests("HTMultipartAnyRequest").contains(
                "        .multipart(HTParameterStyles.multipartParts(self.requestBody.htJSON))\n"))
        let upload = try Self.requests("HTUploadPhotoRequest")
        #expect(
            upload.contains(
                """
                        var parts: [HTMultipartPart] = []
                        if let part = value.htStorage.file { parts.append(HTParameterStyles.filePart("file", part, self.fileInfo, contentType: "application/octet-stream")) }
                        if let part = value.htStorage.files { for (index, data) in part.enumerated() { parts.append(HTParameterStyles.filePart("files", data, files: self.filesInfo, at: index, contentType: "application/octet-stream")) } }
                        if let part = value.htStorage.note { parts.append(HTMultipartPart(name: "note", value: part.htJSON)) }

                """))
        // The other keys, a part each, but none that a field maps.
        #expect(
            upload.contains(
                #"        for (key, part) in value.htStorage.additionalProperties.sorted(by: { $0.key < $1.key }) where !["file", "files", "note", "takenAt"].contains(key) { parts.append(HTMultipartPart(name: key, value: part.htJSON(dateFormat: .dateOnly))) }\#n"#
            ))
        #expect(upload.contains("        return .multipart(parts)\n"))
    }

    @Test func documentedErrorsDecodeIntoTheNestedErrorResponse() throws {
        let request = try Self.requests("HTShowPetByIdRequest")
        #expect(
            request.contains(
                """
                    internal enum ErrorResponse: Error, Sendable {
                        /// 404. Not found.
                        case status404(HTError)
                        /// 4XX.
                        case clientError(status: Int, String)
                        /// 5XX. Server.
                        case serverError(status: Int, HTError)
                        /// Any other status.
                        case other(status: Int, HTError)
                    }

                """))
        #expect(
            request.contains(
                """
                        switch status {
                        case 404:
                            guard let value = try? HTError.htMap(body) else { return nil }
                            return ErrorResponse.status404(value)
                        case 400..<500:
                            guard let value = try? String.htMap(body) else { return nil }
                            return ErrorResponse.clientError(status: status, value)
                        case 500..<600:
                """))
        #expect(
            request.contains(
                "        default:\n            guard let value = try? HTError.htMap(body) else { return nil }\n"))
    }

    @Test func withoutADefaultAnUndocumentedStatusIsNoDocumentedError() throws {
        let document = F.document(
            types: [F.model("Problem", [])],
            interfaces: [
                F.operation("get", "GET", "/x") {
                    $0.errorResponses = [
                        ErrorResponseDecl(
                            status: .code(409), type: F.ref("Problem"), description: nil, location: F.at(41))
                    ]
                }
            ])
        let request = F.declaration("HTGetRequest", in: try F.generate(document).requests)
        #expect(request.contains("        default:\n            return nil\n        }\n"))
    }

    @Test func anErrorResponseTypeNamedErrorResponseYields() throws {
        var config = GeneratorConfig()
        config.namePrefix = ""
        let document = F.document(
            types: [F.model("ErrorResponse", [])],
            interfaces: [
                F.operation("get", "GET", "/x") {
                    $0.errorResponses = [
                        ErrorResponseDecl(
                            status: .default, type: F.ref("ErrorResponse"), description: nil, location: F.at(41))
                    ]
                }
            ])
        let generated = try F.generate(document, config: config)
        #expect(generated.models.contains("final class ErrorResponse_2: "))
        #expect(generated.requests.contains("case other(status: Int, ErrorResponse_2)"))
        #expect(generated.diagnostics.map(\.severity) == [.warning])
    }

    @Test func deprecatedInputsAreMarkedAndTheMembersThatReadThemToo() throws {
        let request = try Self.requests("HTFindThingsRequest")
        #expect(request.contains("    @available(*, deprecated)\n    internal var old: String?\n"))
        #expect(
            request.contains(
                "    \(SwiftRenderer.deprecatedWitnessAttribute)\n    internal var parameters: HTJSONObject {\n"))
        #expect(
            request.contains(
                "    \(SwiftRenderer.deprecatedWitnessAttribute)\n    internal var headers: [String: String] {\n"))
        // A public initializer leaves deprecated optional inputs out.
        #expect(
            try Self.requests("HTFindThingsRequest", public: true).contains(
                "    public init(id: Int, body_: String? = nil, requestBody: HTJSON? = nil) {\n"))
    }

    @Test func aPublicInitializerThatTakesADeprecatedRequiredInputIsDeprecated() throws {
        var config = GeneratorConfig()
        config.accessLevel = .public
        let document = F.document(interfaces: [
            F.operation(
                "get", "GET", "/x/{id}",
                inputs: [F.field("id", F.ref("String"), required: true, placement: .path) { $0.isDeprecated = true }])
        ])
        let request = F.declaration("HTGetRequest", in: try F.generate(document, config: config).requests)
        #expect(
            request.contains(
                "    @available(*, deprecated, message: \"takes a deprecated input\")\n    public init(id: String) {\n")
        )
    }

    @Test func aMultipartBodyWithDeprecatedFieldsMarksBody() throws {
        let document = F.document(
            types: [F.model("Form", [F.field("old", F.ref("String")) { $0.isDeprecated = true }])],
            interfaces: [
                F.operation("send", "POST", "/x") {
                    $0.body = RequestBodyDecl(
                        encoding: .multipart(), type: F.ref("Form"), isRequired: true, description: nil,
                        location: F.at(41))
                }
            ])
        let request = F.declaration("HTSendRequest", in: try F.generate(document).requests)
        #expect(
            request.contains(
                "    \(SwiftRenderer.deprecatedWitnessAttribute)\n    internal var body: HTRequestBody? {\n"))
    }

    @Test func nativeSpecsRenderAsBefore() throws {
        // The goldens hold whole files; here the one member a native request must never get.
        let generated = try SnippetTests.generate(
            interfaces: #"{"Get": {"method": "GET", "path": "/x/:id", "inputs": {"id": "Integer", "body": "String"}}}"#)
        #expect(!generated.requests.contains("sendsParametersInQuery"))
        #expect(!generated.requests.contains("HTParameterStyles"))
        #expect(generated.requests.contains("    internal var body: String?\n"))
    }
}
