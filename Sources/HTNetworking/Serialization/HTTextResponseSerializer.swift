import Foundation

/// Reads plain-text bodies as a JSON string, decoded with the `charset` of the `Content-Type` (UTF-8
/// when there is none). A request whose `Response` is `String` or ``HTJSON`` gets the text.
///
/// Known charsets: UTF-8, UTF-16 (with byte order mark, LE or BE), ISO-8859-1 (Latin-1), US-ASCII and
/// Windows-1252. Invalid UTF-8 is replaced with U+FFFD rather than rejected; a body that is not valid
/// in another named charset, or an unknown charset, is a serialization error.
public struct HTTextResponseSerializer: HTResponseSerializer {
    /// Creates the serializer.
    public init() {}

    public var name: String { "text" }

    /// Why a text body could not be read.
    package struct UnreadableText: Error, CustomStringConvertible {
        /// The charset that was asked for.
        package var charset: String

        package var description: String { "the body is not valid text in the charset '\(charset)'" }
    }

    public func json(from body: Data, contentType: HTContentType?) throws -> HTJSON {
        let charset = contentType?.charset ?? "utf-8"
        let encoding: String.Encoding
        switch charset {
        case "utf-8", "utf8":
            return .string(String(decoding: body, as: UTF8.self))
        case "iso-8859-1", "latin1", "iso_8859-1", "l1": encoding = .isoLatin1
        case "us-ascii", "ascii": encoding = .ascii
        case "utf-16": encoding = .utf16
        case "utf-16le": encoding = .utf16LittleEndian
        case "utf-16be": encoding = .utf16BigEndian
        case "windows-1252", "cp1252": encoding = .windowsCP1252
        default: throw UnreadableText(charset: charset)
        }
        guard let text = String(data: body, encoding: encoding) else { throw UnreadableText(charset: charset) }
        return .string(text)
    }
}
