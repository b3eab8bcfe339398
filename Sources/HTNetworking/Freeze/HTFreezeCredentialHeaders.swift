/// Which request headers are credentials: they are left out when a request is frozen, so that they are
/// never written to the freeze journal.
///
/// A credential kept on disk outlives the session it belongs to (a log-out, a revoked token) and can be
/// read by whoever copies the file (a backup, another process of the same user). So by default a frozen
/// request keeps no credential header; when it is resent, the resending client puts them back: its
/// default headers of those names (``HTClientConfiguration/defaultHeaders``), then its interceptors
/// (``HTBearerTokenInterceptor`` adds the token that is current then). A credential that only the request
/// itself carried (in ``HTBaseRequest/headers`` or ``HTBaseRequest/customize(_:)``) is therefore not
/// resent: send it from an interceptor or the client's default headers, or opt in below.
///
/// A header is a credential when its name, compared case-insensitively, is one of ``names`` or contains
/// one of ``nameFragments`` (once lower-cased without `-`, `_`, `.` and spaces), unless it is one of
/// ``persistedNames`` or ``persistsCredentialHeaders`` is on. The defaults are the runtime's one rule
/// for credential headers (``HTCredentialHeaders``, the logger's default secret headers):
/// - names: ``HTLogRedaction/defaultHeaderNames`` (`Authorization`, `Proxy-Authorization`, `Cookie`,
///   `X-Api-Key`, `Api-Key`, `X-Auth-Token`, `X-Access-Token`, ...);
/// - fragments: ``HTLogRedaction/defaultNamePatterns`` (`token`, `secret`, `password`, `apikey`,
///   `session`, `signature`, `credential`, ...: so `X-CSRF-Token`, `X-Session-Id`, `X-Client-Secret`,
///   `X-Api_Key`, `X-Amz-Signature` too).
///
/// ``HTFreezeManager`` always keeps its ``HTFreezeManager/Configuration/idempotencyHeader``.
///
/// ```swift
/// var configuration = HTFreezeManager.Configuration()
/// configuration.credentialHeaders.names.insert("X-Tenant-Auth")        // one more credential
/// configuration.credentialHeaders.persistedNames.insert("X-Session-Locale")  // not a credential
/// ```
public struct HTFreezeCredentialHeaders: Sendable, Equatable {
    /// The header names that are credentials, compared case-insensitively.
    public var names: Set<String> {
        didSet { rule = Self.rule(names, nameFragments) }
    }
    /// Name fragments: a header whose name contains one (case-insensitively, separators ignored) is a
    /// credential.
    public var nameFragments: [String] {
        didSet { rule = Self.rule(names, nameFragments) }
    }
    /// Headers written to the journal even though they match ``names`` or ``nameFragments``
    /// (case-insensitive).
    ///
    /// - Warning: the values of these headers are stored in the journal as they are (sealed only when
    ///   the journal has an ``HTFreezeRecordSealing``), and are sent again as stored, even after the
    ///   session they belong to ended. Only list headers that are not secrets, or that must be resent
    ///   exactly and cannot be added again by an interceptor.
    public var persistedNames: Set<String>
    /// Whether credential headers are written to the journal (`false` by default).
    ///
    /// - Warning: on, every `Authorization`, cookie, API key and token a frozen request carries is
    ///   written to disk (in clear text unless the journal has an ``HTFreezeRecordSealing``) and resent as
    ///   it was, possibly after it was revoked or replaced. Prefer adding credentials at send time with an
    ///   interceptor; turn this on only when the stored value must be resent and the disk is trusted.
    public var persistsCredentialHeaders: Bool

    /// Matches ``names`` and ``nameFragments`` the way the logger matches secret headers.
    private var rule: HTLogRedaction

    /// The header names stripped by default: the logger's default secret headers.
    public static let defaultNames: Set<String> = HTLogRedaction.defaultHeaderNames
    /// The name fragments stripped by default: the logger's default name patterns.
    public static let defaultNameFragments: [String] = HTLogRedaction.defaultNamePatterns.sorted()

    /// Creates the rules; the defaults strip every credential header.
    public init(
        names: Set<String> = HTFreezeCredentialHeaders.defaultNames,
        nameFragments: [String] = HTFreezeCredentialHeaders.defaultNameFragments, persistedNames: Set<String> = [],
        persistsCredentialHeaders: Bool = false
    ) {
        self.names = names
        self.nameFragments = nameFragments
        self.rule = Self.rule(names, nameFragments)
        self.persistedNames = persistedNames
        self.persistsCredentialHeaders = persistsCredentialHeaders
    }

    /// Whether the header `name` is left out of the journal.
    package func isStripped(_ name: String) -> Bool {
        guard !persistsCredentialHeaders else { return false }
        let lowered = name.lowercased()
        guard !persistedNames.contains(where: { $0.lowercased() == lowered }) else { return false }
        return rule.isSecretHeader(name)
    }

    private static func rule(_ names: Set<String>, _ fragments: [String]) -> HTLogRedaction {
        HTLogRedaction(headerNames: names, queryParameterNames: [], bodyFieldNames: [], namePatterns: Set(fragments))
    }

    /// `headers` without the stripped ones.
    package func removingCredentials(from headers: [String: String]) -> [String: String] {
        guard !persistsCredentialHeaders, headers.keys.contains(where: isStripped) else { return headers }
        return headers.filter { !isStripped($0.key) }
    }
}
