/// A request that carries the answer its spec gives: the generator makes every request of a spec
/// conform when `htcodegen.json` says `"mocks": true`, in `<spec>+Mocks.swift`.
///
/// The answer is made from the spec: its `example`s, then its `default`s, then values generated from
/// the schema (enumeration members, formats, required fields, a union's discriminator) with a fixed
/// seed, so it is the same on every build. ``HTMockTransport/init(answering:routes:directory:handler:)``
/// answers every listed request with it:
///
/// ```swift
/// let mocks = HTMockTransport(answering: HTPetstoreMocks.requests)
///     .answering(HTGetPetRequest.self, with: .status(404))
/// let client = HTClient(configuration: HTClientConfiguration(baseURL: url, transport: mocks))
/// ```
public protocol HTMockAnswering: HTBaseRequest {
    /// The answer the spec gives the request: its first documented success status, with a body of
    /// the response's type.
    static var mockResponse: HTMockResponse { get }
}
