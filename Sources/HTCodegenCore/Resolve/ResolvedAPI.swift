/// The resolved API of one spec file: every reference checked, every response rule decided. Every front
/// end (the native format, NEI exports, OpenAPI documents) ends here, and the Swift renderer reads only
/// this.
package struct ResolvedAPI: Sendable {
    /// The spec file, as named in diagnostics and in generated headers.
    package var file: String
    /// What the API is.
    package var description: String?
    /// The models (hash types), sorted by name.
    package var models: [ResolvedModel]
    /// The enumerations, sorted by name.
    package var enums: [ResolvedEnum]
    /// The requests, sorted by class name.
    package var requests: [ResolvedRequest]
    /// The unions (OpenAPI `oneOf`/`anyOf`), sorted by name.
    package var unions: [ResolvedUnion] = []
    /// The servers the spec names (OpenAPI), the default first: they become one generated constant.
    package var servers: [ServerDecl] = []
    /// Its models keep every field optional (an NEI export, ``SpecDocument/keepsFieldsOptional``).
    package var keepsFieldsOptional = false
    /// Spec type name → the Swift name the spec chooses for it (`x-swift-name`), before the prefix.
    package var chosenTypeNames: [String: String] = [:]
}

/// A resolved type.
package indirect enum ResolvedType: Sendable, Hashable {
    case string
    /// NEI's `Number`: a `Double`.
    case number
    /// An integer (`Integer` in the native format): an `Int`.
    case integer
    case boolean
    /// NEI's `Variable`: any JSON value.
    case variable
    /// `Int32`.
    case int32
    /// `Int64`.
    case int64
    /// `UInt64`.
    case uint64
    /// Foundation's `Decimal`: exact decimal numbers (money).
    case decimal
    /// Foundation's `Date`, in the field's date format.
    case date
    /// Foundation's `URL`.
    case url
    /// Foundation's `UUID`.
    case uuid
    /// Foundation's `Data`, base64 in JSON.
    case data
    /// A model, by spec name.
    case model(String)
    /// An enumeration, by spec name.
    case enumeration(String)
    /// A union (OpenAPI `oneOf`/`anyOf`), by spec name.
    case union(String)
    /// A type of the app's own (`fieldTypes`' `appType`), by its Swift name: it conforms to
    /// `HTJSONValueConvertible`, and may read and write any JSON.
    case app(String)
    case array(ResolvedType)
    /// A JSON object as a dictionary from its keys to values of this type: `[String: T]`.
    case map(ResolvedType)

    /// The model this type holds (itself, as array elements or as map values), if any.
    package var modelName: String? {
        var type = self
        while true {
            switch type {
            case .model(let name): return name
            case .array(let inner), .map(let inner): type = inner
            default: return nil
            }
        }
    }

    /// How many arrays and maps wrap the innermost type, and whether any of them is a map.
    package var nesting: (depth: Int, hasMaps: Bool) {
        var type = self
        var (depth, hasMaps) = (0, false)
        while true {
            switch type {
            case .array(let inner): (type, depth) = (inner, depth + 1)
            case .map(let inner): (type, depth, hasMaps) = (inner, depth + 1, true)
            default: return (depth, hasMaps)
            }
        }
    }

    /// Whether the type holds a `Date` (itself, as array elements or as map values): only then does a
    /// date format apply to it.
    package var holdsDate: Bool {
        var type = self
        while true {
            switch type {
            case .date: return true
            case .array(let inner), .map(let inner): type = inner
            default: return false
            }
        }
    }

    /// Whether the Swift type is Foundation's (`Decimal`, `Date`, `URL`, `UUID`, `Data`), itself or
    /// inside arrays and maps: a file that uses one imports Foundation.
    package var usesFoundation: Bool {
        var type = self
        while true {
            switch type {
            case .decimal, .date, .url, .uuid, .data: return true
            case .array(let inner), .map(let inner): type = inner
            default: return false
            }
        }
    }
}

