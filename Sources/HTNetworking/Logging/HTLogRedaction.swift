/// The rules that keep secrets out of logs and error descriptions: which header, query parameter and
/// body field names hold secrets, at every log level.
///
/// A name is secret when it is in the list for its place (compared ignoring case) or when it contains
/// one of ``namePatterns`` once lower-cased with `-`, `_`, `.` and spaces removed (`X-Session-Token`,
/// `client_secret`, `userPassword` and `X-Goog-Api-Key` all match). Secret values are written as
/// `<redacted>`:
///
/// - headers (logged at debug): the value of a secret header;
/// - URLs (in every log line and in ``HTNetworkingError/description``): the value of a secret query or
///   fragment parameter, and the password of `user:password@` in the authority;
/// - bodies (logged at verbose only): secret members of JSON objects at any depth, secret fields of
///   form bodies.
///
/// Each logger has its own rules (``HTLogger/redaction``); error descriptions use those of
/// ``HTLogger/shared``.
///
/// ```swift
/// HTLogger.shared.redaction.headerNames.insert("X-Partner-Key")
/// HTLogger.shared.redaction.queryParameterNames.insert("ticket")
/// HTLogger.shared.redaction.namePatterns.insert("pin")
/// ```
///
/// Redaction runs only when a message is written: with its level off, nothing is parsed or copied.
public struct HTLogRedaction: Sendable, Hashable {
    /// What replaces a secret value.
    public static let placeholder = "<redacted>"

    /// The header names redacted by default: `Authorization`, `Proxy-Authorization`, `Cookie`,
    /// `Set-Cookie`, and the usual API-key and token headers (`X-Api-Key`, `Api-Key`, `X-Auth-Token`,
    /// `X-Access-Token`, `X-Refresh-Token`, `X-CSRF-Token`, `X-XSRF-Token`, `X-Amz-Security-Token`,
    /// `X-Goog-Api-Key`).
    public static let defaultHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
        "x-access-token", "x-refresh-token", "x-csrf-token", "x-xsrf-token", "x-amz-security-token", "x-goog-api-key",
    ]

    /// The query parameter names redacted by default (in URLs, their fragments, and form bodies): OAuth's
    /// `access_token`, `refresh_token`, `id_token`, `code`, `client_secret`; API keys (`api_key`,
    /// `apikey`, `key`); `token`, `auth`, `jwt`, `password`, `passwd`, `pwd`, `secret`, `otp`,
    /// `session`, `sessionid`, `signature` and `sig` (signed URLs).
    public static let defaultQueryParameterNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "token", "code", "client_secret", "api_key", "apikey", "key",
        "auth", "jwt", "password", "passwd", "pwd", "secret", "otp", "session", "sessionid", "signature", "sig",
    ]

    /// The JSON member names redacted by default in bodies: `access_token`, `refresh_token`, `id_token`,
    /// `token`, `client_secret`, `api_key`, `apikey`, `password`, `passwd`, `pwd`, `secret`, `otp`,
    /// `private_key`, `authorization`. (`code` and `key` are not: they are an envelope's status and ordinary data far more
    /// often than secrets in JSON.)
    public static let defaultBodyFieldNames: Set<String> = HTSecretFieldNames.bodyFieldNames

    /// The name fragments that make any header, parameter or field secret by default: `token`,
    /// `secret`, `password`, `passwd`, `passphrase`, `apikey` (so `api-key`, `api_key`, `ApiKey`),
    /// `session`, `signature`, `credential`, `privatekey`.
    public static let defaultNamePatterns: Set<String> = HTSecretFieldNames.namePatterns

    /// Nothing is redacted.
    public static let none = HTLogRedaction(
        headerNames: [], queryParameterNames: [], bodyFieldNames: [], namePatterns: [])

    /// Secret header names, lower-cased (names inserted in any case are lower-cased).
    public var headerNames: Set<String> {
        didSet { headerNames = Self.lowercased(headerNames) }
    }

    /// Secret query parameter names (also used for form body fields), lower-cased.
    public var queryParameterNames: Set<String> {
        didSet { queryParameterNames = Self.lowercased(queryParameterNames) }
    }

    /// Secret JSON member names, lower-cased.
    public var bodyFieldNames: Set<String> {
        didSet { bodyFieldNames = Self.lowercased(bodyFieldNames) }
    }

    /// Fragments that make a name secret wherever they appear in it; stored lower-cased without `-`, `_`,
    /// `.` and spaces, and matched against names normalized the same way.
    public var namePatterns: Set<String> {
        didSet { namePatterns = Self.normalized(namePatterns) }
    }

    /// Creates rules; each list defaults to its `default...` list.
    public init(
        headerNames: Set<String> = HTLogRedaction.defaultHeaderNames,
        queryParameterNames: Set<String> = HTLogRedaction.defaultQueryParameterNames,
        bodyFieldNames: Set<String> = HTLogRedaction.defaultBodyFieldNames,
        namePatterns: Set<String> = HTLogRedaction.defaultNamePatterns
    ) {
        self.headerNames = Self.lowercased(headerNames)
        self.queryParameterNames = Self.lowercased(queryParameterNames)
        self.bodyFieldNames = Self.lowercased(bodyFieldNames)
        self.namePatterns = Self.normalized(namePatterns)
    }

    // MARK: Names

    /// Whether the value of the header `name` is secret.
    package func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return headerNames.contains(lower) || matchesPattern(lower)
    }

    /// Whether the value of the query parameter or form field `name` (already percent-decoded) is secret.
    package func isSecretQueryParameter(_ name: String) -> Bool {
        let lower = name.lowercased()
        return queryParameterNames.contains(lower) || matchesPattern(lower)
    }

    /// Whether the value of the JSON member `name` is secret.
    package func isSecretBodyField(_ name: String) -> Bool {
        let lower = name.lowercased()
        return bodyFieldNames.contains(lower) || matchesPattern(lower)
    }

    // MARK: Headers

    /// `value`, or `<redacted>` when `name` is a secret header.
    package func redactedValue(_ value: String, forHeader name: String) -> String {
        isSecretHeader(name) ? Self.placeholder : value
    }

    /// Header fields as `Name: value` lines, sorted by name, with secret values redacted.
    package func redactedLines(_ headers: [String: String]) -> [String] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { name, value in
            "\(name): \(redactedValue(value, forHeader: name))"
        }
    }

    // MARK: Matching

    /// Whether the lower-cased `name`, without separators, contains a pattern.
    private func matchesPattern(_ lowercasedName: String) -> Bool {
        guard !namePatterns.isEmpty else { return false }
        let name = Self.strippingSeparators(lowercasedName.utf8)
        return namePatterns.contains { pattern in Self.firstIndex(of: Array(pattern.utf8), in: name[...]) != nil }
    }

    private static func lowercased(_ names: Set<String>) -> Set<String> {
        Set(names.map { $0.lowercased() })
    }

    private static func normalized(_ patterns: Set<String>) -> Set<String> {
        Set(
            patterns.map { String(decoding: strippingSeparators($0.lowercased().utf8), as: UTF8.self) }.filter {
                !$0.isEmpty
            })
    }

    private static func strippingSeparators(_ bytes: String.UTF8View) -> [UInt8] {
        bytes.filter {
            $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: " ")
        }
    }
}
