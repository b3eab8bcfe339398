import Testing

@testable import HTCodegenCore

/// What the resolver makes of what OpenAPI documents say, and what it reports.
@Suite struct OpenAPIResolverTests {
    typealias F = OpenAPIFixture

    static func resolve(_ document: SpecDocument) -> (ResolvedAPI?, [Diagnostic]) {
        Resolver.resolve(document)
    }

    static func union(
        _ name: String, _ alternatives: [UnionDecl.Alternative], discriminator: String? = nil, line: Int = 60
    )
        -> TypeDecl
    {
        TypeDecl(
            name: name, location: F.at(line, 5), description: nil,
            kind: .union(UnionDecl(alternatives: alternatives, discriminator: discriminator)))
    }

    @Test func aUnionResolvesItsAlternatives() throws {
        let document = F.document(types: [
            F.model("Cat", [], line: 10),
            Self.union(
                "Pet",
                [
                    .init(name: "Cat", type: F.ref("Cat"), discriminatorValues: ["cat"], location: F.at(61)),
                    .init(name: "name", type: F.ref("String", [.array]), discriminatorValues: [], location: F.at(62)),
                ], discriminator: "petType"),
        ])
        let (api, diagnostics) = Self.resolve(document)
        #expect(diagnostics.isEmpty)
        let union = try #require(api?.unions.first)
        #expect(union.name == "Pet")
        #expect(union.discriminator == "petType")
        #expect(union.alternatives.map(\.type) == [.model("Cat"), .array(.string)])
        #expect(union.alternatives.map(\.discriminatorValues) == [["cat"], []])
        #expect(!union.isIndirect)
    }

    @Test func aFieldOfAUnionTypeIsTheUnionNotRawJSON() throws {
        let document = F.document(types: [
            F.model("Owner", [F.field("pet", F.ref("Pet", [.array]))], line: 10),
            Self.union("Pet", [.init(name: "s", type: F.ref("String"), discriminatorValues: [], location: F.at(61))]),
        ])
        let (api, _) = Self.resolve(document)
        #expect(api?.models.first?.fields.first?.type == .array(.union("Pet")))
    }

    @Test func anUnknownAlternativeTypeIsAnErrorAtTheAlternative() {
        let document = F.document(types: [
            Self.union(
                "Pet", [.init(name: "Cat", type: F.ref("Catt", line: 61), discriminatorValues: [], location: F.at(61))])
        ])
        let (api, diagnostics) = Self.resolve(document)
        #expect(api == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.message.hasPrefix("unknown type 'Catt'") == true)
        #expect(diagnostics.first?.location.line == 61)
    }

