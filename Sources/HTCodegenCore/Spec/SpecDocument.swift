/// A spec as read from one file, before names are resolved: what every front end (the native format,
/// NEI v0.x and v3.x exports) produces. References are by name; every node keeps its source position.
package struct SpecDocument: Sendable {
    /// The file, as named in diagnostics.
    package var file: String
    /// What the API is.
    package var description: String?
    /// The data types, in file order.
    package var types: [TypeDecl] = []
    /// The interfaces, in file order.
    package var interfaces: [InterfaceDecl] = []
    /// The spec-wide date format (native `"dateFormat"`): the format of every field whose type holds a
    /// `Date` and that declares none. `nil`: the runtime's default.
    package var dateFormat: DateFormatDecl?
    /// An NEI export: it refers to types by id, so a datatype named like a built-in type (`Data`,
    /// `Date`) is never ambiguous in it (in a native spec it takes the name over, with a warning).
    package var refersToTypesByID = false
    /// Its models keep every field optional whatever the spec requires (NEI exports, whose `required`
    /// servers do not keep): a required field is only checked when mapping (a diagnostic).
    package var keepsFieldsOptional = false
    /// The servers the spec names (OpenAPI); the first is the default base URL.
    package var servers: [ServerDecl] = []
    /// The security schemes the spec declares (OpenAPI), for doc comments.
    package var securitySchemes: [SecuritySchemeDecl] = []
    /// Types of the app's own that references may name (`{"appType": "Money"}` in `fieldTypes`): written
    /// as they are, without the prefix, never declared; they conform to `HTJSONValueConvertible`.
    package var appTypes: Set<String> = []

    /// Creates an empty document for `file`.
    package init(file: String, description: String? = nil) {
        self.file = file
        self.description = description
    }
}

/// A data type.
package struct TypeDecl: Sendable {
    /// What kind of type.
    package enum Kind: Sendable {
        /// A hash (object) type with fields: becomes a model.
        case hash([FieldDecl])
        /// An enumeration of string values.
        case enumeration([EnumMemberDecl])
        /// A named array type, inlined as an array wherever it is used.
        case array(TypeRef)
        /// A user-defined basic type (NEI v3 `format` 3, 4 or 5): an alias of a system type. Also an
        /// OpenAPI component schema that is not an object (`PetID: {type: integer}`, `Pets: [Pet]`).
        case alias(TypeRef)
        /// One of several types (OpenAPI `oneOf`/`anyOf`).
        case union(UnionDecl)
    }

    /// The raw type of an enumeration's values.
    package enum EnumRawType: Sendable, Hashable {
        /// Strings (every native and NEI enumeration).
        case string
        /// Integers (an OpenAPI `type: integer` enum): members' values are their decimal text.
        case integer
    }

    /// The name, as written.
    package var name: String
    /// Where the name is.
    package var location: SourceLocation
    /// What the type is for.
    package var description: String?
    /// What kind of type.
    package var kind: Kind
    /// Hidden and anonymous types (NEI) get no model of their own unless something references them.
    package var isHidden: Bool = false
    /// An enumeration declared `"closed": true`: strict mapping rejects values it does not list.
    package var isClosed: Bool = false
    /// The raw type of an enumeration's values.
    package var enumRawType: EnumRawType = .string
    /// Marked deprecated in the spec: `@available(*, deprecated)`.
    package var isDeprecated = false
    /// The schema's default value and examples (OpenAPI), for the doc comment.
    package var notes = ValueNotes()
    /// The name the spec chooses for the Swift type (OpenAPI `x-swift-name`), before the prefix; `nil`:
    /// made from ``name``.
    package var swiftName: String?
    /// For a hash type whose objects may have keys beyond its fields (OpenAPI `additionalProperties`
    /// beside `properties`): the field that keeps them, a map (`[String: T]`, T the values' type), whose
    /// ``FieldDecl/name`` is the Swift name it asks for (`additionalProperties`), not a JSON key. `nil`:
    /// other keys are ignored.
    package var additionalProperties: FieldDecl?
    /// Declared where it is used, without a name of its own (an OpenAPI inline schema, named after where
    /// it sits): a model of such a type whose fields are those of another such model is generated as a
    /// type alias of it.
    package var isInline = false

    /// Creates a type.
    package init(name: String, location: SourceLocation, description: String?, kind: Kind, isHidden: Bool = false) {
        self.name = name
        self.location = location
        self.description = description
        self.kind = kind
        self.isHidden = isHidden
    }
}

