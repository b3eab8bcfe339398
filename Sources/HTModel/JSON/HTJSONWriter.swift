import Foundation

/// Writes compact JSON text piece by piece: how models turn themselves into bytes without building an
/// ``HTJSON`` value first (see ``HTJSONValueConvertible/htWrite(to:)``).
///
/// The runtime makes writers and hands them to the values it writes; writing to one is for the runtime
/// and generated code (`@_spi(Generated)`). The writer does not check the structure: callers open and
/// close arrays and objects, and write the commas between elements and members, themselves. Strings are
/// escaped as ``HTJSONSerializer`` does, and numbers are written as it writes them.
public final class HTJSONWriter {
    var core: _HTJSONWriter

    /// How `Date` values are written: ``HTDateFormat/automatic``, or the format of the field being
    /// written when it declares one (an accessor made with `dateFormat:` sets it for its field's value).
    @usableFromInline package var dateFormat: HTDateFormat = .automatic

    /// Creates an empty writer.
    package init() {
        core = _HTJSONWriter(options: [])
    }

    /// The number of bytes written so far.
    package var count: Int { core.output.count }

    /// Forgets what was written after the first `count` bytes (used to take back a member whose value
    /// turned out to be absent).
    package func truncate(to count: Int) {
        core.output.truncate(to: count)
    }

    /// A copy of the bytes written.
    package var bytes: [UInt8] { core.output.bytes() }

    /// The bytes written, as `Data`.
    package var data: Data { core.output.data() }

    /// Writes `null`.
    package func writeNull() { core.output.append("null") }

    /// Writes `true` or `false`.
    @usableFromInline package func write(_ value: Bool) { core.output.append(value ? "true" : "false") }

    /// Writes an integer.
    @usableFromInline package func write(_ value: Int64) { core.writeInteger(value) }

    /// Writes a double as ``HTJSONSerializer`` does: whole numbers up to 2^53 as integers (`3`, not
    /// `3.0`), others in shortest round-trip form, `null` when it is not finite.
    @usableFromInline package func write(_ value: Double) { core.writeDouble(value) }

    /// Writes an exact number as its digits (``HTJSONNumber/text``).
    package func write(_ value: HTJSONNumber) { core.writeNumber(value) }

    /// Writes a string, quoted and escaped.
    @usableFromInline package func write(_ value: String) { core.writeString(value) }

    /// Writes a whole JSON value.
    @_spi(Generated) public func write(_ value: HTJSON) { core.write(value) }

    /// Writes `[`.
    @usableFromInline package func beginArray() { core.output.append(UInt8(ascii: "[")) }
    /// Writes `]`.
    @usableFromInline package func endArray() { core.output.append(UInt8(ascii: "]")) }
    /// Writes `{`.
    @usableFromInline package func beginObject() { core.output.append(UInt8(ascii: "{")) }
    /// Writes `}`.
    @usableFromInline package func endObject() { core.output.append(UInt8(ascii: "}")) }
    /// Writes `,`.
    @usableFromInline package func writeComma() { core.output.append(UInt8(ascii: ",")) }

    /// Writes a member name and the colon after it: `"key":`.
    @usableFromInline package func writeKey(_ key: String) {
        core.writeString(key)
        core.output.append(UInt8(ascii: ":"))
    }

    /// Writes bytes that are already JSON text (such as a member name written once with its quotes,
    /// escapes and colon).
    func writeRaw(_ bytes: UnsafeRawBufferPointer) {
        core.output.append(bytes)
    }
}
