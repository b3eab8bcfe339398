/// An HTTP method. Generated requests use the static constants; any other token can be made with
/// ``init(rawValue:)``.
public struct HTHTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token, upper-cased.
    public let rawValue: String

    /// Creates a method from its token (upper-cased here).
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`.
    public static let get = HTHTTPMethod(rawValue: "GET")
    /// `POST`.
    public static let post = HTHTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTHTTPMethod(rawValue: "PUT")
    /// `DELETE`.
    public static let delete = HTHTTPMethod(rawValue: "DELETE")
    /// `HEAD`.
    public static let head = HTHTTPMethod(rawValue: "HEAD")
    /// `PATCH`.
    public static let patch = HTHTTPMethod(rawValue: "PATCH")
    /// `OPTIONS`.
    public static let options = HTHTTPMethod(rawValue: "OPTIONS")
    /// `TRACE`.
    public static let trace = HTHTTPMethod(rawValue: "TRACE")

    /// Whether parameters go into the query string rather than a body (GET, HEAD and DELETE).
    package var sendsParametersInQuery: Bool {
        self == .get || self == .head || self == .delete
    }

    public var description: String { rawValue }
}
