/// The names of request types as descriptions, errors and logs show them (`String(describing:)`),
/// worked out once per type: `String(describing:)` of a type goes through reflection and costs about
/// a microsecond, on every request.
enum HTRequestTypeName {
    private static let names = HTLocked<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, remembered.
    static func of(_ type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let name = names.withLock({ $0[id] }) { return name }
        let name = String(describing: type)
        names.withLock { $0[id] = name }
        return name
    }
}
