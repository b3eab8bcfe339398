import Foundation

/// A response whose value depends on its status: what a generated OpenAPI request's `Response` is when
/// its successful statuses have different bodies (Box's file download answers 200 with the file, or 202
/// with none while the file is being prepared).
///
/// The generated type is an enumeration with a case per documented status, so the app tells which it
/// got and reads each body typed:
///
/// ```swift
/// switch try await client.send(GetFileContentRequest(fileID: "12")) {
/// case .ok(let data): save(data)
/// case .accepted: try await Task.sleep(for: .seconds(5))   // the file is not ready yet
/// }
/// ```
///
/// The client reads a response of such a request by its status (``reading(status:)``) instead of
/// mapping the body as JSON; a status the type does not document fails to map, with a `mapping` error.
/// A request with one documented success body keeps that body's type as its `Response`.
public protocol HTStatusResponse: HTJSONValueConvertible {
    /// How the body of a response with `status` is read and which case it becomes; `nil` for a status the
    /// type does not document.
    static func reading(status: Int) -> HTStatusReading<Self>?
}

/// A status response is only ever read by its status: it does not decode from JSON alone.
extension HTStatusResponse {
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> Self? {
        context.fail("a response read by its status does not decode from JSON alone")
        return nil
    }

    public static var htTypeDescription: String { "a response read by its status" }
}

/// How a response of one status becomes a value of a ``HTStatusResponse``: its body read as JSON and
/// mapped, as bytes, as text, or not at all, then wrapped in the status's case.
public struct HTStatusReading<Value> {
    enum Kind {
        case json((HTJSON, inout HTMappingContext) throws(HTMappingError) -> Value)
        case data((Data) -> Value)
        case text((String) -> Value)
        case empty(Value)
    }

    let kind: Kind

    /// The body parsed as JSON (by the serializer for its content type) and mapped to `type`, then
    /// wrapped by `wrap` (a case of the response: `Response.ok`).
    public static func json<T: HTJSONValueConvertible>(_ type: T.Type, _ wrap: @escaping (T) -> Value) -> Self {
        HTStatusReading(
            kind: .json { json, context throws(HTMappingError) in wrap(try T.htMap(json, context: &context)) })
    }

    /// The body's bytes as they came, wrapped by `wrap`.
    public static func data(_ wrap: @escaping (Data) -> Value) -> Self { HTStatusReading(kind: .data(wrap)) }

    /// The body's text in the charset its content type declares (UTF-8 when none), wrapped by `wrap`.
    public static func text(_ wrap: @escaping (String) -> Value) -> Self { HTStatusReading(kind: .text(wrap)) }

    /// No body: whatever comes is ignored, and the response is `value`.
    public static func empty(_ value: Value) -> Self { HTStatusReading(kind: .empty(value)) }
}