/// A field of a hash type, or an input or output parameter of an interface.
package struct FieldDecl: Sendable {
    /// The name, as written (also the JSON key).
    package var name: String
    /// Where the name is.
    package var location: SourceLocation
    /// The type.
    package var type: TypeRef
    /// What the field means.
    package var description: String?
    /// Whether the spec marks it required (native `"required": true`, NEI's `required`). A required
    /// input becomes a non-optional initializer argument; on data-type fields it is carried for models.
    package var isRequired: Bool
    /// How its dates are written (native `"format"`, or a `fieldTypes` setting); only for a type that
    /// holds a `Date`.
    package var dateFormat: DateFormatDecl?
    /// Where an input is sent (`automatic` for native and NEI inputs and for model fields).
    package var placement: ParameterPlacement = .automatic
    /// An input sent as its JSON text (an OpenAPI parameter described by JSON `content`).
    package var sendsJSONText = false
    /// Marked deprecated in the spec: `@available(*, deprecated)`.
    package var isDeprecated = false
    /// The spec's default value, for the doc comment (the server applies it when the field is absent).
    package var defaultValue: JSONNode?
    /// OpenAPI's `readOnly` (sent by the server only) or `writeOnly` (sent by the client only): said in
    /// the doc comment.
    package var access: FieldAccess?
    /// Whether the spec allows `null` for it (OpenAPI `nullable`, a 3.1 type array with `"null"`). A
    /// model field that is nullable and required (``isRequired`` is then `false`) is
    /// ``isRequiredNullable``.
    package var isNullable = false
    /// Listed in `required` but nullable: the key must be there, its value may be `null`.
    package var isRequiredNullable = false
    /// The name the spec chooses for the Swift property (OpenAPI `x-swift-name`); `nil`: made from
    /// ``name``.
    package var swiftName: String?
    /// The schema's examples and constant (OpenAPI), for the doc comment.
    package var notes = ValueNotes()

    /// Creates a field.
    package init(
        name: String, location: SourceLocation, type: TypeRef, description: String?, isRequired: Bool = false,
        dateFormat: DateFormatDecl? = nil
    ) {
        self.name = name
        self.location = location
        self.type = type
        self.description = description
        self.isRequired = isRequired
        self.dateFormat = dateFormat
    }
}

/// What a spec says about the values of a field or type beyond its type, for doc comments only: its
/// examples (OpenAPI `example`, `examples`), its constant (a `const` that is not an enumeration) and,
/// for a type, its default (a field keeps its own in ``FieldDecl/defaultValue``).
package struct ValueNotes: Sendable, Hashable {
    /// The default value.
    package var defaultValue: JSONNode?
    /// The only value allowed (`const` of a boolean, number, object or array).
    package var constant: JSONNode?
    /// Example values, in the spec's order.
    package var examples: [JSONNode] = []
    /// The bounds of the values (OpenAPI), for mock answers only: not said in doc comments.
    package var bounds = ValueBounds()

    /// Nothing to say.
    package init() {}

    /// Whether there is nothing to say.
    package var isEmpty: Bool { defaultValue == nil && constant == nil && examples.isEmpty }
}

/// Which way a field travels, when the spec restricts it.
package enum FieldAccess: String, Sendable, Hashable {
    /// Sent by the server only (OpenAPI `readOnly`).
    case readOnly
    /// Sent by the client only (OpenAPI `writeOnly`).
    case writeOnly
}

/// A member of an enumeration.
package struct EnumMemberDecl: Sendable {
    /// The member's key: the name of its constant.
    package var key: String
    /// The string value sent over the wire.
    package var value: String
    /// What the member means.
    package var description: String?
    /// Where the member is.
    package var location: SourceLocation

    /// Creates a member.
    package init(key: String, value: String, description: String?, location: SourceLocation) {
        self.key = key
        self.value = value
        self.description = description
        self.location = location
    }
}

/// The inputs or the outputs of an interface.
package enum ParametersDecl: Sendable {
    /// Individual parameters.
    case fields([FieldDecl])
    /// One whole data type imported as the parameters (NEI's imported data types). `bindings` give the
    /// concrete type of the type's `Variable` or `[Variable]` fields, by field name (the envelope's
    /// `result`).
    case imported(TypeRef, bindings: [String: VariableBinding])

    /// No parameters.
    package static let none = ParametersDecl.fields([])
}

