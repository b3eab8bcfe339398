/// The enumerations file: one open enum per enumeration type (`HTStringEnum`, or `HTIntegerEnum` for an
/// OpenAPI integer enum), and the servers constant of a spec that names servers.
extension SwiftRenderer {
    mutating func renderEnums() -> String {
        var writer = header(
            "enumerations", imports: !api.enums.isEmpty || !api.servers.isEmpty, foundation: !api.servers.isEmpty)
        for item in api.enums {
            let typeName = typeNames[item.name] ?? item.name
            let names = propertyNames(item.members.map { ($0.key, $0.location) }).map { $0 }
            let caseNames = zip(item.members, names).map { member, fallback in
                SwiftNaming.enumCaseName(member.key, config.memberNaming)
                    == SwiftNaming.memberName(member.key, config.memberNaming)
                    ? fallback : SwiftNaming.enumCaseName(member.key, config.memberNaming)
            }
            let unique = uniqued(caseNames, locations: item.members.map(\.location))
            writer.line()
            writer.line("// MARK: - \(typeName)")
            writer.line()
            writeTypeDoc(item.description ?? "The `\(item.name)` enumeration.", notes: item.notes, into: &writer)
            writer.line("///")
            if item.isClosed {
                writer.line("/// Closed: strict mapping rejects a value the spec does not list; lenient mapping")
                writer.line("/// keeps it (see `isKnown`).")
            } else {
                writer.line("/// Open: a value the spec does not list is kept as it is (see `isKnown`).")
            }
            if item.isDeprecated { writer.line(deprecationAttribute(.declared)) }
            let integer = item.rawType == .integer
            let (conformance, rawType) = integer ? ("HTIntegerEnum", "Int") : ("HTStringEnum", "String")
            writer.block("\(access)struct \(typeName): \(conformance)") { writer in
                writer.line("/// The value sent over the wire.")
                writer.line("\(access)let rawValue: \(rawType)")
                writer.line()
                writer.line("/// Creates a value, known or not.")
                writer.block("\(access)init(rawValue: \(rawType))") { writer in
                    writer.line("self.rawValue = rawValue")
                }
                for (member, name) in zip(item.members, unique) {
                    // An integer member's value was checked to be an Int by the resolver.
                    let value =
                        integer
                        ? Int(member.value).map(String.init) ?? member.value : SwiftNaming.stringLiteral(member.value)
                    writer.line()
                    writer.doc(member.description)
                    writer.line("/// Value: \(value).")
                    writer.line("\(access)static let \(SwiftNaming.escaped(name)) = \(typeName)(rawValue: \(value))")
                }
                writer.line()
                writer.line("/// The members the spec declares, in declaration order.")
                let list = unique.map { "." + SwiftNaming.escaped($0) }.joined(separator: ", ")
                writer.line("\(access)static let knownValues: [\(typeName)] = [\(list)]")
                if item.isClosed {
                    writer.line()
                    writer.line("/// The spec declares the enumeration `\"closed\": true`.")
                    writer.line("\(access)static let htRejectsUnknownValues = true")
                }
            }
        }
        renderServers(into: &writer)
        return writer.text
    }

    mutating func uniqued(_ names: [String], locations: [SourceLocation]) -> [String] {
        var taken: Set<String> = []
        var result: [String] = []
        for (name, location) in zip(names, locations) {
            var candidate = name
            if taken.contains(candidate) {
                var counter = 2
                while taken.contains("\(name)_\(counter)") { counter += 1 }
                candidate = "\(name)_\(counter)"
                diagnostics.warning(
                    "the member becomes '\(name)', which is already used; it is generated as '\(candidate)'",
                    at: location)
            }
            taken.insert(candidate)
            result.append(candidate)
        }
        return result
    }
}
