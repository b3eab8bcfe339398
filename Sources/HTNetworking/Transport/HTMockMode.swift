/// Whether a client answers requests from mocks (the original's `enableMockTest` switch), set in
/// ``HTClientConfiguration/mockMode`` and changed at run time with ``HTClient/mockMode``.
public enum HTMockMode: Sendable, Hashable {
    /// Every request goes to its transport; mocks are ignored.
    case off
    /// A request is answered by its own ``HTBaseRequest/mock`` or, failing that, by the client's
    /// ``HTClientConfiguration/mock`` transport (handler, route or convention file); a request neither
    /// answers goes to its transport. For building against a server that is only partly there.
    case whereAvailable
    /// Like ``whereAvailable``, but a request no mock answers gets a 404 naming the convention file
    /// that was looked for; nothing reaches the network.
    case always
}
