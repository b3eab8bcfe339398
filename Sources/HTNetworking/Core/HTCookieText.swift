import Foundation

/// Cookie names and values as RFC 6265 allows them in a `Cookie` header: the characters it allows
/// unchanged, any other percent-encoded. A base64 token (`c2Vz+/=`) is sent as it is, which matters at
/// servers that do not percent-decode cookies (FastAPI, Starlette); a `;`, `,`, `"`, `\`, space or
/// control character never reaches the header, so a value cannot end its pair or add a cookie.
package enum HTCookieText {
    /// A cookie value: RFC 6265's cookie-octets (visible ASCII but `"`, `,`, `;` and `\`) unchanged.
    package static func value(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: cookieOctets) ?? text
    }

    /// A cookie name: a token, so the cookie-octets but `=` (which would end the name) unchanged.
    package static func name(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: nameOctets) ?? text
    }

    /// RFC 6265's cookie-octet: visible ASCII but the double quote, comma, semicolon and backslash.
    private static let cookieOctets: CharacterSet = {
        var set = CharacterSet(charactersIn: Unicode.Scalar(0x21)...Unicode.Scalar(0x7E))
        set.remove(charactersIn: "\",;\\")
        return set
    }()

    private static let nameOctets: CharacterSet = {
        var set = cookieOctets
        set.remove(charactersIn: "=")
        return set
    }()
}
