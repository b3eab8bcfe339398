/// The part of the runtime a message comes from; each component can have its own level.
///
/// The runtime logs under ``network`` and ``mapping``; the cache and freeze features under ``cache``
/// and ``freeze``. Apps and extensions may make their own: `HTLogComponent("payments")`.
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
    /// Frozen (offline) requests.
    public static let freeze = HTLogComponent("freeze")
    /// Batches, retries and chains.
    public static let scheduling = HTLogComponent("scheduling")
    /// Uploads and downloads.
    public static let transfers = HTLogComponent("transfers")

    public var description: String { rawValue }
}
