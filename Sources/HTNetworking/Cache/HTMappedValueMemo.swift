import Foundation
import HTModel

/// A mapped response value kept beside a memory-tier entry, so that a cache hit for the same request
/// type hands out the same value instead of parsing and mapping the stored body again. Mapped values are
/// `Sendable` and models immutable, so every hit shares it; nothing is copied.
///
/// It belongs to one entry (the exact status, headers and body it was mapped from: ``matches(_:)``) and
/// to one way of mapping it: the request type (its response type and key path), the mapping options and
/// the accepted status codes. The result validator is not compared; a request type is expected to
/// validate the same bytes the same way (generated requests do). Replacing, removing or evicting the
/// entry drops the memo with it. The value itself lives in ``HTTypedMappedValueMemo``.
class HTMappedValueMemo: @unchecked Sendable {
    // @unchecked Sendable, safety: every stored property is a `let` of a Sendable type; the subclass's
    // `value` is covered there.
    let requestType: ObjectIdentifier
    let options: HTMappingOptions
    let acceptedStatusCodes: Set<Int>
    let diagnostics: [HTMappingDiagnostic]
    private let statusCode: Int
    private let headers: [String: String]
    private let body: Data

    fileprivate init(
        requestType: ObjectIdentifier, options: HTMappingOptions, acceptedStatusCodes: Set<Int>,
        diagnostics: [HTMappingDiagnostic], source: HTTransportResponse
    ) {
        self.requestType = requestType
        self.options = options
        self.acceptedStatusCodes = acceptedStatusCodes
        self.diagnostics = diagnostics
        self.statusCode = source.statusCode
        self.headers = source.headers
        self.body = source.body
    }

    /// Keeps `value`, mapped by `Request` from `source`.
    static func make<Request: HTBaseRequest>(
        _ value: Request.Response, of request: Request.Type, options: HTMappingOptions, acceptedStatusCodes: Set<Int>,
        diagnostics: [HTMappingDiagnostic], source: HTTransportResponse
    ) -> HTMappedValueMemo {
        HTTypedMappedValueMemo<Request.Response>(
            value, requestType: ObjectIdentifier(request), options: options,
            acceptedStatusCodes: acceptedStatusCodes, diagnostics: diagnostics, source: source)
    }

    /// Whether it was mapped from exactly this response.
    func matches(_ response: HTTransportResponse) -> Bool {
        statusCode == response.statusCode && body == response.body && headers == response.headers
    }

    /// Whether `Request` with these settings maps the way this memo was mapped.
    func isFor<Request: HTBaseRequest>(
        _ request: Request.Type, options: HTMappingOptions, acceptedStatusCodes: Set<Int>
    ) -> Bool {
        requestType == ObjectIdentifier(request) && self.options == options
            && self.acceptedStatusCodes == acceptedStatusCodes
    }

    /// The value, or `nil` when it is not a `Value`.
    func value<Value: HTJSONValueConvertible>(as type: Value.Type) -> Value? {
        (self as? HTTypedMappedValueMemo<Value>)?.value
    }

    /// What the memo counts against the memory tier's byte limit: as much as the body it came from.
    var byteSize: Int { body.count }
}

/// The memo of a `Value`.
final class HTTypedMappedValueMemo<Value: HTJSONValueConvertible>: HTMappedValueMemo, @unchecked Sendable {
    // @unchecked Sendable, safety: `value` is a `let` of a Sendable type (HTJSONValueConvertible
    // refines Sendable), and the base class's stored properties are covered there.
    let value: Value

    fileprivate init(
        _ value: Value, requestType: ObjectIdentifier, options: HTMappingOptions, acceptedStatusCodes: Set<Int>,
        diagnostics: [HTMappingDiagnostic], source: HTTransportResponse
    ) {
        self.value = value
        super.init(
            requestType: requestType, options: options, acceptedStatusCodes: acceptedStatusCodes,
            diagnostics: diagnostics, source: source)
    }
}
