/// The base class of generated models (the original's `HTHTTPModel`).
///
/// It gives every model value semantics for comparison (two models are equal when they are of the same
/// type and their JSON is equal), hashing, and a JSON-formatted description. An app that wants its own
/// base class declares a class with the same name in its module (it shadows this one) or sets
/// `modelAbstract` in `htcodegen.json`; that class should inherit from this one.
open class HTHTTPModel: Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Creates a model with every property at its default.
    public required init() {}

    /// The model's JSON, when its class conforms to ``HTModelMappable`` (generated models do), else an
    /// empty object.
    public var htJSONValue: HTJSON {
        if let mappable = self as? any HTModelMappable { return mappable.htJSON }
        return .object(HTJSONObject())
    }

    public static func == (lhs: HTHTTPModel, rhs: HTHTTPModel) -> Bool {
        lhs === rhs || (type(of: lhs) == type(of: rhs) && lhs.htJSONValue == rhs.htJSONValue)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: self)))
        hasher.combine(htJSONValue)
    }

    /// The model's JSON, sorted and indented.
    open var description: String {
        "\(type(of: self)) " + htJSONValue.serializedString(options: [.sortedKeys, .prettyPrinted])
    }

    open var debugDescription: String { description }
}
