/// Building and editing models. A model never changes once built; a builder fills a fresh
/// `Storage`, and ``HTModelMappable/with(_:)`` edits a copy of a model's storage into
/// a new model:
///
/// ```swift
/// let update = HTProfileUpdate {
///     $0.displayName = "Alice L."
///     $0.address = HTAddress { $0.city = "Shanghai" }
/// }
/// let renamed = user.with { $0.displayName = "Ann" }
/// ```
extension HTModelMappable {
    /// Creates a model with the fields `build` sets; the others are `nil`.
    public init(_ build: (inout Storage) throws -> Void) rethrows {
        var storage = Storage()
        try build(&storage)
        self.init(htStorage: storage)
    }

    /// Creates a model with every field `nil`.
    public init() {
        self.init(htStorage: Storage())
    }

    /// A new model with this model's fields, changed by `changes`. This model is unchanged, and the
    /// new one is a different object (equal to this one only when `changes` changed nothing).
    public func with(_ changes: (inout Storage) throws -> Void) rethrows -> Self {
        var storage = htStorage
        try changes(&storage)
        return Self(htStorage: storage)
    }
}
