/// The concrete type an interface chooses for a `Variable` or `[Variable]` field of a data type it
/// imports (the payload of an envelope such as `ResultData.result` or `ResultFragment.result`).
package struct VariableBinding: Sendable, Hashable {
    /// How ``type`` relates to the field's own arrays.
    package enum Scope: Sendable, Hashable {
        /// The native format's `"bind"`: the type stands for `Variable` inside the field's arrays, and
        /// the two compose: `[Variable]` bound to `Product` is `[Product]`, to `[Product]` `[[Product]]`.
        case variable
        /// An NEI export's bound parameter: the type is the field's whole type in this interface, its
        /// `isArray` included (as nei-toolkit reads it: the datatype's own `isArray` plays no part), so
        /// `[Variable]` bound to `Product` with `isArray: 1` is `[Product]`. Arrays compose only through a
        /// bound array datatype (`ProductList` with `isArray: 1` is `[[Product]]`).
        case wholeField
    }

    /// The bound type.
    package var type: TypeRef
    /// How it relates to the field's arrays.
    package var scope: Scope

    /// Creates a binding.
    package init(_ type: TypeRef, scope: Scope) {
        self.type = type
        self.scope = scope
    }
}
