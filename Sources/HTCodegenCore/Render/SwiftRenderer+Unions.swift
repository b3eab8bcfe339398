/// Unions (OpenAPI `oneOf`/`anyOf`): one Swift enum each, in the models files.
///
/// ```swift
/// enum HTPet: HTJSONValueConvertible, Hashable {
///     case cat(HTCat)
///     case dog(HTDog)
///     case unknown(HTJSON)
/// }
/// ```
///
/// A value is decoded by its discriminator property when the union has one (each alternative's values
/// in a `switch`), and by trying the alternatives in the spec's order otherwise (the runtime's
/// `HTMappingContext.attempt`, which tries strictly and leaves no diagnostic behind when an alternative
/// does not accept the value): a `switch` on the kind of JSON value tries the alternatives of that
/// kind, and coerces a value into an alternative of another kind only when the union has none of its
/// own (``kindGroups(_:integerEnums:)``). Alternatives no discriminator value names are tried after the
/// discriminator's `switch`. A value nothing accepts is kept as `unknown`, never a failed response.
/// Writing a value writes its payload as it is (a model alternative carries its own discriminator
/// property).
///
/// Only statements with concrete types are generated (no closures, no `Optional.map`, no operators), so
/// a union costs about as much to type-check as a model.
extension SwiftRenderer {
    mutating func renderUnion(_ union: ResolvedUnion, into writer: inout SwiftWriter) {
        let typeName = typeNames[union.name] ?? union.name
        let caseNames = unionCaseNames(union)
        writer.line("// MARK: - \(typeName)")
        writer.line()
        writeTypeDoc(union.description, notes: union.notes, into: &writer)
        if !SwiftNaming.docLines(union.description).isEmpty || !union.notes.isEmpty { writer.line("///") }
        if let discriminator = union.discriminator {
            writer.line(
                "/// Decoded by its `\(SwiftNaming.commentLine(discriminator).replacingBackticks)` property; a value that matches no alternative is kept as `unknown`."
            )
        } else {
            writer.line(
                "/// Decoded as the first alternative, in order, that accepts the value; a value that none accepts is kept as `unknown`."
            )
        }
        writer.line(provenance(union.location))
        if let deprecation = union.deprecation { writer.line(deprecationAttribute(deprecation)) }
        let indirect = union.isIndirect ? "indirect " : ""
        writer.block("\(access)\(indirect)enum \(typeName): HTJSONValueConvertible, Hashable") { writer in
            for (alternative, name) in zip(union.alternatives, caseNames) {
                if let discriminator = union.discriminator, !alternative.discriminatorValues.isEmpty {
                    let values = alternative.discriminatorValues.map(SwiftNaming.stringLiteral).joined(separator: ", ")
                    writer.line(
                        "/// `\(SwiftNaming.commentLine(discriminator).replacingBackticks)`: \(SwiftNaming.commentLine(values))."
                    )
                }
                writer.line("case \(SwiftNaming.escaped(name))(\(swiftType(alternative.type)))")
            }
            writer.line("/// A value no alternative accepts, kept as it is.")
            writer.line("case unknown(HTJSON)")
            writer.line()
            renderUnionDecode(union, typeName: typeName, caseNames: caseNames, into: &writer)
            writer.line()
            writer.block("\(access)var htJSON: HTJSON") { writer in
                writer.line("switch self {")
                for name in caseNames {
                    writer.line("case .\(SwiftNaming.escaped(name))(let value): return value.htJSON")
                }
                writer.line("case .unknown(let json): return json")
                writer.line("}")
            }
            writer.line()
            writer.block("\(access)func htWrite(to writer: HTJSONWriter)") { writer in
                writer.line("switch self {")
                for name in caseNames {
                    writer.line("case .\(SwiftNaming.escaped(name))(let value): value.htWrite(to: writer)")
                }
                writer.line("case .unknown(let json): writer.write(json)")
                writer.line("}")
            }
            writer.line()
            let names = union.alternatives.map { swiftType($0.type) }.joined(separator: ", ")
            let description = names.isEmpty ? typeName : "\(typeName) (one of \(names))"
            writer.line("\(access)static var htTypeDescription: String { \(SwiftNaming.stringLiteral(description)) }")
        }
    }

