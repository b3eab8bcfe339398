/// The base class of generated models (the original's `HTHTTPModel`).
///
/// It gives every model value semantics for comparison (two models are equal when they are of the same
/// type and their JSON is equal), hashing, a JSON-formatted description, and `Codable` through the
/// model's JSON (the original's `NSCoding`). An app that wants its own base class declares one that
/// inherits from this class and names it in `htcodegen.json` (`modelAbstract`, with
/// `"abstractTypes": "app"`); generated models then inherit from it.
open class HTHTTPModel: Hashable, CustomStringConvertible, CustomDebugStringConvertible, Codable {
    /// Creates a model with every property at its default.
    public required init() {}

    /// Creates a model from any `Decoder` holding its JSON object; subclasses inherit it.
    public required convenience init(from decoder: any Decoder) throws {
        self.init()
        try (self as? any HTModelMappable)?.htSet(from: decoder)
    }

    /// Encodes the model as its JSON object (``htJSONValue``).
    open func encode(to encoder: any Encoder) throws {
        try htJSONValue.encode(to: encoder)
    }

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
