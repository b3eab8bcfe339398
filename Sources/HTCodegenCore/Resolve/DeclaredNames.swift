/// The type names a spec declares (models, enumerations, unions, requests), with where, for the check that
/// two specs of one target don't declare the same type: the generated files would each declare it,
/// and the compiler would answer with hundreds of "ambiguous for type lookup" errors in generated code.
struct DeclaredNames {
    /// Name → where it is declared, in this spec.
    var locations: [String: SourceLocation] = [:]

    /// The names `api` declares.
    init(_ api: ResolvedAPI) {
        for model in api.models { locations[model.name] = locations[model.name] ?? model.location }
        for item in api.enums { locations[item.name] = locations[item.name] ?? item.location }
        for union in api.unions { locations[union.name] = locations[union.name] ?? union.location }
        for request in api.requests { locations[request.className] = locations[request.className] ?? request.location }
    }

    /// The names of the spec at `path` (its `$ref`s inside `referenceRoot`), or `nil` when it does not
    /// read or resolve (its own command reports why).
    static func read(at path: String, referenceRoot: String? = nil) -> DeclaredNames? {
        let (document, parseDiagnostics) = Generator.readSpec(at: path, referenceRoot: referenceRoot)
        guard let document, !parseDiagnostics.contains(where: { $0.severity == .error }) else { return nil }
        guard let api = Resolver.resolve(document).0 else { return nil }
        return DeclaredNames(api)
    }

    /// An error, at this spec's declaration, for every name one of `others` declares too (`others` in
    /// a stable order, so the output is too).
    func clashes(with others: [(file: String, names: DeclaredNames)]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (name, location) in locations.sorted(by: { $0.value < $1.value }) {
            for other in others {
                guard let there = other.names.locations[name] else { continue }
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "'\(name)' is declared again in \(there) (another spec of the same target); both would generate it: rename "
                            + "one, or keep the type in one spec",
                        at: location))
                break
            }
        }
        return diagnostics
    }
}
