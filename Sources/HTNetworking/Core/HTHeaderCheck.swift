import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Refuses header fields that would change the meaning of the request on the wire: a name that is
/// not an RFC 9110 token, or a value holding CR, LF, NUL or another control character but tab (a
/// value with a line break can smuggle a header or a whole request, and transports mangle such values
/// silently). The client's and the request's headers are checked as the request is built, and every
/// request again as it reaches the transport, after the interceptors.
enum HTHeaderCheck {
    /// Throws `invalidRequest` naming the first bad field of `urlRequest`.
    static func validate(
        _ urlRequest: URLRequest, request description: @autoclosure () -> HTRequestDescription
    ) throws(HTNetworkingError) {
        guard let fields = urlRequest.allHTTPHeaderFields else { return }
        try validate(fields, request: description())
    }

    /// Throws `invalidRequest` naming the first bad field of `fields`. Checked before the fields go into
    /// a `URLRequest`: FoundationNetworking drops a value with CR, LF or NUL without a word, so the
    /// request would go out without it.
    static func validate(_ fields: [String: String], request description: @autoclosure () -> HTRequestDescription)
        throws(HTNetworkingError)
    {
        for (name, value) in fields {
            if name.isEmpty || !name.utf8.allSatisfy(isTokenByte) {
                throw HTNetworkingError(
                    .invalidRequest("the header name \(name.debugDescription) is not a valid field name"),
                    request: description())
            }
            if let bad = value.utf8.first(where: isForbiddenValueByte) {
                throw HTNetworkingError(
                    .invalidRequest(
                        "the value of the header '\(name)' holds the control character 0x\(String(bad, radix: 16, uppercase: true)) "
                            + "(CR, LF, NUL and other control characters are not allowed)"),
                    request: description())
            }
        }
    }

    /// RFC 9110 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Control characters other than horizontal tab, and DEL.
    private static func isForbiddenValueByte(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }
}
