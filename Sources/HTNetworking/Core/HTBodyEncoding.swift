import Foundation

/// How parameters are written into a request body (for methods other than GET, HEAD and DELETE, whose
/// parameters go into the query string).
public enum HTBodyEncoding: String, Sendable, Hashable {
    /// `application/json`: the parameters object as JSON.
    case json
    /// `application/x-www-form-urlencoded`: `key=value&...` (arrays repeat the key; nested objects are
    /// written as JSON text).
    case form

    /// The `Content-Type` header value.
    package var contentType: String {
        switch self {
        case .json: return "application/json; charset=utf-8"
        case .form: return "application/x-www-form-urlencoded; charset=utf-8"
        }
    }

    /// The body for `parameters`.
    package func encode(_ parameters: HTJSONObject) -> Data {
        switch self {
        case .json: return HTJSON.object(parameters).serializedData()
        case .form: return Data(HTFormEncoding.encode(parameters).utf8)
        }
    }
}

/// Writes parameters as `key=value` pairs, the form of query strings and form bodies.
package enum HTFormEncoding {
    /// The pairs for `parameters`: scalars as their text, arrays as one pair per element, `null` left
    /// out, nested objects as JSON text. Numbers are written as the JSON serializer writes them: whole
    /// doubles up to 2^53 without a fraction (`10`, not `10.0`), others in shortest round-trip form
    /// (`2.5`); NaN and the infinities, which JSON writes as `null`, are left out like `null`.
    package static func pairs(_ parameters: HTJSONObject) -> [(String, String)] {
        var result: [(String, String)] = []
        for member in parameters.members {
            append(member.key, member.value, to: &result)
        }
        return result
    }

    private static func append(_ key: String, _ value: HTJSON, to result: inout [(String, String)]) {
        switch value {
        case .null:
            return
        case .array(let elements):
            for element in elements {
                if case .array = element {
                    result.append((key, element.serializedString()))
                } else {
                    append(key, element, to: &result)
                }
            }
        case .object:
            result.append((key, value.serializedString()))
        default:
            guard let text = HTValueCoercion.string(value) else { return }
            result.append((key, text))
        }
    }

    /// `key=value&...` with both sides percent-encoded (space as `%20`).
    package static func encode(_ parameters: HTJSONObject) -> String {
        pairs(parameters).map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    package static func escape(_ text: String) -> String {
        // Most names and values need no escaping: then the text is the answer, with no copy.
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
