/// The default rule for which field names hold secrets: the body field names and name fragments that
/// ``HTHTTPModel``'s `description` hides, and the defaults of HTNetworking's log redaction
/// (`HTLogRedaction.defaultBodyFieldNames` and `defaultNamePatterns` are these lists).
package enum HTSecretFieldNames {
    /// JSON member names that are secret wherever they stand (lower-cased).
    package static let bodyFieldNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "token", "client_secret", "api_key", "apikey", "password",
        "passwd", "pwd", "secret", "otp", "private_key", "authorization",
    ]

    /// Fragments that make any name secret (lower-cased, without separators).
    package static let namePatterns: Set<String> = [
        "token", "secret", "password", "passwd", "passphrase", "apikey", "session", "signature", "credential",
        "privatekey",
    ]

    /// ``bodyFieldNames`` without separators, to compare with Swift names (`refreshToken`).
    private static let compactFieldNames = Set(bodyFieldNames.map(compact))

    /// Whether a field named `name` (a JSON key or a Swift property name, any case and separators)
    /// holds a secret by the default rule.
    package static func isSecret(_ name: String) -> Bool {
        let name = compact(name)
        return compactFieldNames.contains(name) || namePatterns.contains { name.contains($0) }
    }

    /// `name` lower-cased without `-`, `_`, `.` and spaces.
    private static func compact(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }
}
