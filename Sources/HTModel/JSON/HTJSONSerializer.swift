import Foundation

/// Writes ``HTJSON`` values as JSON text (UTF-8).
///
/// The output is compact by default (no whitespace at all). Strings escape `"`, `\` and the control
/// characters U+0000–U+001F (as `\b`, `\f`, `\n`, `\r`, `\t`, or `\u00xx` with lowercase hex digits);
/// everything else, non-ASCII characters included, is written as its UTF-8 bytes, and `/` is written
/// as is unless ``Options/escapingSlashes`` is set.
///
/// Numbers: ``HTJSON/integer(_:)`` is written in decimal. ``HTJSON/double(_:)`` holding a whole number
/// of magnitude at most 2^53 is written as an integer (`5`, not `5.0`; `-0.0` as `0`, since integers
/// have no negative zero), as JavaScript's `JSON.stringify` does (and `JSONEncoder`, apart from `-0`):
/// JSON does not tell `5` from `5.0`, but servers that validate integer fields do, and reject `5.0`. Every other double is written with Swift's
/// shortest round-tripping representation (`0.1`, `2.5`, `1e-05`, `1e+16`), which reads back as the
/// same `Double`. So a whole double reads back as ``HTJSON/integer(_:)`` with the same numeric value
/// (every number accessor and mapping accepts either). NaN and the infinities have no JSON form: they
/// are written as `null` (as JavaScript's `JSON.stringify` does). The parser never produces them, so
/// this only concerns values built in code.
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
        return writer.bytes()
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

/// The serializer's working state: the output buffer and an explicit stack of open containers.
struct _HTJSONWriter: ~Copyable {
    private struct Frame {
        var isObject: Bool
        var elements: [HTJSON]
        var members: [HTJSONObject.Member]
        var index: Int
        var count: Int { isObject ? members.count : elements.count }
    }

    var output: _HTJSONOutputBuffer
    private let pretty: Bool
    private let sorted: Bool
    private let escapeSlashes: Bool

    init(options: HTJSONSerializer.Options) {
        pretty = options.contains(.prettyPrinted)
        sorted = options.contains(.sortedKeys)
        escapeSlashes = options.contains(.escapingSlashes)
        output = _HTJSONOutputBuffer(initialCapacity: 256)
    }

    /// The bytes written so far.
    func bytes() -> [UInt8] {
        output.bytes()
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
        output.append(repeating: UInt8(ascii: " "), count: depth * 2)
    }

    /// Writes a scalar or an empty container whole; writes the opening bracket of a non-empty
    /// container and pushes it on `stack`.
    private mutating func writeValue(_ value: HTJSON, stack: inout [Frame]) {
        switch value {
        case .null:
            output.append("null")
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .integer(let integer):
            writeInteger(integer)
        case .double(let double):
            writeDouble(double)
        case .number(let number):
            writeNumber(number)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            if elements.isEmpty {
                output.append("[]")
            } else {
                output.append(UInt8(ascii: "["))
                stack.append(Frame(isObject: false, elements: elements, members: [], index: 0))
            }
        case .object(let object):
            if object.members.isEmpty {
                output.append("{}")
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

    mutating func writeInteger(_ value: Int64) {
        var magnitude = value.magnitude
        // 19 digits and a sign at most.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
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
            output.append(UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Writes an exact number as its text (``HTJSONNumber/text``).
    mutating func writeNumber(_ value: HTJSONNumber) {
        var text = value.text
        text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
    }

    mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            output.append("null")
            return
        }
        // Whole numbers up to 2^53 as integers: `5`, not `5.0` (see ``HTJSONSerializer``).
        if let integer = value._htWholeNumber {
            writeInteger(integer)
            return
        }
        // `description` is the shortest text that reads back as `value`, and contains `.` or `e`
        // for every other finite value ("0.1", "1e-05", "5e-324", "1e+16"): all valid JSON numbers.
        // `write(to:)` writes the same text to a stream without making a `String` first.
        var sink = _HTJSONNumberSink()
        value.write(to: &sink)
        if sink.overflowed {
            var text = value.description
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        } else {
            withUnsafeBytes(of: sink.storage) { output.append(UnsafeRawBufferPointer(rebasing: $0.prefix(sink.count))) }
        }
    }

    mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { writeEscaped($0) }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes `bytes` with `"`, `\\`, control characters (and `/` when asked) escaped, copying the runs
    /// between them whole; finds them eight bytes at a time.
    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let p = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while true {
            // Find the next byte to escape.
            var found = false
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(p + index).loadUnaligned(as: UInt64.self))
                var mask = _HTJSONBytes.stringStopMask(word)
                if escapeSlashes {
                    let slashes = word ^ 0x2F2F_2F2F_2F2F_2F2F
                    mask |= (slashes &- 0x0101_0101_0101_0101) & ~slashes & 0x8080_8080_8080_8080
                }
                if mask != 0 {
                    index &+= mask.trailingZeroBitCount &>> 3
                    found = true
                    break
                }
                index &+= 8
            }
            if !found {
                while index < count {
                    let byte = p[index]
                    if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                        || (byte == UInt8(ascii: "/") && escapeSlashes)
                    {
                        found = true
                        break
                    }
                    index &+= 1
                }
            }
            if index > runStart {
                output.append(UnsafeRawBufferPointer(start: p + runStart, count: index &- runStart))
            }
            guard found else { return }
            writeEscape(p[index])
            index &+= 1
            runStart = index
        }
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case UInt8(ascii: "/"): output.append("\\/")
        case 0x08: output.append("\\b")
        case 0x0C: output.append("\\f")
        case 0x0A: output.append("\\n")
        case 0x0D: output.append("\\r")
        case 0x09: output.append("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            output.append("\\u00")
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0xF)])
        }
    }
}

/// A text output stream with room for one number's text (32 bytes, where a `Double` needs at most 24),
/// taking the standard library's ASCII fast path (`_writeASCII`) when it offers one.
struct _HTJSONNumberSink: TextOutputStream {
    var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var count = 0
    /// Set when more was written than fits; the text is then incomplete.
    var overflowed = false

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard count + buffer.count <= MemoryLayout.size(ofValue: storage) else {
            overflowed = true
            return
        }
        let start = count
        withUnsafeMutableBytes(of: &storage) { raw in
            for (offset, byte) in buffer.enumerated() { raw[start + offset] = byte }
        }
        count += buffer.count
    }
}

/// A growable byte buffer in manually managed memory: appends are a capacity check and a copy, with
/// none of `Array`'s uniqueness checks.
struct _HTJSONOutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    init(initialCapacity: Int) {
        capacity = Swift.max(initialCapacity, 16)
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// A copy of the bytes written.
    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, as `Data`.
    func data() -> Data {
        Data(bytes: base, count: count)
    }

    /// Forgets the bytes written after the first `newCount` (`newCount` at most ``count``).
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        if newCount >= 0 && newCount < count { count = newCount }
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count &+ extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity &* 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(repeating byte: UInt8, count repetitions: Int) {
        reserve(repetitions)
        (base + count).initialize(repeating: byte, count: repetitions)
        count &+= repetitions
    }
}
