/// The base class of generated models (the original's `HTHTTPModel`).
///
/// Models are immutable (see ``HTModelMappable``), so they compare, hash and print by their fields:
/// two models are equal when they are of the same type and their storage is equal field by field (a
/// model of another type is never equal, and nothing is serialised to find out). `description`,
/// `dump(_:)` and `Mirror(reflecting:)` show the fields by their Swift names, with the value of a
/// secret field (`password`, `refreshToken`, `clientSecret`, any name with `token`, `secret`,
/// `password`, `session`, ...: the log redaction's default rule) shown as `<redacted>`, so that a model
/// printed in a log or an error (a documented error body) never shows one. The property itself holds
/// the value.
///
/// An app that wants its own base class declares one that inherits from this class and names it in
/// `htcodegen.json` (`modelAbstract`, with `"abstractTypes": "app"`); generated models then inherit from
/// it. Generated models are `Sendable` and shared between threads, so such a class may hold constants
/// (`let`s of `Sendable` types) and methods, but no mutable state unless it synchronises that state
/// itself.
open class HTHTTPModel: Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Creates the base part of a model. Subclasses set their fields first (see ``HTModelMappable``).
    public init() {}

    /// The model's JSON, when its class conforms to ``HTModelMappable`` (generated models do), else an
    /// empty object.
    public var htJSONValue: HTJSON {
        if let mappable = self as? any HTModelMappable { return mappable.htJSON }
        return .object(HTJSONObject())
    }

    public static func == (lhs: HTHTTPModel, rhs: HTHTTPModel) -> Bool {
        if lhs === rhs { return true }
        guard type(of: lhs) == type(of: rhs), let model = lhs as? any HTModelMappable else { return false }
        return model.htHasStorage(equalTo: rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: self)))
        (self as? any HTModelMappable)?.htHashStorage(into: &hasher)
    }

    /// The type's name and its non-`nil` fields by Swift name, values as `debugPrint` writes them (JSON
    /// values as JSON text, secret fields as `<redacted>`):
    /// `HTUser(id: 1, name: "Ann", address: HTAddress(city: "Shanghai"), password: <redacted>)`.
    open var description: String {
        var text = "\(type(of: self))("
        var first = true
        for (label, value) in htFields {
            guard let value else { continue }
            if !first { text += ", " }
            first = false
            text += "\(label): "
            if HTSecretFieldNames.isSecret(label) {
                text += Self.redacted
            } else if let json = value as? HTJSON {
                text += json.serializedString()  // JSON as JSON text, not as its enum cases
            } else {
                debugPrint(value, terminator: "", to: &text)
            }
        }
        return text + ")"
    }

    open var debugDescription: String { description }

    /// What a secret field's value is shown as.
    private static let redacted = "<redacted>"

    /// The fields by name, `nil` ones included (secret ones as `<redacted>`), for `dump(_:)` and
    /// debuggers.
    open var customMirror: Mirror {
        let children = htFields.map { field in
            let value = field.value ?? (Optional<Any>.none as Any)
            return (
                label: Optional(field.label), value: HTSecretFieldNames.isSecret(field.label) ? Self.redacted : value
            )
        }
        return Mirror(self, children: children, displayStyle: .class)
    }

    /// The fields by Swift name, in declaration order, when the class conforms to ``HTModelMappable``.
    private var htFields: [(label: String, value: Any?)] {
        (self as? any HTModelMappable)?.htFieldValues ?? []
    }
}

extension HTModelMappable {
    /// Whether `other` is a `Self` whose fields are equal, field by field through `htAccessors` (the
    /// storage itself need not be `Equatable`).
    fileprivate func htHasStorage(equalTo other: AnyObject) -> Bool {
        guard let other = other as? Self else { return false }
        for accessor in Self.htAccessors where !accessor.isEqual(self, other) { return false }
        return true
    }

    /// Feeds every field to `hasher`, as ``htHasStorage(equalTo:)`` compares them.
    fileprivate func htHashStorage(into hasher: inout Hasher) {
        for accessor in Self.htAccessors { accessor.hash(self, into: &hasher) }
    }

    fileprivate var htFieldValues: [(label: String, value: Any?)] {
        Self.htAccessors.map { (label: $0.name, value: $0.value(of: self)) }
    }
}
