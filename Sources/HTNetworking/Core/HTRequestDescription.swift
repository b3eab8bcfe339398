import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What was sent, for error messages and logs: the method and the URL (without headers or body, which
/// may hold secrets).
///
/// ``url`` is the URL as sent, for programmatic use; ``description`` (what apps print and log) writes it
/// with the values of secret query parameters replaced by `<redacted>` (see ``HTLogRedaction``).
public struct HTRequestDescription: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP method.
    public var method: String
    /// The URL as sent (secrets included), or the path when no URL could be built.
    public var url: String
    /// The request type's name, e.g. `HTGetUserPhotoListRequest`.
    public var requestType: String

    /// Creates a description.
    public init(method: String, url: String, requestType: String) {
        self.method = method
        self.url = url
        self.requestType = requestType
    }

    /// `GET https://api.example.com/me?access_token=<redacted> (HTGetMeRequest)`: the URL redacted with
    /// the rules of ``HTLogger/shared``.
    public var description: String {
        description(redactingWith: HTLogger.shared.redaction)
    }

    /// The description with the URL redacted by `redaction`.
    package func description(redactingWith redaction: HTLogRedaction) -> String {
        "\(method) \(redaction.redactedURL(url)) (\(requestType))"
    }
}

extension HTRequestDescription {
    /// The description of `urlRequest` built for a request of type `R`: its method and URL, or `R`'s
    /// method and path when there is no URL request.
    init<R: HTBaseRequest>(_ urlRequest: URLRequest?, for _: R.Type) {
        self.init(
            method: urlRequest?.httpMethod ?? R.method.rawValue, url: urlRequest?.url?.absoluteString ?? R.path,
            requestType: HTRequestTypeName.of(R.self))
    }
}
