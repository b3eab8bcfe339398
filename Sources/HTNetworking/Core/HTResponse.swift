import Foundation

/// A mapped response with what came with it.
public struct HTResponse<Value> {
    /// The mapped value.
    public var value: Value
    /// The raw response: status, headers, bytes, final URL.
    public var raw: HTTransportResponse
    /// Values that could not be converted and were left unset (lenient mapping), with their JSON paths.
    public var diagnostics: [HTMappingDiagnostic]
    /// Whether the response came from the cache rather than the network.
    public var isFromCache: Bool

    /// Creates a response (from the cache when `raw` says so, unless `isFromCache` says otherwise).
    public init(
        value: Value, raw: HTTransportResponse, diagnostics: [HTMappingDiagnostic] = [], isFromCache: Bool? = nil
    ) {
        self.value = value
        self.raw = raw
        self.diagnostics = diagnostics
        self.isFromCache = isFromCache ?? raw.isFromCache
    }

    /// The status code.
    public var statusCode: Int { raw.statusCode }
    /// The header fields.
    public var headers: [String: String] { raw.headers }
    /// The body as received.
    public var body: Data { raw.body }
}

extension HTResponse: Sendable where Value: Sendable {}
