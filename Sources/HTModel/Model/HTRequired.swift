/// A field the spec requires: the `Storage` of a generated model holds a required field as
/// `HTRequired<Value>`, and the model reads it as `Value`, not an optional (`pet.name` is a `String`).
///
/// A model with required fields can be made only with them: its initializer takes them
/// (`HTPet(name: "Rex") { $0.tag = "indoor" }`), the mapper builds it only from JSON that has every one
/// (a response that lacks one fails to map, naming its JSON path), and `with { }` keeps them set
/// (`$0.name = "Ann"` assigns the value; there is no way to assign "missing"). Inside a builder or `with`
/// closure the field reads and writes as `Value` too (``HTModelFields``).
///
/// The mapper fills a model's storage field by field before the model exists, so the wrapper can be
/// empty while it does: ``htSlot`` is the field as the mapper sees it (`nil` until set). Reading
/// ``value`` of an empty wrapper is a programming error (only code that sets ``htSlot`` to `nil` itself,
/// or builds a `Storage()` and a model from it with the generated-code SPI, can make one) and stops the
/// program with a message that names the type.
public struct HTRequired<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The field as the mapper fills it: `nil` until it is set. Generated code reads and writes it; apps
    /// read ``value`` (or the model's property).
    public var htSlot: Value?

    /// An empty field, as the mapper starts a model's storage.
    @inlinable
    public init() {
        htSlot = nil
    }

    /// A field holding `value`.
    @inlinable
    public init(_ value: Value) {
        htSlot = value
    }

    /// The field's value.
    @inlinable
    public var value: Value {
        get {
            guard let htSlot else {
                preconditionFailure("a required field of type \(Value.self) was read before it was set")
            }
            return htSlot
        }
        set { htSlot = newValue }
    }
}
