/// The YAML 1.2 core schema: how a plain scalar without a tag becomes null, a boolean, a number or a
/// string, and what the `!!null`, `!!bool`, `!!int` and `!!float` tags accept.
///
/// Numbers go into the tree as JSON would write them, so the rest of the generator reads them the
/// same: `0x1F` and `0o17` become decimal, a leading `+` is dropped, `.5` becomes `0.5`, `.inf`
/// and `.nan` become `inf` and `nan` (which `Double` reads).
enum YAMLCoreSchema {
    /// The value of an untagged plain scalar.
    static func resolve(_ text: String) -> JSONNode.Value {
        guard let first = text.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            if let value = null(text) { return value }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let value = bool(text) { return value }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let value = int(text) ?? float(text) { return value }
        default:
            break
        }
        return .string(text)
    }

    /// The value of a scalar tagged `!!null`, `!!bool`, `!!int` or `!!float` (`name`), or nil when
    /// the text is not one.
    static func resolve(_ text: String, as name: String) -> JSONNode.Value? {
        switch name {
        case "null": return null(text)
        case "bool": return bool(text)
        case "int": return int(text)
        case "float":
            return int(text).flatMap { value -> JSONNode.Value? in
                if case .number(let digits) = value { return .number(digits) }
                return nil
            } ?? float(text)
        default: return nil
        }
    }

    /// `null`, `Null`, `NULL`, `~` or nothing.
    private static func null(_ text: String) -> JSONNode.Value? {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        default: return nil
        }
    }

    /// `true` or `false`, in lower, capitalized or upper case.
    private static func bool(_ text: String) -> JSONNode.Value? {
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return nil
        }
    }

    /// Whether `byte` is an ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`.
    private static func int(_ text: String) -> JSONNode.Value? {
        let bytes = Array(text.utf8)
        if bytes.count > 2 && bytes[0] == UInt8(ascii: "0")
            && (bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x"))
        {
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            let digits = String(decoding: bytes[2...], as: UTF8.self)
            if let value = UInt64(digits, radix: radix) { return .number(String(value)) }
            // Valid digits but too large for 64 bits: keep the magnitude as a double.
            let valid = digits.unicodeScalars.allSatisfy {
                $0.properties.numericType != nil || "abcdefABCDEF".unicodeScalars.contains($0)
            }
            guard valid, radix == 16 || digits.allSatisfy({ ("0"..."7").contains($0) }) else { return nil }
            var value = 0.0
            for character in digits {
                guard let digit = character.hexDigitValue, digit < radix else { return nil }
                value = value * Double(radix) + Double(digit)
            }
            return .number(String(value))
        }
        var start = 0
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") { start = 1 }
        guard bytes.count > start, bytes[start...].allSatisfy(isDigit) else { return nil }
        let negative = bytes.first == UInt8(ascii: "-")
        var digits = bytes[start...].drop { $0 == UInt8(ascii: "0") }
        if digits.isEmpty { digits = [UInt8(ascii: "0")][...] }
        return .number((negative && digits != [UInt8(ascii: "0")] ? "-" : "") + String(decoding: digits, as: UTF8.self))
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?.inf` (any case form), `.nan`.
    private static func float(_ text: String) -> JSONNode.Value? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number("inf")
        case "-.inf", "-.Inf", "-.INF": return .number("-inf")
        case ".nan", ".NaN", ".NAN": return .number("nan")
        default: break
        }
        let bytes = Array(text.utf8)
        var position = 0
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        let integerStart = position
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        var integer = String(decoding: bytes[integerStart..<position], as: UTF8.self)
        var fraction = ""
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
            fraction = String(decoding: bytes[fractionStart..<position], as: UTF8.self)
            if integer.isEmpty && fraction.isEmpty { return nil }
        } else if integer.isEmpty {
            return nil
        }
        var exponent = ""
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            let exponentStart = position
            if position < bytes.count && (bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+"))
            {
                position += 1
            }
            let digitsStart = position
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
            guard position > digitsStart else { return nil }
            exponent = "e" + String(decoding: bytes[exponentStart..<position], as: UTF8.self)
        }
        guard position == bytes.count else { return nil }
        let trimmed = integer.drop { $0 == "0" }
        integer = trimmed.isEmpty ? "0" : String(trimmed)
        var number = (negative ? "-" : "") + integer
        if !fraction.isEmpty { number += "." + fraction }
        return .number(number + exponent)
    }
}
