/// Which freeze policy a request follows (the original's `HTFreezePolicyId`).
///
/// The two built-in ids are ``none`` and ``sendFreezeAutomatically``; any other id names a custom
/// ``HTFreezePolicy`` registered with ``HTFreezeManager/register(_:for:)``.
public struct HTFreezePolicyID: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identifier.
    public let rawValue: String

    /// Creates an id.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an id from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Never frozen: sent normally, failures reach the caller.
    public static let none = HTFreezePolicyID(rawValue: "none")
    /// Frozen when offline and resent automatically under ``HTDefaultFreezePolicy``.
    public static let sendFreezeAutomatically = HTFreezePolicyID(rawValue: "send-freeze-automatically")

    public var description: String { rawValue }
}
