/// What a named array or alias type stands for once every named array type it goes through is
/// followed: the type it ends in and how many array levels wrap it (`Matrix` = `[Row]`, `Row` =
/// `[Number]` is `Number` in 2 levels).
struct ArrayTypeExpansion {
    /// The reference the chain ends in: a system type, a model or an enumeration (never an array type).
    var base: TypeRef
    /// The array levels around `base`, those of the reference itself not included.
    var depth: Int
}
