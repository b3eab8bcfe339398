/// Number parsing for ``HTJSONParser``.
///
/// The grammar is checked byte by byte while the digits are accumulated. Integers of up to 18 digits
/// are converted directly; 19- and 20-digit integers with overflow checks; larger ones keep their
/// digits. Numbers of more than 15 significant digits keep their digits too (``HTJSON/number(_:)``).
/// Other numbers go through
/// three conversions, each used only when the previous cannot give a correctly rounded result:
/// Clinger's fast path (significand ≤ 2^53 and a power of ten ≤ 10^22, exact in `Double` arithmetic),
/// the Eisel-Lemire algorithm (significands of up to 19 digits), and finally the standard library's
/// `Double(_:)` (`strtod`, correctly rounded) on the number's text.
extension _HTJSONParserCore {
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Parses the number starting at `pos` (at `-` or a digit), leaving `pos` after it.
    @inline(__always)
    mutating func parseNumber() throws(_HTJSONRawError) -> HTJSON {
        let p = bytes
        let n = count
        let start = pos
        var i = pos
        let negative = p[i] == B.minus
        if negative { i &+= 1 }
        guard i < n else { throw fail(.invalidNumber, at: i) }
        var mantissa: UInt64 = 0
        let integerStart = i
        var c = p[i]
        if c == B.zero {
            i &+= 1
            if i < n && Self.isDigit(p[i]) { throw fail(.invalidNumber, at: i) }
        } else if Self.isDigit(c) {
            repeat {
                mantissa = mantissa &* 10 &+ UInt64(c &- B.zero)
                i &+= 1
                guard i < n else { break }
                c = p[i]
            } while Self.isDigit(c)
        } else {
            throw fail(.invalidNumber, at: i)
        }
        let integerDigits = i &- integerStart
        if i == n || (p[i] != B.dot && p[i] | 0x20 != UInt8(ascii: "e")) {
            pos = i
            if integerDigits <= 18 {
                let magnitude = Int64(truncatingIfNeeded: mantissa)
                return .integer(negative ? 0 &- magnitude : magnitude)
            }
            return try parseLargeInteger(start: start, digitsStart: integerStart, end: i, negative: negative)
        }

        var fractionDigits = 0
        if p[i] == B.dot {
            i &+= 1
            let fractionStart = i
            while i &+ 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                guard Self.isEightDigits(word) else { break }
                mantissa = mantissa &* 100_000_000 &+ Self.eightDigitsValue(word)
                i &+= 8
            }
            while i < n {
                c = p[i]
                guard Self.isDigit(c) else { break }
                mantissa = mantissa &* 10 &+ UInt64(c &- B.zero)
                i &+= 1
            }
            fractionDigits = i &- fractionStart
            if fractionDigits == 0 { throw fail(.invalidNumber, at: i) }
        }
        var exponent = 0
        if i < n && p[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            var exponentNegative = false
            if i < n && (p[i] == B.minus || p[i] == B.plus) {
                exponentNegative = p[i] == B.minus
                i &+= 1
            }
            let exponentStart = i
            while i < n {
                c = p[i]
                guard Self.isDigit(c) else { break }
                // Saturate: anything beyond a million is far outside Double's range either way.
                if exponent < 1_000_000 { exponent = exponent &* 10 &+ Int(c &- B.zero) }
                i &+= 1
            }
            if i == exponentStart { throw fail(.invalidNumber, at: i) }
            if exponentNegative { exponent = -exponent }
        }
        pos = i

