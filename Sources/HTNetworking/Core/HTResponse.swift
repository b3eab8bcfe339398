import Foundation

/// A mapped response with what came with it.
public struct HTResponse<Value> {
    /// The mapped value.
    public var value: Value
    /// The raw response: status, headers, bytes.
    public var raw: HTTransportResponse
    /// Values that could not be converted and were left unset (lenient mapping), with their JSON paths.
    public var diagnostics: [HTMappingDiagnostic]
    /// Whether the response came from the cache rather than the network.
    public var isFromCache: Bool

    /// Creates a response.
    public init(value: Value, raw: HTTransportResponse, diagnostics: [HTMappingDiagnostic] = [], isFromCache: Bool = false) {
        self.value = value
        self.raw = raw
        self.diagnostics = diagnostics
        self.isFromCache = isFromCache
    }

    /// The status code.
    public var statusCode: Int { raw.statusCode }
}
