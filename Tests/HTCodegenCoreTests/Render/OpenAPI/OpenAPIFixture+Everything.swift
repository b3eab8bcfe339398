@testable import HTCodegenCore

extension OpenAPIFixture {
    /// A document that uses every OpenAPI feature the renderer supports: what the type-check test
    /// compiles against the runtime, and what the snippet tests read single declarations from.
    static func everything() -> SpecDocument {
        var document = document(types: everythingTypes(), interfaces: everythingOperations())
        document.servers = [
            ServerDecl(url: "http://petstore.swagger.io/v1", description: "Production", location: at(3)),
            ServerDecl(url: "http://localhost:8080/v1", description: nil, location: at(4)),
        ]
        document.securitySchemes = [
            SecuritySchemeDecl(
                name: "api_key", summary: "API key in the X-API-Key header",
                kind: .apiKey(name: "X-API-Key", location: "header"), location: at(200))
        ]
        return document
    }

    static func everythingTypes() -> [TypeDecl] {
        var types: [TypeDecl] = []
        types.append(
            model(
                "Cat",
                [
                    field("petType", ref("String"), required: true), field("name", ref("String")),
                    field("huntingSkill", ref("Status")),
                ], line: 10))
        types.append(
            model("Dog", [field("petType", ref("String"), required: true), field("bark", ref("Boolean"))], line: 14))
        types.append(
            model(
                "Error",
                [field("code", ref("Int32"), required: true), field("message", ref("String"), required: true)],
                line: 18))
        types.append(model("OldOwner", [field("name", ref("String"))], line: 22, deprecated: true))
        types.append(
            model(
                "NewPet",
                [
                    field("name", ref("String"), required: true, description: "The pet's name."),
                    field("tag", ref("String")) {
                        $0.defaultValue = JSONNode(value: .string("none"), location: at(27))
                    },
                    field("legacyTag", ref("String")) { $0.isDeprecated = true },
                    field("id", ref("Int64")) { $0.access = .readOnly },
                    field("password", ref("String")) { $0.access = .writeOnly },
                    field("priority", ref("Priority")),
                ], line: 25))
        types.append(
            model(
                "Pet",
                [
                    field("id", ref("Int64"), required: true), field("owner", ref("OldOwner")),
                    field("kind", ref("AnyPet")), field("color", ref("LegacyColor")),
                ], line: 33))
        var upload = model(
            "Upload",
            [
                field("file", ref("Data")), field("files", ref("Data", [.array])), field("note", ref("String")),
                field("takenAt", ref("Date")),
            ], line: 38)
        // Other keys (additionalProperties), calendar dates: sent as parts of their own.
        upload.additionalProperties = field("additionalProperties", ref("Date", [.map]), line: 42) {
            $0.dateFormat = DateFormatDecl(format: .dateOnly, location: at(42))
        }
        types.append(upload)
        // Other keys whose values are of a deprecated model: the generated code must not warn.
        var registry = model("Registry", [field("count", ref("Integer"))], line: 48)
        registry.additionalProperties = field("additionalProperties", ref("OldOwner", [.map]), line: 49)
        types.append(registry)
        types.append(model("Filter", [field("name", ref("String")), field("age", ref("Integer"))], line: 43))
        types.append(model("Leaf", [field("value", ref("String"))], line: 46))
        types.append(
            TypeDecl(
                name: "Status", location: at(50, 5), description: "A pet's status.",
                kind: .enumeration([
                    EnumMemberDecl(key: "available", value: "available", description: nil, location: at(51)),
                    EnumMemberDecl(key: "sold", value: "sold", description: nil, location: at(52)),
                ])))
        var priority = TypeDecl(
            name: "Priority", location: at(54, 5), description: nil,
            kind: .enumeration([
                EnumMemberDecl(key: "1", value: "1", description: nil, location: at(55)),
                EnumMemberDecl(key: "2", value: "2", description: "High.", location: at(56)),
            ]))
        priority.enumRawType = .integer
        types.append(priority)
        var color = TypeDecl(
            name: "LegacyColor", location: at(58, 5), description: nil,
            kind: .enumeration([EnumMemberDecl(key: "red", value: "red", description: nil, location: at(59))]))
        color.isDeprecated = true
        types.append(color)
        types.append(
            TypeDecl(
                name: "AnyPet", location: at(62, 5), description: "Any pet.",
                kind: .union(
                    UnionDecl(
                        alternatives: [
                            .init(
                                name: "Cat", type: ref("Cat"), discriminatorValues: ["cat", "Cat"], location: at(63)),
                            .init(name: "Dog", type: ref("Dog"), discriminatorValues: ["dog"], location: at(64)),
                            .init(name: "AnyPetOption3", type: ref("Leaf"), discriminatorValues: [], location: at(65)),
                        ], discriminator: "petType"))))
        types.append(
            TypeDecl(
                name: "Value", location: at(67, 5), description: nil,
                kind: .union(
                    UnionDecl(
                        alternatives: [
                            .init(name: "string", type: ref("String"), discriminatorValues: [], location: at(68)),
                            .init(name: "integer", type: ref("Int64"), discriminatorValues: [], location: at(69)),
                            .init(
                                name: "strings", type: ref("String", [.array]), discriminatorValues: [],
                                location: at(70)),
                            .init(name: "date", type: ref("Date"), discriminatorValues: [], location: at(71)),
                        ], discriminator: nil))))
        types.append(
            TypeDecl(
                name: "Tree", location: at(73, 5), description: nil,
                kind: .union(
                    UnionDecl(
                        alternatives: [
                            .init(name: "Leaf", type: ref("Leaf"), discriminatorValues: [], location: at(74)),
                            .init(name: "Fork", type: ref("Fork"), discriminatorValues: [], location: at(75)),
                        ], discriminator: nil))))
        types.append(
            TypeDecl(
                name: "Fork", location: at(77, 5), description: nil,
                kind: .union(
                    UnionDecl(
                        alternatives: [
                            .init(name: "Tree", type: ref("Tree"), discriminatorValues: [], location: at(78)),
                            .init(
                                name: "Trees", type: ref("Tree", [.array]), discriminatorValues: [], location: at(79)),
                        ], discriminator: nil))))
        types.append(
            TypeDecl(
                name: "OwnerOrName", location: at(81, 5), description: nil,
                kind: .union(
                    UnionDecl(
                        alternatives: [
                            .init(name: "OldOwner", type: ref("OldOwner"), discriminatorValues: [], location: at(82)),
                            .init(name: "name", type: ref("String"), discriminatorValues: [], location: at(83)),
                        ], discriminator: nil))))
        types.append(
            TypeDecl(
                name: "Amount", location: at(85, 5), description: nil,
                kind: .union(
                    UnionDecl(
                        alternatives: [
                            .init(name: "number", type: ref("Number"), discriminatorValues: [], location: at(86)),
                            .init(name: "string", type: ref("String"), discriminatorValues: [], location: at(87)),
                            .init(name: "json", type: ref("Variable"), discriminatorValues: [], location: at(88)),
                        ], discriminator: nil))))
        // Inline schemas (named after where they sit): the same object declared again is a type alias of
        // the first, also when its fields refer to repeated inline objects; a named schema keeps its class.
        func inline(_ name: String, _ fields: [FieldDecl], line: Int) -> TypeDecl {
            var type = model(name, fields, line: line)
            type.isInline = true
            return type
        }
        types.append(inline("InlineUserA", [field("login", ref("String"), description: "Who.")], line: 400))
        types.append(
            inline(
                "InlineBadgeA",
                [field("id", ref("Integer"), required: true), field("user", ref("InlineUserA"))], line: 402))
        types.append(inline("InlineUserB", [field("login", ref("String"), description: "Who.")], line: 405))
        types.append(
            inline(
                "InlineBadgeB",
                [field("id", ref("Integer"), required: true), field("user", ref("InlineUserB"))], line: 407))
        types.append(inline("InlineUserC", [field("login", ref("String"), description: "Someone else.")], line: 410))
        types.append(
            inline("InlineBadgeC", [field("id", ref("Integer")), field("user", ref("InlineUserA"))], line: 412))
        types.append(model("NamedUser", [field("login", ref("String"), description: "Who.")], line: 415))
        return types
    }

