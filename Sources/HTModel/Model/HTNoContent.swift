/// The response of an operation that returns no body (an OpenAPI `204`, or a success response without
/// content): a request declares `typealias Response = HTNoContent`.
///
/// It decodes from anything: an empty body, `null`, or whatever body the server sends anyway, which is
/// ignored. The client does not fail on a body it cannot read for such a request (no decoding or
/// serialization error, no missing response key path); its result validator runs only on a body that
/// is there and parses, so for an empty body only the status decides success.
///
/// ```swift
/// struct DeletePetRequest: HTBaseRequest {
///     typealias Response = HTNoContent
///     static let method: HTHTTPMethod = .delete
///     static let path = "/pets/{petId}"
///     var petId: Int64
///     var parameters: HTJSONObject { ["petId": .integer(petId)] }
/// }
/// _ = try await client.send(DeletePetRequest(petId: 7))
/// ```
public struct HTNoContent: HTJSONValueConvertible, Hashable, Sendable, CustomStringConvertible {
    /// The one value.
    public init() {}

    /// Always succeeds, whatever `json` is.
    public static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> HTNoContent? {
        HTNoContent()
    }

    /// `null`.
    public var htJSON: HTJSON { .null }

    public static var htTypeDescription: String { "no content" }

    public var description: String { "HTNoContent" }
}
