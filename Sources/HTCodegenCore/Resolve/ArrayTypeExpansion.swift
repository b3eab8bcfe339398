/// What a named array or alias type stands for once every named array type it goes through is
/// followed: the type it ends in and the arrays and maps that wrap it (`Matrix` = `[Row]`, `Row` =
/// `[Number]` is `Number` in two arrays).
struct ArrayTypeExpansion {
    /// The reference the chain ends in: a system type, a model or an enumeration (never an array type);
    /// only its name counts, its own levels are in ``wrappers``.
    var base: TypeRef
    /// The levels around `base`, outermost first, those of the reference itself not included.
    var wrappers: [TypeRef.Wrapper]
}
