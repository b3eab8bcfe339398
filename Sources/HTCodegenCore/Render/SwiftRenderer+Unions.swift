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
/// does not accept the value), each only on the kind of JSON value it reads exactly (``jsonKind(of:)``). Alternatives no discriminator value names are tried in order after the
/// `switch`. A value nothing accepts is kept as `unknown`, never a failed response. Writing a value
/// writes its payload as it is (a model alternative carries its own discriminator property).
///
/// Only statements with concrete types are generated (no closures, no `Optional.map`, no operators), so
/// a union costs about as much to type-check as a model.
extension SwiftRenderer {
    mutating func renderUnion(_ union: ResolvedUnion, into writer: inout SwiftWriter) {
        let typeName = typeNames[union.name] ?? union.name
        let caseNames = unionCaseNames(union)
        writer.line("// MARK: - \(typeName)")
        writer.line()
        writer.doc(union.description)
        if !SwiftNaming.docLines(union.description).isEmpty { writer.line("///") }
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

    /// `htDecode`: the discriminator's `switch`, then the alternatives without a value in order, then
    /// `unknown`.
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
            for (alternative, name) in tried {
                let gate = jsonKind(of: alternative.type).map { "case \($0) = json, " } ?? ""
                writer.line(
                    "if \(gate)let value = context.attempt(\(swiftType(alternative.type)).self, json) { return .\(SwiftNaming.escaped(name))(value) }"
                )
            }
            writer.line("return .unknown(json)")
        }
    }

    /// The one JSON kind (an `HTJSON` case) a type accepts without coercion, if it has one: an
    /// alternative is tried only on a value of that kind. Strict mapping still coerces (a `String`
    /// accepts `5` as `"5"`), so without this `oneOf: [string, integer]` would read `5` as a string.
    /// Types that accept several kinds exactly (`Double`, `Decimal`, `Date`, `UInt64`) or any value
    /// (unions, `HTJSON`) are tried on every value.
    func jsonKind(of type: ResolvedType) -> String? {
        switch type {
        case .string, .url, .uuid, .data: return ".string"
        case .integer, .int32, .int64: return ".integer"
        case .boolean: return ".bool"
        case .array: return ".array"
        case .map, .model: return ".object"
        case .enumeration(let name): return integerEnumNames.contains(name) ? ".integer" : ".string"
        case .number, .decimal, .date, .uint64, .variable, .union: return nil
        }
    }

    /// The case names: lower camel case, unique, `unknown` kept for the raw-JSON case.
    private mutating func unionCaseNames(_ union: ResolvedUnion) -> [String] {
        var taken: Set<String> = ["unknown"]
        var result: [String] = []
        for alternative in union.alternatives {
            let name = SwiftNaming.enumCaseName(alternative.name)
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
