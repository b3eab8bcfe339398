import Foundation

/// Writes ``HTJSON`` values as JSON text (UTF-8).
///
/// The output is compact by default (no whitespace at all). Strings escape `"`, `\` and the control
/// characters U+0000–U+001F (as `\b`, `\f`, `\n`, `\r`, `\t`, or `\u00xx` with lowercase hex digits);
/// everything else, non-ASCII characters included, is written as its UTF-8 bytes, and `/` is written
/// as is unless ``Options/escapingSlashes`` is set.
///
/// Numbers: ``HTJSON/integer(_:)`` is written in decimal. ``HTJSON/double(_:)`` is written with
/// Swift's shortest round-tripping representation, which always reads back as the same `Double` and
/// always contains a `.` or an exponent (`3.0`, `0.1`, `1e-05`, `1e+20`), so it parses back as a
/// double, never as an integer. NaN and the infinities have no JSON form: they are written as `null`
/// (as JavaScript's `JSON.stringify` does). The parser never produces them, so this only concerns
/// values built in code.
///
/// The serializer does not recurse, so it handles values nested arbitrarily deeply.
public struct HTJSONSerializer: Sendable {
    /// Output settings.
    public struct Options: OptionSet, Sendable {
        /// The bits of the option set.
        public let rawValue: Int

        /// Creates options from their bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Writes the members of every object ordered by the UTF-8 bytes of their keys (members with
        /// equal keys keep their relative order) instead of in document order.
        public static let sortedKeys = Options(rawValue: 1 << 0)
        /// Writes each array element and object member on its own line, indented by two spaces per
        /// level, with `": "` between key and value. Empty arrays and objects stay `[]` and `{}`; there
        /// is no newline at the end.
        public static let prettyPrinted = Options(rawValue: 1 << 1)
        /// Writes `/` in strings as `\/` (by default it is written as is).
        public static let escapingSlashes = Options(rawValue: 1 << 2)
    }

    /// The output settings.
    public var options: Options

    /// Creates a serializer.
    /// - Parameter options: the output settings (default: compact, document order, `/` not escaped).
    public init(options: Options = []) {
        self.options = options
    }

    /// The JSON text of `value`, in UTF-8.
    public func serialize(_ value: HTJSON) -> [UInt8] {
        var writer = _HTJSONWriter(options: options)
        writer.write(value)
        return writer.output
    }
}

extension HTJSON {
    /// The JSON text of this value, in UTF-8, written by ``HTJSONSerializer``.
    public func serializedData(options: HTJSONSerializer.Options = []) -> Data {
        Data(HTJSONSerializer(options: options).serialize(self))
    }

    /// The JSON text of this value, written by ``HTJSONSerializer``.
    public func serializedString(options: HTJSONSerializer.Options = []) -> String {
        String(decoding: HTJSONSerializer(options: options).serialize(self), as: UTF8.self)
    }
}

/// The serializer's working state: the output and an explicit stack of open containers.
struct _HTJSONWriter {
    private struct Frame {
        var isObject: Bool
        var elements: [HTJSON]
        var members: [HTJSONObject.Member]
        var index: Int
        var count: Int { isObject ? members.count : elements.count }
    }

    private(set) var output: [UInt8] = []
    private let pretty: Bool
    private let sorted: Bool
    private let escapeSlashes: Bool

    init(options: HTJSONSerializer.Options) {
        pretty = options.contains(.prettyPrinted)
        sorted = options.contains(.sortedKeys)
        escapeSlashes = options.contains(.escapingSlashes)
        output.reserveCapacity(256)
    }

    mutating func write(_ root: HTJSON) {
        var stack: [Frame] = []
        writeValue(root, stack: &stack)
        while let top = stack.indices.last {
            let index = stack[top].index
            if index == stack[top].count {
                let isObject = stack[top].isObject
                stack.removeLast()
                newline(depth: stack.count)
                output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                continue
            }
            stack[top].index = index + 1
            if index > 0 { output.append(UInt8(ascii: ",")) }
            newline(depth: stack.count)
            if stack[top].isObject {
                let member = stack[top].members[index]
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                writeValue(member.value, stack: &stack)
            } else {
                let element = stack[top].elements[index]
                writeValue(element, stack: &stack)
            }
        }
    }

    @inline(__always)
    private mutating func newline(depth: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Writes a scalar or an empty container whole; writes the opening bracket of a non-empty
    /// container and pushes it on `stack`.
    private mutating func writeValue(_ value: HTJSON, stack: inout [Frame]) {
        switch value {
        case .null:
            appendASCII("null")
        case .bool(let flag):
            appendASCII(flag ? "true" : "false")
        case .integer(let integer):
            writeInteger(integer)
        case .double(let double):
            writeDouble(double)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            if elements.isEmpty {
                appendASCII("[]")
            } else {
                output.append(UInt8(ascii: "["))
                stack.append(Frame(isObject: false, elements: elements, members: [], index: 0))
            }
        case .object(let object):
            if object.members.isEmpty {
                appendASCII("{}")
            } else {
                output.append(UInt8(ascii: "{"))
                let members = sorted ? Self.sortedMembers(object.members) : object.members
                stack.append(Frame(isObject: true, elements: [], members: members, index: 0))
            }
        }
    }

    /// `members` ordered by the UTF-8 bytes of their keys, stable for equal keys.
    private static func sortedMembers(_ members: [HTJSONObject.Member]) -> [HTJSONObject.Member] {
        let order = members.indices.sorted { a, b in
            let keyA = members[a].key.utf8
            let keyB = members[b].key.utf8
            if keyA.elementsEqual(keyB) { return a < b }
            return keyA.lexicographicallyPrecedes(keyB)
        }
        return order.map { members[$0] }
    }

    @inline(__always)
    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private mutating func writeInteger(_ value: Int64) {
        var magnitude = value.magnitude
        // 20 digits and a sign at most.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[index...]))
        }
    }

    private mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        // `description` is the shortest text that reads back as `value`, and contains `.` or `e`
        // for every finite value ("3.0", "1e-05", "5e-324", "-0.0"): all valid JSON numbers.
        output.append(contentsOf: value.description.utf8)
    }

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { writeEscaped($0) }
        if done == nil {
            let bytes = Array(string.utf8)
            bytes.withUnsafeBufferPointer { writeEscaped($0) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let needsEscape =
                byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (byte == UInt8(ascii: "/") && escapeSlashes)
            if !needsEscape {
                index += 1
                continue
            }
            if index > runStart {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                let digits = hex.utf8Start
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(digits[Int(byte >> 4)])
                output.append(digits[Int(byte & 0xF)])
            }
            index += 1
            runStart = index
        }
        if count > runStart {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
    }
}