/// A request header of an interface.
package struct HeaderDecl: Sendable {
    /// The header's name, e.g. `Content-Type`.
    package var name: String
    /// The fixed value of a constant header; `nil` for a variable header (set per request).
    package var value: String?
    /// What the header is for.
    package var description: String?
    /// Where the header is.
    package var location: SourceLocation

    /// Creates a header.
    package init(name: String, value: String?, description: String?, location: SourceLocation) {
        self.name = name
        self.value = value
        self.description = description
        self.location = location
    }
}

/// An interface: one HTTP request.
package struct InterfaceDecl: Sendable {
    /// The class name (before the prefix and the `Request` suffix).
    package var name: String
    /// Where the name is.
    package var location: SourceLocation
    /// Whether the reader made ``name`` from the method and path (an OpenAPI operation without an
    /// `operationId`): such a name yields to a given one when two requests would share a Swift name.
    package var isDerivedName = false
    /// The HTTP method, upper-cased.
    package var method: String
    /// Where the method is.
    package var methodLocation: SourceLocation
    /// The path, e.g. `/users/:userName/photos`, relative to the client's base URL (the ``Resolver``
    /// refuses one that names a host: `Resolver.originProblem(inPath:)`).
    package var path: String
    /// Where the path is.
    package var pathLocation: SourceLocation
    /// What the interface does.
    package var description: String?
    /// The interface's display name when it is not its class name (NEI's `name`, often Chinese, when
    /// a `className` is set): the first line of the request's doc comment.
    package var title: String?
    /// The inputs.
    package var inputs: ParametersDecl
    /// The outputs.
    package var outputs: ParametersDecl
    /// The request headers.
    package var headers: [HeaderDecl]
    /// The body, when the spec describes it apart from the inputs (OpenAPI); `nil`: the inputs that
    /// are not in the path are the body (or the query), as the runtime decides.
    package var body: RequestBodyDecl?
    /// The success response, when the spec says exactly what it is (OpenAPI); `nil`: the outputs and
    /// the response rules decide.
    package var response: ResponseDecl?
    /// The documented error responses (OpenAPI), in status order.
    package var errorResponses: [ErrorResponseDecl] = []
    /// The named examples of its documented responses (OpenAPI), in document order: what a mock
    /// scenario picks by name.
    package var responseExamples: [ResponseExampleDecl] = []
    /// Every documented success status, in status order, when they do not all have the same body
    /// (OpenAPI); empty otherwise: ``response`` is then the response of every success status.
    package var statusResponses: [StatusResponseDecl] = []
    /// The headers the success responses document (OpenAPI), in document order, one per name.
    package var responseHeaders: [ResponseHeaderDecl] = []
    /// Marked deprecated in the spec: `@available(*, deprecated)`.
    package var isDeprecated = false
    /// The security requirements of the interface, any one of which it must meet, each the names of
    /// its schemes (``SpecDocument/securitySchemes``); `[]`: none needed; `nil`: not said.
    package var security: [[String]]?
    /// The media type of the success response it reads when that is not JSON (`image/png`,
    /// `text/csv`): its `Accept` header.
    package var accept: String?
    /// The lowest documented success status code (OpenAPI), the status of its mock answer; `nil`: not
    /// said, or the range `2XX` (200).
    package var successStatus: Int?
    /// The success response read as a stream, besides its whole body (OpenAPI).
    package var stream: StreamDecl?
    /// The base URL its own (or its path's) `servers` give it, replacing the client's (OpenAPI).
    package var baseURL: String?
    /// The OpenAPI `operationId` as written (``name`` is made from it); `nil` for other specs, or an
    /// operation without one. The `operations` filter of `htcodegen.json` matches it (``OperationFilter``).
    package var operationID: String?
    /// The OpenAPI operation's `tags`, in order.
    package var tags: [String] = []
    /// How its results are paged (native `"paging"`, OpenAPI `x-ht-paging`, `htcodegen.json`, or
    /// inferred from an NEI paging envelope); `nil`: not paged.
    package var paging: PagingDecl?

    /// Creates an interface.
    package init(
        name: String, location: SourceLocation, method: String, methodLocation: SourceLocation, path: String,
        pathLocation: SourceLocation, description: String?, inputs: ParametersDecl, outputs: ParametersDecl,
        headers: [HeaderDecl], title: String? = nil
    ) {
        self.title = title
        self.name = name
        self.location = location
        self.method = method
        self.methodLocation = methodLocation
        self.path = path
        self.pathLocation = pathLocation
        self.description = description
        self.inputs = inputs
        self.outputs = outputs
        self.headers = headers
    }
}
