/// The fields of a model, in one value: what a model holds, and what building or editing a model
/// changes (``HTModelMappable/init(_:)``, ``HTModelMappable/with(_:)``).
///
/// A model keeps its storage in one `let`, so a model, once built, never changes; a copy of the storage
/// is edited through ``HTModelFields``, in a builder or a `with` closure. Models compare and
/// hash by their fields, through their table of accessors (`htAccessors`), so the storage itself is not
/// `Equatable`: a synthesized `==` and `hash(into:)` per model were a quarter of a debug build's code.
///
/// Generated models declare it as `struct Storage: HTOptionalFieldsStorage` with one optional `let` per
/// property, or `HTModelStorage` when some fields are required (``HTRequired``). Its `init()` is the
/// empty storage the mapper fills before a model is built; the mapper and ``HTModelFields`` write the
/// `let`s at their offsets (a stored field's key path gives it), so a field costs no setter.
/// Its layout is not API: fields may be reordered or change representation in a minor version (see
/// the article "API stability of generated code").
public protocol HTModelStorage: Sendable {
    /// Storage with every field `nil` (required fields empty): where the mapper starts.
    init()
}

/// A model storage whose every field is optional: a model of it can be built with any of its fields
/// set (``HTModelMappable/init(_:)``) or none (``HTModelMappable/init()``). Generated models without
/// required fields declare their `Storage` with it; a model with required fields (``HTRequired``) has a
/// generated initializer that takes them instead.
public protocol HTOptionalFieldsStorage: HTModelStorage {}