    /// `htDecode`: the discriminator's `switch`, then the alternatives without a value by the kind of
    /// the JSON value (``kindGroups(_:integerEnums:)``), then `unknown`.
    private func renderUnionDecode(
        _ union: ResolvedUnion, typeName: String, caseNames: [String], into writer: inout SwiftWriter
    ) {
        let cases = Array(zip(union.alternatives, caseNames))
        let tagged = cases.filter { !$0.0.discriminatorValues.isEmpty }
        let tried = union.discriminator == nil ? cases : cases.filter { $0.0.discriminatorValues.isEmpty }
        writer.block(
            "\(access)static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> \(typeName)?"
        ) { writer in
            if let discriminator = union.discriminator, !tagged.isEmpty {
                writer.block("if let tag = json[\(SwiftNaming.stringLiteral(discriminator))]?.stringValue") { writer in
                    writer.line("switch tag {")
                    for (alternative, name) in tagged {
                        let values = alternative.discriminatorValues.map(SwiftNaming.stringLiteral)
                        writer.line("case \(values.joined(separator: ", ")):")
                        writer.line(
                            "    guard let value = \(swiftType(alternative.type)).htDecode(json, context: &context) else { return nil }"
                        )
                        writer.line("    return .\(SwiftNaming.escaped(name))(value)")
                    }
                    writer.line("default:")
                    writer.line("    break")
                    writer.line("}")
                }
            }
            let groups = Self.kindGroups(tried.map(\.0.type), integerEnums: integerEnumNames)
            func attempts(_ indices: [Int], into writer: inout SwiftWriter) {
                for index in indices {
                    let (alternative, name) = tried[index]
                    writer.line(
                        "if let value = context.attempt(\(swiftType(alternative.type)).self, json) { return .\(SwiftNaming.escaped(name))(value) }"
                    )
                }
            }
            if groups.count == 1, let only = groups.first, only.kinds.count == JSONKind.allCases.count {
                // Every kind of value tries the same alternatives: no switch.
                attempts(only.alternatives, into: &writer)
            } else if !groups.isEmpty {
                writer.line("switch json {")
                for group in groups {
                    writer.line("case \(group.kinds.flatMap(\.patterns).joined(separator: ", ")):")
                    writer.indented { attempts(group.alternatives, into: &$0) }
                }
                if groups.reduce(0, { $0 + $1.kinds.count }) < JSONKind.allCases.count {
                    writer.line("default:")
                    writer.line("    break")
                }
                writer.line("}")
            }
            writer.line("return .unknown(json)")
        }
    }

    /// The kinds of JSON value, as a union decodes them.
    enum JSONKind: CaseIterable {
        case string, number, bool, array, object, null

        /// The `HTJSON` case patterns of the kind.
        var patterns: [String] {
            switch self {
            case .string: return [".string"]
            case .number: return [".integer", ".double", ".number"]
            case .bool: return [".bool"]
            case .array: return [".array"]
            case .object: return [".object"]
            case .null: return [".null"]
            }
        }
    }

    /// The alternatives (indices into `types`) each kind of JSON value is tried on, grouped by kinds
    /// that try the same ones, in ``JSONKind`` order; kinds that try none are left out. `integerEnums`
    /// are the enumerations of integers (the others hold strings).
    ///
    /// The rule: a value is tried on the alternatives of its own kind (``ownKinds(of:integerEnums:)``; those that take
    /// any JSON count for every kind), in the document's order, and never coerced into an alternative
    /// of another kind when the union has one of its own: `"10"` of `anyOf: [number, string]` is the
    /// string. Only a scalar value of a kind no alternative has is tried on the scalar alternatives in
    /// order, where mapping's usual coercions apply (`"10"` of `anyOf: [integer, boolean]` is 10).
    static func kindGroups(_ types: [ResolvedType], integerEnums: Set<String>) -> [(
        kinds: [JSONKind], alternatives: [Int]
    )] {
        var groups: [(kinds: [JSONKind], alternatives: [Int])] = []
        for kind in JSONKind.allCases {
            var list = types.indices.filter {
                ownKinds(of: types[$0], integerEnums: integerEnums)?.contains(kind) ?? true
            }
            if list.isEmpty, kind == .string || kind == .number || kind == .bool {
                list = types.indices.filter { Self.coerces(types[$0]) }
            }
            guard !list.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.alternatives == list }) {
                groups[index].kinds.append(kind)
            } else {
                groups.append(([kind], list))
            }
        }
        return groups
    }

    /// The kinds of JSON value a type reads as they are, without coercion; `nil` for a type that takes
    /// any value (`HTJSON`, a union, which applies this rule itself).
    static func ownKinds(of type: ResolvedType, integerEnums: Set<String>) -> Set<JSONKind>? {
        switch type {
        case .string, .url, .uuid, .data, .date: return [.string]
        case .integer, .int32, .int64, .uint64, .number, .decimal: return [.number]
        case .boolean: return [.bool]
        case .array: return [.array]
        case .map, .model: return [.object]
        case .enumeration(let name): return integerEnums.contains(name) ? [.number] : [.string]
        case .variable, .union, .app: return nil
        }
    }

    /// Whether mapping reads a value of another kind into `type` (a string from a number, a number from
    /// a string, a boolean from `"yes"`, a date from an epoch number). URLs, UUIDs, bytes, arrays, maps
    /// and models read only their own kind.
    static func coerces(_ type: ResolvedType) -> Bool {
        switch type {
        case .string, .integer, .int32, .int64, .uint64, .number, .decimal, .boolean, .date, .enumeration: return true
        case .url, .uuid, .data, .array, .map, .model, .variable, .union, .app: return false
        }
    }

    /// The case names: lower camel case, unique, `unknown` kept for the raw-JSON case.
    private mutating func unionCaseNames(_ union: ResolvedUnion) -> [String] {
        var taken: Set<String> = ["unknown"]
        var result: [String] = []
        for alternative in union.alternatives {
            let name = SwiftNaming.enumCaseName(alternative.name, config.memberNaming)
            var candidate = name
            if taken.contains(candidate) {
                var counter = 2
                while taken.contains("\(name)_\(counter)") { counter += 1 }
                candidate = "\(name)_\(counter)"
                diagnostics.warning(
                    "the alternative becomes the case '\(name)', which is already used; it is generated as '\(candidate)'",
                    at: alternative.location)
            }
            taken.insert(candidate)
            result.append(candidate)
        }
        return result
    }
}
