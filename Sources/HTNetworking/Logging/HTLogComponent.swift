/// The part of the runtime a message comes from; each component can have its own level.
///
/// The runtime logs under ``network`` and ``mapping``; the cache under ``cache``; frozen requests under
/// ``freeze``; batches, retries and chains under ``scheduling``; downloads and uploads under
/// ``transfers`` (routine steps at debug level, failures as warnings). Apps and extensions may make
/// their own: `HTLogComponent("payments")`.
public struct HTLogComponent: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The component's name, as written in log lines.
    public let rawValue: String

    /// Creates a component from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a component from its name.
    public init(_ name: String) {
        self.rawValue = name
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Requests and responses: what was sent, what came back, transport failures.
    public static let network = HTLogComponent("network")
    /// Mapping JSON to models: soft diagnostics (values left unset) and failures, with JSON paths.
    public static let mapping = HTLogComponent("mapping")
    /// The response cache.
    public static let cache = HTLogComponent("cache")
    /// Frozen (offline) requests: frozen, resent and dropped (debug); failed resends and journal
    /// problems (warning).
    public static let freeze = HTLogComponent("freeze")
    /// Batches, retries and chains: a batch starting and finishing, a retry scheduled with its delay
    /// (debug); batches with failures, retries given up, failed chain steps (warning).
    public static let scheduling = HTLogComponent("scheduling")
    /// Uploads and downloads: start and finish (debug), failures (warning).
    public static let transfers = HTLogComponent("transfers")

    public var description: String { rawValue }
}