    static func everythingOperations() -> [InterfaceDecl] {
        var operations: [InterfaceDecl] = []
        operations.append(
            operation(
                "listPets", "GET", "/pets",
                inputs: [
                    field("limit", ref("Int32"), placement: .query(.formExploded), description: "How many."),
                    field("tags", ref("String", [.array]), placement: .query(.formExploded)),
                    field("ids", ref("Int64", [.array]), placement: .query(.formCommaSeparated)),
                    field("names", ref("String", [.array]), placement: .query(.spaceDelimited)),
                    field("colors", ref("Status", [.array]), placement: .query(.pipeDelimited)),
                    field("filter", ref("Filter"), placement: .query(.deepObject)),
                    field("page", ref("Filter"), placement: .query(.formExploded)),
                    field("since", ref("Date"), placement: .query(.formExploded)),
                    field("X-Request-ID", ref("String"), required: true, placement: .header),
                    field("X-Rate", ref("Integer"), placement: .header),
                    field("session", ref("String"), required: true, placement: .cookie),
                    field("theme", ref("Status"), placement: .cookie),
                ], line: 100
            ) {
                $0.response = .body(ref("AnyPet", [.array]))
                $0.errorResponses = [
                    ErrorResponseDecl(
                        status: .default, type: ref("Error"), description: "Unexpected.", location: at(101))
                ]
                $0.security = [["api_key"]]
                $0.description = "List all pets."
            })
        operations.append(
            operation(
                "showPetById", "GET", "/pets/{petId}",
                inputs: [field("petId", ref("String"), required: true, placement: .path)], line: 110
            ) {
                $0.response = .body(ref("AnyPet"))
                $0.errorResponses = [
                    ErrorResponseDecl(status: .default, type: ref("Error"), description: nil, location: at(111)),
                    ErrorResponseDecl(status: .range(5), type: ref("Error"), description: "Server.", location: at(112)),
                    ErrorResponseDecl(
                        status: .code(404), type: ref("Error"), description: "Not found.", location: at(113)),
                    ErrorResponseDecl(status: .range(4), type: ref("String"), description: nil, location: at(114)),
                ]
            })
        operations.append(
            operation("createPet", "POST", "/pets", line: 120) {
                $0.body = RequestBodyDecl(
                    encoding: .json, type: ref("NewPet"), isRequired: true, description: "The pet.", location: at(121))
                $0.response = .empty
            })
        operations.append(
            operation(
                "uploadPhoto", "POST", "/pets/{petId}/photo",
                inputs: [field("petId", ref("Int64"), required: true, placement: .path)], line: 130
            ) {
                $0.body = RequestBodyDecl(
                    encoding: .multipart(), type: ref("Upload"), isRequired: false, description: nil, location: at(131))
                $0.response = .body(ref("Pet"))
            })
        operations.append(
            operation("putRaw", "PUT", "/raw", line: 140) {
                $0.body = RequestBodyDecl(
                    encoding: .binary(contentType: "image/png"), type: nil, isRequired: true, description: nil,
                    location: at(141))
                $0.response = .body(ref("Data"))
            })
        operations.append(
            operation("submitForm", "POST", "/form", line: 150) {
                $0.body = RequestBodyDecl(
                    encoding: .form(), type: ref("NewPet"), isRequired: true, description: nil, location: at(151))
            })
        operations.append(
            operation(
                "legacySearch", "GET", "/legacy", inputs: [field("q", ref("String"), placement: .query(.formExploded))],
                line: 160
            ) {
                $0.isDeprecated = true
            })
        operations.append(
            operation("ownerOf", "GET", "/owner", line: 170) { $0.response = .body(ref("OldOwner")) })
        operations.append(
            operation(
                "downloadFile", "GET", "/files/{id}",
                inputs: [field("id", ref("String"), required: true, placement: .path)], line: 172
            ) {
                $0.response = .body(ref("Data"))
                $0.accept = "application/octet-stream, application/json"
                $0.statusResponses = [
                    StatusResponseDecl(
                        status: .code(200), response: .body(ref("Data")), accept: "application/octet-stream",
                        description: "The file.", location: at(173)),
                    StatusResponseDecl(
                        status: .code(202), response: .empty, accept: nil, description: nil, location: at(174)),
                    StatusResponseDecl(
                        status: .code(206), response: .body(ref("String")), accept: "text/plain", description: nil,
                        location: at(175)),
                    StatusResponseDecl(
                        status: .range(2), response: .body(ref("Pet")), accept: nil, description: nil, location: at(176)
                    ),
                ]
                $0.responseHeaders = [
                    ResponseHeaderDecl(
                        name: "Retry-After", type: ref("Integer"), description: "Seconds.", statuses: ["202"],
                        location: at(177)),
                    ResponseHeaderDecl(
                        name: "Location", type: ref("URL"), description: nil, statuses: ["202", "2XX"],
                        location: at(178)),
                ]
            })
        operations.append(
            operation(
                "findThings", "GET", "/things/{id}",
                inputs: [
                    field("id", ref("Integer"), required: true, placement: .path),
                    field("old", ref("String"), placement: .query(.formExploded)) { $0.isDeprecated = true },
                    field("X-Old", ref("String"), placement: .header) { $0.isDeprecated = true },
                    field("body", ref("String"), placement: .query(.formExploded)),
                ], line: 180
            ) {
                $0.body = RequestBodyDecl(
                    encoding: .json, type: nil, isRequired: false, description: nil, location: at(181))
                $0.response = .body(ref("Value"))
            })
        operations.append(
            operation("multipartAny", "POST", "/mp", line: 190) {
                $0.body = RequestBodyDecl(
                    encoding: .multipart(), type: nil, isRequired: true, description: nil, location: at(191))
            })
        operations.append(
            operation("formMap", "POST", "/fm", line: 195) {
                $0.body = RequestBodyDecl(
                    encoding: .form(), type: ref("String", [.map]), isRequired: false, description: nil,
                    location: at(196)
                )
                $0.response = .body(ref("Tree"))
            })
        // Issue #38, part 7: trace, styled path parameters, object query parameters in form style and
        // parameters described by JSON content.
        operations.append(
            operation(
                "traceStyles", "TRACE", "/styles/{m}/{l}/{s}",
                inputs: [
                    field(
                        "m", ref("Integer", [.array]), required: true, placement: .styledPath(.matrix(explode: true))),
                    field("l", ref("Filter"), required: true, placement: .styledPath(.label(explode: false))),
                    field("s", ref("Filter"), required: true, placement: .styledPath(.simpleExploded)),
                    field("range", ref("Filter"), placement: .query(.formCommaSeparated)),
                    field("where", ref("Filter"), placement: .query(.formExploded)) { $0.sendsJSONText = true },
                    field("X-Where", ref("String"), placement: .header) { $0.sendsJSONText = true },
                    field("json", ref("Filter"), placement: .cookie) { $0.sendsJSONText = true },
                ], line: 200))
        // Issue #39 part 4: an operation that says how it pages (x-ht-paging): an HTPagedRequest.
        operations.append(
            operation(
                "listPetPages", "GET", "/pets/pages",
                inputs: [
                    field("cursor", ref("String"), placement: .query(.formExploded)),
                    field("limit", ref("Int32"), placement: .query(.formExploded)),
                ], line: 210
            ) {
                $0.response = .body(ref("Pet", [.array]))
                $0.paging = PagingDecl(
                    .cursor(keyPath: "meta.next", parameter: "cursor"), totalKeyPath: "meta.total", maximumPages: 20,
                    location: at(211))
            })
        return operations
    }
}
