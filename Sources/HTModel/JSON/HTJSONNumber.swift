import Foundation

/// A JSON number held exactly, digit for digit: the payload of ``HTJSON/number(_:)``.
///
/// The parser gives one for every number that neither ``HTJSON/integer(_:)`` nor ``HTJSON/double(_:)``
/// holds exactly: an integer outside `Int64` (`18446744073709551615`), or a number with more than 15
/// significant digits (`-65.613616999999977`, `0.1000000000000000055511151231257827`). `Decimal` and
/// `UInt64` values that those cases cannot hold write one too.
///
/// The value is `±significand × 10^exponent`, kept without trailing zeros, so two numbers are equal
/// when their values are (`1.50` and `1.5e0` are the same number). Up to 20 significant digits (a
/// `UInt64`) are held inline, with no allocation, so an array of ``HTJSON`` values takes no more memory
/// than before; longer numbers (rare) keep their digits in a shared buffer. Exponents are held
/// within ±32,000 (far beyond any finite `Double` or `Decimal`).
public struct HTJSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The significant digits: an unsigned integer or, beyond 20 digits, their ASCII text.
    enum Digits: Hashable {
        case inline(UInt64)
        case long(LongDigits)
    }

    /// The ASCII digits of a number of more than 20 significant digits, behind one reference.
    final class LongDigits: Sendable, Hashable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (lhs: LongDigits, rhs: LongDigits) -> Bool { lhs.text == rhs.text }
        func hash(into hasher: inout Hasher) { hasher.combine(text) }
    }

    /// The largest exponent magnitude held.
    static let exponentLimit = 32_000

    /// The significant digits when ``long`` is `nil` (0 otherwise).
    let significand: UInt64
    /// The significant digits of a number of more than 20 of them.
    let long: LongDigits?
    /// The exponent, in 16 bits: the struct stays 19 bytes, and an ``HTJSON`` holding it no larger
    /// (24 bytes a value) than before exact numbers.
    let storedExponent: Int16
    /// Whether the number is below zero.
    package let isNegative: Bool

    /// The power of ten the significand is multiplied by.
    package var exponent: Int { Int(storedExponent) }

    /// Numbers with at most this many significant digits are held exactly by a `Double` (its shortest
    /// text reads back as the same decimal), so the parser makes ``HTJSON/double(_:)`` of them.
    package static let digitsExactInDouble = 15

    /// The significant digits.
    var digits: Digits {
        if let long { return .long(long) }
        return .inline(significand)
    }

    /// The number with its parts as given (normalized by the caller).
    private init(normalizedDigits digits: Digits, exponent: Int, negative: Bool) {
        switch digits {
        case .inline(let value):
            self.significand = value
            self.long = nil
        case .long(let text):
            self.significand = 0
            self.long = text
        }
        self.storedExponent = Int16(clamping: exponent)
        self.isNegative = negative
    }

    /// The number `±significand × 10^exponent` for a significand that is not zero and has no trailing
    /// zeros (the parser's fast path, which has checked both).
    init(normalizedSignificand significand: UInt64, exponent: Int, negative: Bool) {
        self.init(normalizedDigits: .inline(significand), exponent: exponent, negative: negative)
    }

    /// The number `±significand × 10^exponent`.
    init(significand: UInt64, exponent: Int, negative: Bool) {
        var significand = significand
        var exponent = exponent
        if significand == 0 {
            exponent = 0
        } else {
            while significand % 10 == 0 {
                significand /= 10
                exponent += 1
            }
        }
        self.init(normalizedDigits: .inline(significand), exponent: exponent, negative: negative && significand != 0)
    }

    /// The number `±digits × 10^exponent`; `digits` holds ASCII digits only (leading and trailing
    /// zeros allowed).
    init(digits: Substring, exponent: Int, negative: Bool) {
        var text = digits.drop { $0 == "0" }
        var exponent = exponent
        while text.last == "0" {
            text = text.dropLast()
            exponent += 1
        }
        if text.isEmpty {
            self.init(significand: 0, exponent: 0, negative: false)
            return
        }
        if text.utf8.count <= 20, let value = UInt64(text) {
            self.init(significand: value, exponent: exponent, negative: negative)
            return
        }
        self.init(normalizedDigits: .long(LongDigits(String(text))), exponent: exponent, negative: negative)
    }

    /// Reads a number written in JSON's grammar (`-12.5e3`; no `+`, no leading zeros, no spaces).
    /// Returns `nil` for any other text, and for an exponent beyond ±32,000.
    public init?(_ text: some StringProtocol) {
        self.init(text, lenient: false)
    }

    /// Reads a number held in a string the way the coercion table does (``HTValueCoercion``): JSON's
    /// grammar, also with leading zeros (`007`) or a trailing point (`5.`); no spaces, signs other than
    /// `-`, `inf`, `nan` or hex.
    @usableFromInline
    init?(coercing text: some StringProtocol) {
        self.init(text, lenient: true)
    }

    private init?(_ text: some StringProtocol, lenient: Bool) {
        let utf8 = Substring(text).utf8
        var index = utf8.startIndex
        let end = utf8.endIndex
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let negative = index < end && utf8[index] == UInt8(ascii: "-")
        if negative { index = utf8.index(after: index) }
        let integerStart = index
        while index < end, isDigit(utf8[index]) { index = utf8.index(after: index) }
        let integerCount = utf8.distance(from: integerStart, to: index)
        guard integerCount > 0 else { return nil }
        if integerCount > 1, utf8[integerStart] == UInt8(ascii: "0"), !lenient { return nil }
        var digitText = String(Substring(utf8[integerStart..<index]))
        var exponent = 0
        if index < end, utf8[index] == UInt8(ascii: ".") {
            index = utf8.index(after: index)
            let fractionStart = index
            while index < end, isDigit(utf8[index]) { index = utf8.index(after: index) }
            let fractionCount = utf8.distance(from: fractionStart, to: index)
            guard fractionCount > 0 || lenient else { return nil }
            digitText += Substring(utf8[fractionStart..<index])
            exponent -= fractionCount
        }
        if index < end, utf8[index] | 0x20 == UInt8(ascii: "e") {
            index = utf8.index(after: index)
            var exponentNegative = false
            if index < end, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
                exponentNegative = utf8[index] == UInt8(ascii: "-")
                index = utf8.index(after: index)
            }
            let exponentStart = index
            var value = 0
            while index < end, isDigit(utf8[index]) {
                // Saturate far beyond any representable number rather than overflow.
                if value < 1_000_000_000 { value = value * 10 + Int(utf8[index] - UInt8(ascii: "0")) }
                index = utf8.index(after: index)
            }
            guard index > exponentStart else { return nil }
            exponent += exponentNegative ? -value : value
        }
        guard index == end else { return nil }
        self.init(digits: Substring(digitText), exponent: exponent, negative: negative)
        guard abs(self.exponent) <= Self.exponentLimit else { return nil }
    }

    /// The number `value`, exactly.
    public init(_ value: UInt64) {
        self.init(significand: value, exponent: 0, negative: false)
    }

    /// The number `value`, exactly.
    public init(_ value: Int64) {
        self.init(significand: value.magnitude, exponent: 0, negative: value < 0)
    }

    /// The value of `decimal`, exactly; `nil` for `Decimal.nan`.
    public init?(_ decimal: Decimal) {
        guard !decimal.isNaN else { return nil }
        self.init(decimal.description)
    }

    /// Whether the number is zero.
    @usableFromInline package var isZero: Bool { long == nil && significand == 0 }

    /// The number of significant digits (1 for zero).
    package var significantDigitCount: Int {
        switch digits {
        case .inline(let value):
            // Compared with the powers of ten, not divided: this is on the parser's path.
            var count = 1
            var power: UInt64 = 10
            while count < 20, value >= power {
                count &+= 1
                power = power &* 10
            }
            return count
        case .long(let long):
            return long.text.utf8.count
        }
    }

    /// The significant digits as text (`"0"` for zero).
    var digitText: String {
        switch digits {
        case .inline(let value): return String(value)
        case .long(let long): return long.text
        }
    }

    /// The number as JSON text, exactly. Whole numbers are written in plain notation unless they end in
    /// more than 21 zeros (`18446744073709551615`, `123456789012345678901234567890`); fractions in plain
    /// notation from 0.0001 up (`12.12`, `0.000123`), below it in scientific notation with the exponent
    /// written as Swift writes a `Double`'s (`1.2345678901234567e-05`, `1e+30`).
    public var text: String {
        let digits = digitText
        let count = digits.utf8.count
        let point = count + exponent
        var result = isNegative ? "-" : ""
        if exponent >= 0 && exponent <= 21 {
            result += digits
            result += String(repeating: "0", count: exponent)
        } else if exponent < 0 && point > 0 {
            let split = digits.index(digits.startIndex, offsetBy: point)
            result += digits[..<split]
            result += "."
            result += digits[split...]
        } else if point <= 0 && point > -4 {
            result += "0."
            result += String(repeating: "0", count: -point)
            result += digits
        } else {
            result += digits.prefix(1)
            if count > 1 {
                result += "."
                result += digits.dropFirst()
            }
            let power = point - 1
            result += power < 0 ? "e-" : "e+"
            if power.magnitude < 10 { result += "0" }
            result += String(power.magnitude)
        }
        return result
    }

    public var description: String { text }

    /// The nearest `Double` (correctly rounded; `±infinity` beyond `Double`'s range).
    public var doubleValue: Double {
        if case .inline(let significand) = digits {
            if significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
                let value = Double(significand)
                let magnitude =
                    exponent < 0
                    ? value / _HTJSONParserCore.exactPowerOfTen(-exponent)
                    : value * _HTJSONParserCore.exactPowerOfTen(exponent)
                return isNegative ? -magnitude : magnitude
            }
            if significand != 0,
                let value = _HTJSONParserCore.eiselLemire(mantissa: significand, power: exponent, negative: isNegative)
            {
                return value
            }
        }
        return Double(text) ?? (isNegative ? -.infinity : .infinity)
    }

    /// The value as a `Decimal` when `Decimal` holds it exactly, else `nil`: exact or nothing, never a
    /// rounded or truncated value. `Decimal` holds a significand of up to 2^128 − 1 (38 digits, some of
    /// 39) and an exponent in -128...127, counted after trailing zeros move into the exponent
    /// (`1e60` and 38 digits followed by 89 zeros fit; a 42-digit integer, `1e-400` and `1e128` do not).
    public var decimalValue: Decimal? {
        guard exponent >= Self.decimalExponents.lowerBound, exponent <= Self.decimalExponents.upperBound else {
            return nil
        }
        if case .inline(let significand) = digits {
            return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
        }
        return longDecimalValue
    }

    /// The exponents `Decimal` holds.
    package static let decimalExponents = -128...127

    /// ``decimalValue`` for a number of more than 20 digits (rare: off the parser's and mapper's path).
    /// Foundation keeps the first digits of a longer significand and drops the rest, so the value is
    /// checked by reading it back.
    private var longDecimalValue: Decimal? {
        guard significantDigitCount <= 39,
            let significand = Decimal(string: digitText, locale: Locale(identifier: "en_US_POSIX")),
            !significand.isNaN
        else { return nil }
        let value = Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
        return HTJSONNumber(value) == self ? value : nil
    }

    /// Why ``decimalValue`` is `nil`, for a diagnostic: too many digits or an exponent out of range.
    package var decimalLimitDescription: String {
        let digitsFit = significantDigitCount < 39 || (significantDigitCount == 39 && longDecimalValue != nil)
        return digitsFit ? "outside Decimal's range" : "more significant digits than Decimal's 38"
    }

    /// The value as an `Int64` when it is a whole number in range, else `nil`.
    public var int64Value: Int64? {
        guard let magnitude = wholeMagnitude else { return nil }
        if isNegative {
            return magnitude <= UInt64(1) << 63 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return Int64(exactly: magnitude)
    }

    /// The value as a `UInt64` when it is a whole number in range (zero or above), else `nil`.
    public var uint64Value: UInt64? {
        guard !isNegative else { return nil }
        return wholeMagnitude
    }

    /// The magnitude as a `UInt64` when the number is whole and the magnitude fits.
    private var wholeMagnitude: UInt64? {
        guard case .inline(var value) = digits, exponent >= 0 else { return nil }
        for _ in 0..<exponent {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return value
    }

    /// The value as the canonical ``HTJSON``: ``HTJSON/integer(_:)`` for a whole number in `Int64`'s
    /// range, ``HTJSON/double(_:)`` for one of at most 15 significant digits that a `Double` holds
    /// exactly (all of them down to about 2.2e-308; below, in the subnormal range, few), else
    /// ``HTJSON/number(_:)`` (`1e-400` too). What the
    /// parser gives for the number's ``text``, except that it reads a whole number of at most 15
    /// significant digits written with a fraction or an exponent (`1.0`, `1e3`) as a double.
    public var json: HTJSON {
        if let integer = int64Value { return .integer(integer) }
        if significantDigitCount <= Self.digitsExactInDouble {
            let value = doubleValue
            if isHeld(exactlyBy: value) { return .double(value) }
        }
        return .number(self)
    }

    /// Whether `double`, the nearest `Double` to this number of at most 15 significant digits, is the
    /// number exactly as its shortest text: always for a normal `Double`; below about 2.2e-308 (zero or
    /// subnormal, where a `Double` has fewer digits) only when its text reads back as this number.
    package func isHeld(exactlyBy double: Double) -> Bool {
        if double.isNormal { return true }
        guard double.isFinite, double != 0 else { return false }
        return HTJSONNumber(double.description) == self
    }
}
