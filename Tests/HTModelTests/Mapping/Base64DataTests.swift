import Foundation
import HTModel
import Testing

/// `Data` from JSON strings: base64 in the standard alphabet (RFC 4648 §4) and the URL-safe one (§5),
/// padded or not, as OpenAPI's `format: byte` and 3.1's `contentEncoding: base64` send it; written in
/// the standard alphabet, padded.
@Suite("Data: base64, standard and URL-safe, padded or not")
struct Base64DataTests {
    /// Bytes whose base64 uses `+` and `/` (URL-safe: `-` and `_`) and needs padding.
    static let bytes = Data([0xFB, 0xFF, 0xBF, 0xFE, 0x3E])

    @Test("every spelling of the same bytes reads as them")
    func spellings() throws {
        #expect(Self.bytes.base64EncodedString() == "+/+//j4=")
        for text in ["+/+//j4=", "+/+//j4", "-_-__j4=", "-_-__j4"] {
            #expect(try Data.htMap(.string(text), options: .strict) == Self.bytes, "\(text)")
            #expect(HTResponseData(.string(text)).data == Self.bytes, "\(text)")
        }
        // One and two bytes: two and three characters without padding.
        #expect(try Data.htMap(.string("YQ")) == Data("a".utf8))
        #expect(try Data.htMap(.string("YWI")) == Data("ab".utf8))
        #expect(try Data.htMap(.string("")) == Data())
    }

    @Test("whitespace, mixed alphabets, impossible lengths and wrong padding are diagnostics")
    func rejected() throws {
        for text in ["+/-_", "YQ=", "Y", "YWJjZ", "aGVs bG8=", "aGVsbG8*", "YQ==YQ==", "=YQ"] {
            var context = HTMappingContext(options: .lenient)
            #expect(Data.htDecode(.string(text), context: &context) == nil, "\(text)")
            #expect(context.diagnostics.map(\.message) == [#"expected base64 data, found string "\#(text)""#])
        }
        #expect(HTResponseData(.string("+/-_")).data == nil)
    }

    @Test("writing keeps the standard alphabet, padded")
    func writing() throws {
        #expect(Self.bytes.htJSON == .string("+/+//j4="))
        let read = try Data.htMap(.string("-_-__j4"))
        #expect(read.htJSON == .string("+/+//j4="))
    }
}
