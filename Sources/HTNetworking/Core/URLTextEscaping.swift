/// How a URL's path and query text is made valid: the runtime sends exactly this, and the generator
/// shows it in its warnings about paths. One file in two modules: `Sources/HTCodegenCore/Support/` links
/// to it (the generator does not depend on the runtime).
enum URLTextEscaping {
    /// Percent-encodes every byte RFC 3986 does not allow in a path (or a query), keeping valid `%XX`
    /// escapes as they are.
    static func escapingInvalid(_ text: String, inQuery: Bool) -> String {
        let bytes = Array(text.utf8)
        func isHex(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
        var result = ""
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let allowed: Bool
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                allowed = true
            case UInt8(ascii: "%"):
                allowed = index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
            case UInt8(ascii: "?"):
                allowed = inQuery
            default:
                allowed = "-._~!$&'()*+,;=:@/".utf8.contains(byte)
            }
            if allowed {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
            index += 1
        }
        return result
    }
}
