/// The resolved API of one spec file: every reference checked, every response rule decided. Both front
/// ends (the native format and NEI exports) end here, and the Swift renderer reads only this.
public struct ResolvedAPI: Sendable {
    /// The spec file, as named in diagnostics and in generated headers.
    public var file: String
    /// What the API is.
    public var description: String?
    /// The models (hash types), sorted by name.
    public var models: [ResolvedModel]
    /// The enumerations, sorted by name.
    public var enums: [ResolvedEnum]
    /// The requests, sorted by class name.
    public var requests: [ResolvedRequest]
}

/// A resolved type.
public indirect enum ResolvedType: Sendable, Hashable {
    case string
    /// NEI's `Number`: a `Double`.
    case number
    /// An integer (`Integer` in the native format): an `Int`.
    case integer
    case boolean
    /// NEI's `Variable`: any JSON value.
    case variable
    /// A model, by spec name.
    case model(String)
    /// An enumeration, by spec name.
    case enumeration(String)
    case array(ResolvedType)

    /// The model this type holds (itself or as array elements), if any.
    public var modelName: String? {
        switch self {
        case .model(let name): return name
        case .array(let element): return element.modelName
        default: return nil
        }
    }
}

/// A field of a model, or an input parameter.
public struct ResolvedField: Sendable {
    /// The name in the spec: the JSON key.
    public var name: String
    /// The type.
    public var type: ResolvedType
    /// What it means.
    public var description: String?
    /// Where it is declared.
    public var location: SourceLocation
    /// Whether it must be given: marked required in the spec, or (for an input) a path parameter. A
    /// required input is a non-optional property and initializer argument without a default.
    public var isRequired: Bool = false
}

/// A model.
public struct ResolvedModel: Sendable {
    /// The spec name.
    public var name: String
    /// What it is.
    public var description: String?
    /// The fields, in declaration order.
    public var fields: [ResolvedField]
    /// Where it is declared.
    public var location: SourceLocation
}

/// An enumeration.
public struct ResolvedEnum: Sendable {
    /// The spec name.
    public var name: String
    /// What it is.
    public var description: String?
    /// The members, in declaration order.
    public var members: [EnumMemberDecl]
    /// Where it is declared.
    public var location: SourceLocation
}

/// A request header.
public struct ResolvedHeader: Sendable {
    /// The header field name.
    public var name: String
    /// The constant value, or `nil` for a variable header.
    public var value: String?
    /// What it is for.
    public var description: String?
    /// Where it is declared.
    public var location: SourceLocation
}

/// What a response maps to (the rules of `codegen-rules.md` §3.4).
public struct ResolvedResponse: Sendable {
    /// The mapped type (a model or an array of models), or `nil` when the caller gets raw JSON.
    public var type: ResolvedType?
    /// The key path of the payload in the body, or `nil` for the whole body.
    public var keyPath: String?
    /// Which rule decided it, 1 to 5.
    public var rule: Int
}

/// The inputs of a request.
public enum ResolvedInputs: Sendable {
    /// Individual parameters.
    case fields([ResolvedField])
    /// One imported model: the request has a single property for it, and its JSON is the parameters.
    case imported(model: String, location: SourceLocation)
}

/// A request.
public struct ResolvedRequest: Sendable {
    /// The class name without the prefix, with the `Request` suffix rule applied.
    public var className: String
    /// The HTTP method, upper-cased.
    public var method: String
    /// The path or absolute URL.
    public var path: String
    /// What it does.
    public var description: String?
    /// Its display name (NEI's `name`) when that is not its class name: the first doc comment line.
    public var title: String?
    /// Whether the class name was derived from the method and path (no usable `className` or name).
    public var isDerivedName: Bool = false
    /// The inputs.
    public var inputs: ResolvedInputs
    /// The headers, in declaration order.
    public var headers: [ResolvedHeader]
    /// What the response maps to.
    public var response: ResolvedResponse
    /// Where it is declared.
    public var location: SourceLocation
}
