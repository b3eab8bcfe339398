import Foundation

/// The coercion table's conversions for the exact types: `Decimal`, `UInt64`, `Int32`, `UUID` and
/// `Data`. Like the rest of the table (``HTValueCoercion``), each conversion is exact or fails (`nil`).
extension HTValueCoercion {
    /// A `Decimal` from a number or a string holding one, never through `Double`: `12.12` is exactly
    /// 12.12, `"10.00"` is 10, a number of more than 15 significant digits keeps every digit. Booleans
    /// read as 1 and 0. Exact or `nil`: `nil` for a number `Decimal` cannot hold exactly (more than 38
    /// significant digits, or an exponent outside -128...127; see ``HTJSONNumber/decimalValue``).
    package static func decimal(_ json: HTJSON) -> Decimal? {
        switch json {
        case .integer(let value): return Decimal(value)
        case .bool(let value): return value ? 1 : 0
        default: return number(json)?.decimalValue
        }
    }

    /// The exact number of a JSON number, or of a string holding one (``HTJSONNumber/init(coercing:)``);
    /// `nil` for other values. A `.double` is the number its shortest text writes: at most 15 significant
    /// digits (what the parser puts in `.double`) are the number as written; made in code, it is the
    /// double's shortest text.
    package static func number(_ json: HTJSON) -> HTJSONNumber? {
        switch json {
        case .integer(let value): return HTJSONNumber(value)
        case .double(let value): return value.isFinite ? HTJSONNumber(value.description) : nil
        case .number(let value): return value
        case .string(let value): return HTJSONNumber(coercing: value)
        default: return nil
        }
    }

    /// A `UInt64` from a whole number in `0...18446744073709551615` (an integer, a double with no
    /// fraction, an exact number), or a string holding one. Negative or larger numbers give `nil`,
    /// never a wrapped value. Booleans read as 1 and 0.
    package static func uint64(_ json: HTJSON) -> UInt64? {
        switch json {
        case .integer(let value): return UInt64(exactly: value)
        case .double(let value): return UInt64(exactly: value)
        case .number(let value): return value.uint64Value
        case .string(let value): return UInt64(value) ?? HTJSONNumber(coercing: value)?.uint64Value
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// An `Int32` (see ``int64(_:)``), if it fits.
    package static func int32(_ json: HTJSON) -> Int32? {
        int64(json).flatMap { Int32(exactly: $0) }
    }

    /// A UUID from a string in the 8-4-4-4-12 hexadecimal form, in either case.
    package static func uuid(_ json: HTJSON) -> UUID? {
        guard case .string(let value) = json else { return nil }
        return UUID(uuidString: value)
    }

    /// Bytes from a string in base64: the standard alphabet (RFC 4648 §4, `+` and `/`) or the URL-safe
    /// one (§5, `-` and `_`, what JWTs and many APIs send), padded with `=` or not; `nil` for any other
    /// text (whitespace, the two alphabets mixed, a length no base64 has, wrong padding).
    package static func data(_ json: HTJSON) -> Data? {
        guard case .string(let value) = json else { return nil }
        if let data = Data(base64Encoded: value) { return data }
        return base64URLOrUnpadded(value)
    }

    /// `text` in the URL-safe alphabet or without padding, made standard and padded; `nil` when it is
    /// neither (or no base64 at all).
    private static func base64URLOrUnpadded(_ text: String) -> Data? {
        var standard: [UInt8] = []
        standard.reserveCapacity(text.utf8.count + 2)
        var sawStandard = false
        var sawURLSafe = false
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                sawURLSafe = true
                standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"):
                sawURLSafe = true
                standard.append(UInt8(ascii: "/"))
            case UInt8(ascii: "+"), UInt8(ascii: "/"):
                sawStandard = true
                standard.append(byte)
            case UInt8(ascii: "="):
                padding += 1
                standard.append(byte)
            default:
                // Foundation checks the rest: a letter or digit after `=`, any other character.
                standard.append(byte)
            }
        }
        if sawStandard && sawURLSafe { return nil }
        let remainder = (standard.count - padding) % 4
        if padding == 0 {
            // Unpadded: 2 or 3 characters of a last group take `==` or `=`; 1 is never base64.
            guard remainder != 1 else { return nil }
            if remainder > 0 { standard.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 4 - remainder)) }
        }
        return Data(base64Encoded: Data(standard))
    }
}
