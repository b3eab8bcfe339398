/// The fields of a model, in one value: what a model holds, and what building or editing a model
/// changes (``HTModelMappable/init(_:)``, ``HTModelMappable/with(_:)``).
///
/// A model keeps its storage in one `let`, so a model, once built, never changes; the storage is a
/// struct of optional `var`s, so a copy of it is edited as freely as any Swift value. Equality and hashing
/// of models are those of their storage, field by field.
///
/// Generated models declare it as `struct Storage: HTModelStorage` with one optional field per property.
/// Its layout is not API: fields may be reordered or change representation in a minor version (see
/// the article "API stability of generated code").
public protocol HTModelStorage: Sendable, Hashable {
    /// Storage with every field `nil`.
    init()
}
