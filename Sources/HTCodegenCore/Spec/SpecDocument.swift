/// A spec as read from one file, before names are resolved: what every front end (the native format,
/// NEI v0.x and v3.x exports) produces. References are by name; every node keeps its source position.
public struct SpecDocument: Sendable {
    /// The file, as named in diagnostics.
    public var file: String
    /// What the API is.
    public var description: String?
    /// The data types, in file order.
    public var types: [TypeDecl] = []
    /// The interfaces, in file order.
    public var interfaces: [InterfaceDecl] = []

    /// Creates an empty document for `file`.
    public init(file: String, description: String? = nil) {
        self.file = file
        self.description = description
    }
}

/// A reference to a type by name, possibly an array: `String`, `User`, `[User]`, `[[Number]]`.
public struct TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// The element type's name.
    public var name: String
    /// How many array levels wrap it.
    public var arrayDepth: Int
    /// Where the reference is written.
    public var location: SourceLocation

    /// Creates a reference.
    public init(name: String, arrayDepth: Int = 0, location: SourceLocation) {
        self.name = name
        self.arrayDepth = arrayDepth
        self.location = location
    }

    public var description: String {
        String(repeating: "[", count: arrayDepth) + name + String(repeating: "]", count: arrayDepth)
    }
}

/// A data type.
public struct TypeDecl: Sendable {
    /// What kind of type.
    public enum Kind: Sendable {
        /// A hash (object) type with fields: becomes a model.
        case hash([FieldDecl])
        /// An enumeration of string values.
        case enumeration([EnumMemberDecl])
        /// A named array type, inlined as an array wherever it is used.
        case array(TypeRef)
        /// A user-defined basic type (NEI v3 `format` 3, 4 or 5): an alias of a system type.
        case alias(TypeRef)
    }

    /// The name, as written.
    public var name: String
    /// Where the name is.
    public var location: SourceLocation
    /// What the type is for.
    public var description: String?
    /// What kind of type.
    public var kind: Kind
    /// Hidden and anonymous types (NEI) get no model of their own unless something references them.
    public var isHidden: Bool = false

    /// Creates a type.
    public init(name: String, location: SourceLocation, description: String?, kind: Kind, isHidden: Bool = false) {
        self.name = name
        self.location = location
        self.description = description
        self.kind = kind
        self.isHidden = isHidden
    }
}

/// A field of a hash type, or an input or output parameter of an interface.
public struct FieldDecl: Sendable {
    /// The name, as written (also the JSON key).
    public var name: String
    /// Where the name is.
    public var location: SourceLocation
    /// The type.
    public var type: TypeRef
    /// What the field means.
    public var description: String?
    /// Whether the spec marks it required (native `"required": true`, NEI's `required`). A required
    /// input becomes a non-optional initializer argument; on data-type fields it is carried for models.
    public var isRequired: Bool

    /// Creates a field.
    public init(name: String, location: SourceLocation, type: TypeRef, description: String?, isRequired: Bool = false) {
        self.name = name
        self.location = location
        self.type = type
        self.description = description
        self.isRequired = isRequired
    }
}

/// A member of an enumeration.
public struct EnumMemberDecl: Sendable {
    /// The member's key: the name of its constant.
    public var key: String
    /// The string value sent over the wire.
    public var value: String
    /// What the member means.
    public var description: String?
    /// Where the member is.
    public var location: SourceLocation

    /// Creates a member.
    public init(key: String, value: String, description: String?, location: SourceLocation) {
        self.key = key
        self.value = value
        self.description = description
        self.location = location
    }
}

/// The inputs or the outputs of an interface.
public enum ParametersDecl: Sendable {
    /// Individual parameters.
    case fields([FieldDecl])
    /// One whole data type imported as the parameters (NEI's imported data types). `bindings` give the
    /// concrete type of the type's `Variable` fields, by field name (the envelope's `result`).
    case imported(TypeRef, bindings: [String: TypeRef])

    /// No parameters.
    public static let none = ParametersDecl.fields([])
}

/// A request header of an interface.
public struct HeaderDecl: Sendable {
    /// The header's name, e.g. `Content-Type`.
    public var name: String
    /// The fixed value of a constant header; `nil` for a variable header (set per request).
    public var value: String?
    /// What the header is for.
    public var description: String?
    /// Where the header is.
    public var location: SourceLocation

    /// Creates a header.
    public init(name: String, value: String?, description: String?, location: SourceLocation) {
        self.name = name
        self.value = value
        self.description = description
        self.location = location
    }
}

/// An interface: one HTTP request.
public struct InterfaceDecl: Sendable {
    /// The class name (before the prefix and the `Request` suffix).
    public var name: String
    /// Where the name is.
    public var location: SourceLocation
    /// The HTTP method, upper-cased.
    public var method: String
    /// Where the method is.
    public var methodLocation: SourceLocation
    /// The path, e.g. `/users/:userName/photos`, or an absolute URL.
    public var path: String
    /// Where the path is.
    public var pathLocation: SourceLocation
    /// What the interface does.
    public var description: String?
    /// The interface's display name when it is not its class name (NEI's `name`, often Chinese, when
    /// a `className` is set): the first line of the request's doc comment.
    public var title: String?
    /// The inputs.
    public var inputs: ParametersDecl
    /// The outputs.
    public var outputs: ParametersDecl
    /// The request headers.
    public var headers: [HeaderDecl]

    /// Creates an interface.
    public init(
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