        let digitCount = integerDigits &+ fractionDigits
        if digitCount <= 19 {
            // `mantissa` holds the significand exactly.
            if mantissa == 0 { return .double(negative ? -0.0 : 0.0) }
            let power = exponent &- fractionDigits
            if digitCount > HTJSONNumber.digitsExactInDouble {
                if let exact = try exactNumber(mantissa: mantissa, power: power, negative: negative, start: start) {
                    return exact
                }
            }
            if mantissa <= 1 << 53 && power >= -22 && power <= 22 {
                var value = Double(mantissa)
                if power < 0 {
                    value /= Self.exactPowerOfTen(-power)
                } else {
                    value *= Self.exactPowerOfTen(power)
                }
                return .double(negative ? -value : value)
            }
            if let value = Self.eiselLemire(mantissa: mantissa, power: power, negative: negative) {
                return .double(value)
            }
        }
        return try parseLongNumber(start: start, end: i, isInteger: false)
    }

    /// A number of 16 to 19 digits (`mantissa × 10^power`) with a fraction or an exponent: when it has
    /// more significant digits than a `Double` holds exactly, ``HTJSON/number(_:)`` (or the
    /// ``HTJSON/integer(_:)`` it is, as `1.2345678901234567e16`); `nil` when it has no more (trailing
    /// zeros, as in `1.50000000000000000`) and the `Double` paths apply.
    @inline(never)
    func exactNumber(mantissa: UInt64, power: Int, negative: Bool, start: Int) throws(_HTJSONRawError) -> HTJSON? {
        var significand = mantissa
        var exponent = power
        while significand % 10 == 0 {
            significand /= 10
            exponent &+= 1
        }
        // At most 15 significant digits: a Double holds the number exactly.
        guard significand >= 1_000_000_000_000_000 else { return nil }
        // Far below the smallest Double (the exponent saturates near a million): zero, keeping the sign.
        if exponent < -HTJSONNumber.exponentLimit { return .double(negative ? -0.0 : 0.0) }
        let number = HTJSONNumber(normalizedSignificand: significand, exponent: exponent, negative: negative)
        // Beyond about 10^308 the number has no finite `Double`: rejected, as for every other number.
        if exponent > 288, !number.doubleValue.isFinite {
            throw fail(.numberOutOfRange, at: start)
        }
        // A whole number in Int64's range (`1.2345678901234567e16`) is the integer it is.
        if exponent >= 0, let integer = number.int64Value { return .integer(integer) }
        return .number(number)
    }

    /// A number whose digits did not fit the fast paths (more than 19, Eisel-Lemire undecided, or too
    /// small for a normal `Double`): an integer (`isInteger`: no fraction or exponent) as
    /// ``HTJSONNumber/json`` gives it; any other number as ``HTJSON/double(_:)`` when it has at most 15
    /// significant digits and the `Double` holds it exactly (zero keeps its sign), else as
    /// ``HTJSONNumber/json`` gives it: `1e-400` keeps its digits rather than become zero.
    @inline(never)
    func parseLongNumber(start: Int, end: Int, isInteger: Bool) throws(_HTJSONRawError) -> HTJSON {
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: end &- start), as: UTF8.self)
        guard let number = HTJSONNumber(text) else {
            // The grammar is checked, so only an exponent beyond ±32,000 gets here: zero or too large.
            let value = try parseDoubleSlowly(start: start, end: end)
            return .double(value)
        }
        let double = number.doubleValue
        guard double.isFinite else { throw fail(.numberOutOfRange, at: start) }
        if isInteger { return number.json }
        if number.isZero { return .double(bytes[start] == B.minus ? -0.0 : 0.0) }
        if number.significantDigitCount <= HTJSONNumber.digitsExactInDouble, number.isHeld(exactlyBy: double) {
            return .double(double)
        }
        return number.json
    }

    /// Whether the eight bytes of `word` (loaded little-endian) are all ASCII digits.
    @inline(__always)
    static func isEightDigits(_ word: UInt64) -> Bool {
        // A byte is a digit when its high nibble is 3 and adding 6 does not carry into the high nibble.
        (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)
            == 0x3333_3333_3333_3333
    }

    /// The value of the eight ASCII digits in `word` (loaded little-endian: the first digit is the
    /// least significant byte), combining pairs, then quadruples, then the two halves.
    @inline(__always)
    static func eightDigitsValue(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value >> 8)
        let pairs = value & 0x0000_00FF_0000_00FF
        let highPairs = (value >> 16) & 0x0000_00FF_0000_00FF
        return (pairs &* (100 &+ (1_000_000 << 32)) &+ highPairs &* (1 &+ (10_000 << 32))) >> 32
    }

    /// 10^power for 0 ≤ power ≤ 22 (exact as a `Double`).
    @inline(__always)
    static func exactPowerOfTen(_ power: Int) -> Double {
        _htjsonExactPowersOfTen[power]
    }

    /// An integer of 19 or more digits: `Int64` when it fits, otherwise what ``largeIntegers`` says.
    @inline(never)
    func parseLargeInteger(start: Int, digitsStart: Int, end: Int, negative: Bool) throws(_HTJSONRawError) -> HTJSON {
        if end &- digitsStart <= 20 {
            var magnitude: UInt64 = 0
            var overflow = false
            for index in digitsStart..<end {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[index] &- B.zero))
                if o1 || o2 {
                    overflow = true
                    break
                }
                magnitude = sum
            }
            if !overflow {
                if negative {
                    if magnitude <= UInt64(1) << 63 {
                        return .integer(Int64(truncatingIfNeeded: 0 &- magnitude))
                    }
                } else if magnitude <= UInt64(Int64.max) {
                    return .integer(Int64(magnitude))
                }
            }
        }
        switch largeIntegers {
        case .exact:
            return try parseLongNumber(start: start, end: end, isInteger: true)
        case .nearestDouble:
            return .double(try parseDoubleSlowly(start: start, end: end))
        case .exactText:
            let text = UnsafeBufferPointer(start: bytes + start, count: end &- start)
            return .string(String(decoding: text, as: UTF8.self))
        case .reject:
            throw fail(.integerOutOfRange, at: start)
        }
    }

    /// Converts the (grammatically valid) number text in `start..<end` with the standard library's
    /// correctly rounded `Double(_:)`, rejecting results that overflow to infinity.
    @inline(never)
    func parseDoubleSlowly(start: Int, end: Int) throws(_HTJSONRawError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: bytes + start, count: end &- start), as: UTF8.self)
        guard let value = Double(text) else { throw fail(.invalidNumber, at: start) }
        guard value.isFinite else { throw fail(.numberOutOfRange, at: start) }
        return value
    }

    /// The Eisel-Lemire algorithm: the correctly rounded `Double` nearest `mantissa × 10^power`, or
    /// `nil` when it cannot decide (the rare halfway-ambiguous cases), when the result would be
    /// subnormal, infinite, or `power` is outside the table. `mantissa` must not be zero.
    ///
    /// Follows Daniel Lemire, "Number Parsing at a Gigabyte per Second" (2021), in the form of Go's
    /// `strconv.eiselLemire64`.
    @inline(__always)
    static func eiselLemire(mantissa: UInt64, power: Int, negative: Bool) -> Double? {
        guard power >= _htjsonPowersOfTenMinExponent, power <= _htjsonPowersOfTenMaxExponent else { return nil }
        let leadingZeros = mantissa.leadingZeroBitCount
        let man = mantissa << UInt64(leadingZeros)
        var exponent2 = UInt64(bitPattern: Int64(((217706 &* power) >> 16) &+ 64 &+ 1023)) &- UInt64(leadingZeros)
        let row = (power &- _htjsonPowersOfTenMinExponent) &* 2
        let tableHigh = _htjsonPowersOfTen[row]
        let tableLow = _htjsonPowersOfTen[row &+ 1]

        var (xHigh, xLow) = man.multipliedFullWidth(by: tableHigh)
        if xHigh & 0x1FF == 0x1FF && xLow &+ man < man {
            let (yHigh, yLow) = man.multipliedFullWidth(by: tableLow)
            var mergedHigh = xHigh
            let mergedLow = xLow &+ yHigh
            if mergedLow < xLow { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF && mergedLow &+ 1 == 0 && yLow &+ man < man {
                return nil
            }
            xHigh = mergedHigh
            xLow = mergedLow
        }
        let msb = xHigh >> 63
        var resultMantissa = xHigh >> (msb &+ 9)
        exponent2 &-= 1 ^ msb
        if xLow == 0 && xHigh & 0x1FF == 0 && resultMantissa & 3 == 1 {
            return nil
        }
        resultMantissa &+= resultMantissa & 1
        resultMantissa >>= 1
        if resultMantissa >> 53 > 0 {
            resultMantissa >>= 1
            exponent2 &+= 1
        }
        if exponent2 &- 1 >= 0x7FF &- 1 {
            return nil
        }
        var bits = exponent2 << 52 | resultMantissa & 0x000F_FFFF_FFFF_FFFF
        if negative { bits |= 0x8000_0000_0000_0000 }
        return Double(bitPattern: bits)
    }
}

/// The powers of ten that are exact in `Double`.
let _htjsonExactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
]