/// A field of a model, or an input parameter.
package struct ResolvedField: Sendable {
    /// The name in the spec: the JSON key.
    package var name: String
    /// The type.
    package var type: ResolvedType
    /// What it means.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation
    /// Whether it must be given: marked required in the spec, or (for an input) a path parameter. A
    /// required input is a non-optional property and initializer argument without a default.
    package var isRequired: Bool = false
    /// How its dates are written: its own format, else the spec's, when its type holds a `Date`; `nil`
    /// for the runtime's default.
    package var dateFormat: DateFormat?
    /// Where an input is sent (`automatic` for model fields and native or NEI inputs).
    package var placement: ParameterPlacement = .automatic
    /// Why it is deprecated, if it is: marked so, or its type is.
    package var deprecation: ResolvedDeprecation?
    /// The spec's default value, for the doc comment.
    package var defaultValue: JSONNode?
    /// Read-only or write-only (OpenAPI): a read-only field is left out of request bodies, a write-only
    /// one is never required in a response.
    package var access: FieldAccess?
    /// Whether `null` is allowed (OpenAPI).
    package var isNullable = false
    /// Required but nullable (OpenAPI): the key must be there, its value may be `null`.
    package var isRequiredNullable = false
    /// The Swift property name the spec chooses (`x-swift-name`), if any.
    package var swiftName: String?
    /// Examples and constant (OpenAPI), for the doc comment.
    package var notes = ValueNotes()
    /// An input sent as its JSON text (an OpenAPI parameter described by JSON `content`).
    package var sendsJSONText = false
}

/// A model.
package struct ResolvedModel: Sendable {
    /// The spec name.
    package var name: String
    /// What it is.
    package var description: String?
    /// The fields, in declaration order.
    package var fields: [ResolvedField]
    /// Where it is declared.
    package var location: SourceLocation
    /// Marked deprecated in the spec.
    package var isDeprecated = false
    /// Default and examples (OpenAPI), for the doc comment.
    package var notes = ValueNotes()
    /// The field that keeps the keys of an object beyond its fields, a map (OpenAPI
    /// `additionalProperties` beside `properties`; ``TypeDecl/additionalProperties``), if any: its
    /// ``ResolvedField/name`` is the Swift name it asks for, not a JSON key.
    package var additionalProperties: ResolvedField?
    /// An inline schema's model (``TypeDecl/isInline``): the renderer may make it a type alias of another
    /// inline model with the same fields.
    package var isInline = false

    /// The fields, then the field of additional properties if any: every field of the model's storage.
    package var storedFields: [ResolvedField] {
        guard let additionalProperties else { return fields }
        return fields + [additionalProperties]
    }
}

/// An enumeration.
package struct ResolvedEnum: Sendable {
    /// The spec name.
    package var name: String
    /// What it is.
    package var description: String?
    /// The members, in declaration order.
    package var members: [EnumMemberDecl]
    /// Where it is declared.
    package var location: SourceLocation
    /// Declared `"closed": true`: strict mapping rejects values the spec does not list.
    package var isClosed = false
    /// Strings (an `HTStringEnum`) or integers (an `HTIntegerEnum`, whose members' values are decimal
    /// integers that fit in an `Int`: the resolver checks).
    package var rawType: TypeDecl.EnumRawType = .string
    /// Marked deprecated in the spec.
    package var isDeprecated = false
    /// Default and examples (OpenAPI), for the doc comment.
    package var notes = ValueNotes()
}

/// A request header.
package struct ResolvedHeader: Sendable {
    /// The header field name.
    package var name: String
    /// The constant value, or `nil` for a variable header.
    package var value: String?
    /// What it is for.
    package var description: String?
    /// Where it is declared.
    package var location: SourceLocation
}

/// What a response maps to: by rules 1 to 5 of `HTNetworking.docc/ResponseRules.md` (the table in its
/// Overview; native specs and NEI exports), or exactly as the spec says (an OpenAPI operation's
/// ``ResponseDecl``, rule 0).
package struct ResolvedResponse: Sendable {
    /// The mapped type (by the rules: a model or an array of models; exact: any type), or `nil` when the
    /// caller gets raw JSON.
    package var type: ResolvedType?
    /// The key path of the payload in the body, or `nil` for the whole body.
    package var keyPath: String?
    /// Which rule decided it, 1 to 5; 0 for a response the spec states exactly.
    package var rule: Int
    /// The response has no body (OpenAPI 204 or a success response without content): `HTNoContent`.
    package var isEmpty = false
    /// The response's other outputs, for mock answers, which write them beside the payload: rule 2's
    /// envelope fields of built-in scalar types (`code`, `message`), and its payload when that is of a
    /// built-in type (raw JSON to the caller); rules 4 and 5 every output.
    package var outputs: [ResolvedField] = []
}

