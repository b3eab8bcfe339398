import Foundation

/// `HTJSON` through `Codable`, so JSON values (and models, which encode as their JSON) can be stored
/// with any encoder: `JSONEncoder`, `PropertyListEncoder`, or an app's own.
///
/// Encoding writes each kind with the matching container: `null` with `encodeNil()`, booleans, integers
/// (`Int64`), doubles and strings as single values, arrays as unkeyed and objects as keyed containers.
/// When an object has a key twice, only its last value is written (the value lookups see).
///
/// Decoding asks the decoder for, in order: `nil`, a keyed container (an object), an unkeyed container
/// (an array), then `Bool`, `Int64`, `Double` and `String`; the first that succeeds decides the kind.
/// Two consequences:
/// - A number a decoder can give as an `Int64` becomes `.integer` even if it was written `1.0`
///   (`JSONDecoder` does this); other numbers become `.double`, or `.number` when the decoder gives more
///   than 15 significant digits as a `Decimal` too.
/// - Decoders do not report the order of an object's keys, so decoded objects list their members sorted
///   by key, which makes the result the same on every run.
extension HTJSON: Codable {
    /// Decodes any value a decoder holds (see the extension's rules).
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), single.decodeNil() {
            self = .null
            return
        }
        if let keyed = try? decoder.container(keyedBy: HTJSONCodingKey.self) {
            var object = HTJSONObject()
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object.append(key.stringValue, try keyed.decode(HTJSON.self, forKey: key))
            }
            self = .object(object)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [HTJSON] = []
            if let count = unkeyed.count { elements.reserveCapacity(count) }
            while !unkeyed.isAtEnd {
                elements.append(try unkeyed.decode(HTJSON.self))
            }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(Double.self) {
            self = Self.decodedNumber(value, exact: try? single.decode(Decimal.self))
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: single,
                debugDescription:
                    "not a JSON value: neither null, an object, an array, a boolean, a number nor a string")
        }
    }

    /// A decoded number that is not an `Int64`: its exact digits when the decoder also gives it as a
    /// `Decimal` of more than 15 significant digits that agrees with the `Double` (`JSONDecoder` reads a
    /// `Decimal` from the number's text), else the `Double`, so no decoder's rounding adds digits.
    private static func decodedNumber(_ double: Double, exact: Decimal?) -> HTJSON {
        if let exact, let number = HTJSONNumber(exact), case .number = number.json, number.doubleValue == double {
            return .number(number)
        }
        return .double(double)
    }

    /// Encodes the value with the container that matches its kind.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .integer(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            // `Decimal` keeps up to 38 digits (`JSONEncoder` writes them exactly); beyond, the nearest `Double`.
            var container = encoder.singleValueContainer()
            if number.significantDigitCount <= 38, let decimal = number.decimalValue {
                try container.encode(decimal)
            } else {
                try container.encode(number.doubleValue)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            var container = encoder.container(keyedBy: HTJSONCodingKey.self)
            var last: [HTExactKey: Int] = [:]
            for (index, member) in object.members.enumerated() { last[HTExactKey(member.key)] = index }
            for (index, member) in object.members.enumerated() where last[HTExactKey(member.key)] == index {
                try container.encode(member.value, forKey: HTJSONCodingKey(member.key))
            }
        }
    }
}