    @Test func aDiscriminatorValueUsedTwiceIsKeptForTheFirstAlternative() throws {
        let document = F.document(types: [
            F.model("Cat", [], line: 10), F.model("Dog", [], line: 12),
            Self.union(
                "Pet",
                [
                    .init(name: "Cat", type: F.ref("Cat"), discriminatorValues: ["pet"], location: F.at(61)),
                    .init(name: "Dog", type: F.ref("Dog"), discriminatorValues: ["pet", "dog"], location: F.at(62)),
                ], discriminator: "type"),
        ])
        let (api, diagnostics) = Self.resolve(document)
        #expect(api?.unions.first?.alternatives.map(\.discriminatorValues) == [["pet"], ["dog"]])
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.location.line == 62)
        #expect(diagnostics.first?.message.contains("\"pet\" already selects the alternative 'Cat'") == true)
    }

    @Test func aUnionWithNoAlternativesIsAWarning() {
        let (api, diagnostics) = Self.resolve(F.document(types: [Self.union("Nothing", [])]))
        #expect(api?.unions.count == 1)
        #expect(diagnostics.map(\.severity) == [.warning])
    }

    @Test func unionsThatContainEachOtherDirectlyAreIndirect() throws {
        let (api, _) = Self.resolve(F.document(types: F.everythingTypes()))
        let unions = try #require(api?.unions)
        let indirect = unions.filter(\.isIndirect).map(\.name)
        #expect(indirect == ["Fork", "Tree"])
    }

    @Test func deprecationReachesWhatUsesADeprecatedType() throws {
        let (api, diagnostics) = Self.resolve(F.everything())
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let resolved = try #require(api)
        let pet = try #require(resolved.models.first { $0.name == "Pet" })
        #expect(pet.fields.map(\.deprecation) == [nil, .usesType("OldOwner"), nil, .usesType("LegacyColor")])
        #expect(!pet.isDeprecated)
        #expect(resolved.models.first { $0.name == "OldOwner" }?.isDeprecated == true)
        #expect(resolved.unions.first { $0.name == "OwnerOrName" }?.deprecation == .usesType("OldOwner"))
        #expect(resolved.unions.first { $0.name == "AnyPet" }?.deprecation == nil)
        let requests = Dictionary(uniqueKeysWithValues: resolved.requests.map { ($0.className, $0) })
        #expect(requests["LegacySearchRequest"]?.deprecation == .declared)
        #expect(requests["OwnerOfRequest"]?.deprecation == .usesType("OldOwner"))
        #expect(requests["FindThingsRequest"]?.deprecation == nil)
        let newPet = try #require(resolved.models.first { $0.name == "NewPet" })
        #expect(newPet.fields.map(\.deprecation) == [nil, nil, .declared, nil, nil, nil])
    }

    @Test func aUnionWithADeprecatedUnionAlternativeIsDeprecatedToo() throws {
        var old = Self.union(
            "Old", [.init(name: "s", type: F.ref("String"), discriminatorValues: [], location: F.at(61))], line: 60)
        old.isDeprecated = true
        let outer = Self.union(
            "Outer", [.init(name: "old", type: F.ref("Old", [.array]), discriminatorValues: [], location: F.at(71))],
            line: 70)
        let outermost = Self.union(
            "Outermost", [.init(name: "outer", type: F.ref("Outer"), discriminatorValues: [], location: F.at(81))],
            line: 80)
        let (api, _) = Self.resolve(F.document(types: [outermost, outer, old]))
        let deprecations = Dictionary(uniqueKeysWithValues: (api?.unions ?? []).map { ($0.name, $0.deprecation) })
        #expect(deprecations["Old"] == .declared)
        #expect(deprecations["Outer"] == .usesType("Old"))
        #expect(deprecations["Outermost"] == .usesType("Outer"))
    }

    @Test func anIntegerEnumMemberMustBeAnInteger() {
        var type = TypeDecl(
            name: "Level", location: F.at(50, 5), description: nil,
            kind: .enumeration([
                EnumMemberDecl(key: "one", value: "1", description: nil, location: F.at(51)),
                EnumMemberDecl(key: "big", value: "99999999999999999999", description: nil, location: F.at(52)),
            ]))
        type.enumRawType = .integer
        let (api, diagnostics) = Self.resolve(F.document(types: [type]))
        #expect(api == nil)
        #expect(diagnostics.map(\.location.line) == [52])
        #expect(diagnostics.first?.message.contains("not an integer") == true)
    }

    @Test func anExactResponseHasNoKeyPathAndAnyType() throws {
        let (api, _) = Self.resolve(F.everything())
        let requests = Dictionary(uniqueKeysWithValues: (api?.requests ?? []).map { ($0.className, $0) })
        let list = try #require(requests["ListPetsRequest"])
        #expect(list.response.type == .array(.union("AnyPet")))
        #expect(list.response.keyPath == nil)
        #expect(list.response.rule == 0)
        #expect(list.placesParameters)
        #expect(requests["CreatePetRequest"]?.response.isEmpty == true)
        #expect(requests["PutRawRequest"]?.response.type == .data)
        #expect(requests["PutRawRequest"]?.body?.type == .data)
        #expect(requests["FindThingsRequest"]?.body?.type == .variable)
        #expect(requests["SubmitFormRequest"]?.response.type == nil)
        #expect(list.security?.map { $0.map(\.summary) } == [["API key in the X-API-Key header"]])
    }

    @Test func errorResponsesAreSortedAndMayBeOfAnyType() throws {
        let (api, diagnostics) = Self.resolve(F.everything())
        #expect(diagnostics.isEmpty)
        let show = try #require(api?.requests.first { $0.className == "ShowPetByIdRequest" })
        #expect(show.errorResponses.map(\.status) == [.code(404), .range(4), .range(5), .default])
        #expect(show.errorResponses.map(\.type) == [.model("Error"), .string, .model("Error"), .model("Error")])
    }

    @Test func aStatusDocumentedTwiceOrANonErrorRangeIsAWarning() throws {
        let document = F.document(
            types: [F.model("Error", [], line: 10)],
            interfaces: [
                F.operation("get", "GET", "/x") {
                    $0.errorResponses = [
                        ErrorResponseDecl(
                            status: .code(404), type: F.ref("Error"), description: nil, location: F.at(41)),
                        ErrorResponseDecl(
                            status: .code(404), type: F.ref("Error"), description: nil, location: F.at(42)),
                        ErrorResponseDecl(
                            status: .range(3), type: F.ref("Error"), description: nil, location: F.at(43)),
                    ]
                }
            ])
        let (api, diagnostics) = Self.resolve(document)
        #expect(api?.requests.first?.errorResponses.map(\.status) == [.code(404)])
        #expect(diagnostics.map(\.location.line) == [42, 43])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func anUnknownErrorResponseOrBodyTypeIsAnError() {
        let document = F.document(interfaces: [
            F.operation("get", "POST", "/x") {
                $0.errorResponses = [
                    ErrorResponseDecl(
                        status: .default, type: F.ref("Nope", line: 41), description: nil, location: F.at(41))
                ]
                $0.body = RequestBodyDecl(
                    encoding: .json, type: F.ref("Nada", line: 42), isRequired: true, description: nil,
                    location: F.at(42))
            }
        ])
        let (api, diagnostics) = Self.resolve(document)
        #expect(api == nil)
        #expect(diagnostics.map(\.location.line).sorted() == [41, 42])
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    @Test func aPathInputThatIsNotInThePathIsAWarning() {
        let document = F.document(interfaces: [
            F.operation(
                "get", "GET", "/x", inputs: [F.field("id", F.ref("String"), required: true, placement: .path, line: 41)]
            )
        ])
        let (api, diagnostics) = Self.resolve(document)
        #expect(api != nil)
        #expect(diagnostics.map(\.location.line) == [41])
        #expect(diagnostics.first?.message.contains("is not in the path") == true)
    }

    @Test func nativeRequestsDoNotPlaceParameters() throws {
        let spec =
            #"{"htspec": 1, "interfaces": {"Get": {"method": "GET", "path": "/x/:id", "inputs": {"id": "Integer"}}}}"#
        let (document, _) = Generator.parseSpec(Array(spec.utf8), file: "x.htspec.json")
        let (api, _) = Self.resolve(try #require(document))
        let request = try #require(api?.requests.first)
        #expect(!request.placesParameters)
        #expect(request.body == nil && request.errorResponses.isEmpty && request.deprecation == nil)
        #expect(api?.servers.isEmpty == true && api?.unions.isEmpty == true)
    }
}