/// The inputs of a request.
package enum ResolvedInputs: Sendable {
    /// Individual parameters.
    case fields([ResolvedField])
    /// One imported model: the request has a single property for it, and its JSON is the parameters.
    case imported(model: String, location: SourceLocation)
}

/// A request.
package struct ResolvedRequest: Sendable {
    /// The class name without the prefix, with the `Request` suffix rule applied. Two requests of a spec
    /// may share it; their Swift names are unique (``SwiftNames``).
    package var className: String
    /// The HTTP method, upper-cased.
    package var method: String
    /// The path, relative to the client's base URL (never an absolute URL or `//host/...`).
    package var path: String
    /// What it does.
    package var description: String?
    /// Its display name (NEI's `name`) when that is not its class name: the first doc comment line.
    package var title: String?
    /// Whether the class name was derived from the method and path (no usable `className` or name).
    package var isDerivedName: Bool = false
    /// The inputs.
    package var inputs: ResolvedInputs
    /// The headers, in declaration order.
    package var headers: [ResolvedHeader]
    /// What the response maps to.
    package var response: ResolvedResponse
    /// Where it is declared.
    package var location: SourceLocation
    /// The spec says where every input goes and what the body and response are (an OpenAPI operation):
    /// the request sends path and query inputs as `parameters` with `sendsParametersInQuery`, header
    /// and cookie inputs as `headers`, and its body as `body`. `false`: the runtime's rules (native
    /// specs, NEI exports).
    package var placesParameters = false
    /// The body described apart from the inputs (OpenAPI `requestBody`).
    package var body: ResolvedBody?
    /// The documented error responses, in status order (codes, then ranges, then `default`).
    package var errorResponses: [ResolvedErrorResponse] = []
    /// Every success status, when they differ in body: the response is read by its status.
    package var statusResponses: [ResolvedStatusResponse] = []
    /// The headers its success responses document.
    package var responseHeaders: [ResolvedResponseHeader] = []
    /// Why it is deprecated, if it is: marked so, or it uses a deprecated type.
    package var deprecation: ResolvedDeprecation?
    /// Its security requirements, any one of which it must meet (`nil`: the spec does not say).
    package var security: [[SecuritySchemeDecl]]?
    /// Its `Accept` header, when it reads a success response that is not JSON.
    package var accept: String?
    /// The lowest documented success status code (``InterfaceDecl/successStatus``).
    package var successStatus: Int?
    /// Its success response read as a stream: the format and the element type.
    package var stream: (format: StreamDecl.Format, element: ResolvedType)?
    /// The base URL its own servers give it.
    package var baseURL: String?
    /// How its results are paged, its input checked: it conforms to `HTPagedRequest`.
    package var paging: PagingDecl?
    /// The OpenAPI `operationId` as written (``InterfaceDecl/operationID``), which mock scenarios name
    /// it by.
    package var operationID: String?
    /// The named examples of its documented responses (OpenAPI), which mock scenarios pick by name.
    package var responseExamples: [ResponseExampleDecl] = []
}

extension ResolvedRequest {
    /// The order in which requests are listed and claim their Swift names: by class name; of requests
    /// that share one, names given (a `className`, a plain name, an `operationId`) before names derived
    /// from the method and path, then by path, method and place in the spec.
    package static func namingOrder(_ x: ResolvedRequest, _ y: ResolvedRequest) -> Bool {
        if x.className != y.className { return x.className < y.className }
        if x.isDerivedName != y.isDerivedName { return !x.isDerivedName }
        if x.path != y.path { return x.path < y.path }
        if x.method != y.method { return x.method < y.method }
        return x.location < y.location
    }
}
