import Foundation

/// What the request builder and the cache key read from a request value, read once for a send.
///
/// A request's accessors are the app's code: `parameters` may build a new object on every call, and
/// nothing stops it from answering differently the next time. Reading them once means the URL request,
/// the cache key and the built-request memo's fingerprint (``HTRequestFingerprint``) all describe the
/// same values.
///
/// A class: the values are handed to the builder, the key inputs and the fingerprint, and copying
/// a struct of them (an optional body among them) costs more than one allocation.
final class HTRequestValues {
    /// ``HTBaseRequest/parameters``.
    let parameters: HTJSONObject
    /// ``HTBaseRequest/headers``.
    let headers: [String: String]
    /// ``HTBaseRequest/baseURL``.
    let baseURL: URL?
    /// ``HTBaseRequest/body``.
    let body: HTRequestBody?
    /// ``HTBaseRequest/bodyEncoding``.
    let bodyEncoding: HTBodyEncoding?
    /// ``HTBaseRequest/timeout``.
    let timeout: TimeInterval?

    /// Reads `request`'s values.
    init<R: HTBaseRequest>(_ request: R) {
        parameters = request.parameters
        headers = request.headers
        baseURL = request.baseURL
        body = request.body
        bodyEncoding = request.bodyEncoding
        timeout = request.timeout
    }
}
