/// The models, enumerations and unions of a resolved API by spec name, for the mock synthesizer and
/// checker.
package struct MockTypeTable: Sendable {
    package var models: [String: ResolvedModel] = [:]
    package var enums: [String: ResolvedEnum] = [:]
    package var unions: [String: ResolvedUnion] = [:]

    /// The types of `api`.
    package init(_ api: ResolvedAPI) {
        for model in api.models { models[model.name] = model }
        for item in api.enums { enums[item.name] = item }
        for union in api.unions { unions[union.name] = union }
    }
}
