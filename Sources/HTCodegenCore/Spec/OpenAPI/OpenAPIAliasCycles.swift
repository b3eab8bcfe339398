/// Component schemas that are only references to each other (`A: {$ref: B}`, `B: {$ref: A}`) or an
/// array of themselves (`D: {type: array, items: {$ref: D}}`) describe no value a type can hold:
/// each such alias becomes any JSON (`Variable`, in the same arrays and maps) with a warning, so the
/// rest of the document still generates.
extension OpenAPIReadContext {
    /// Breaks every cycle of aliases in ``types``.
    mutating func breakAliasCycles() {
        var aliasIndex: [String: Int] = [:]
        for (index, type) in types.enumerated() {
            if case .alias = type.kind { aliasIndex[type.name] = index }
        }
        for index in types.indices {
            guard case .alias(let start) = types[index].kind else { continue }
            var seen: Set<String> = [types[index].name]
            var path = [types[index].name]
            var next = start.name
            var cycle = false
            while let nextIndex = aliasIndex[next], case .alias(let target) = types[nextIndex].kind {
                path.append(next)
                if !seen.insert(next).inserted {
                    cycle = next == types[index].name
                    break
                }
                next = target.name
            }
            guard cycle else { continue }
            types[index].kind = .alias(TypeRef(name: "Variable", wrappers: start.wrappers, location: start.location))
            diagnostics.warning(
                "'\(types[index].name)' only refers to itself (\(path.joined(separator: " → "))); it is read as any JSON (Variable)",
                at: types[index].location)
        }
    }
}
