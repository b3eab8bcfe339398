import Foundation
import HTModel
import Testing

/// Documents that try to get entity declarations past the reader: a `>` inside a quoted literal of the
/// `DOCTYPE`, and the same document in encodings other than UTF-8. `XMLParser` on Linux expands none of
/// them and silently drops the text of each reference (`Hello &co; world` became `Hello  world`), and it
/// crashes on an unparsed entity (`NDATA`); the reader must refuse them all, whatever the encoding.
@Suite("XML: entity declarations are refused in any encoding")
struct XMLHostileDocumentTests {
    static let quoted = #"<!DOCTYPE a SYSTEM "x>y" [<!ENTITY co "Co">]><a>Hello &co; world</a>"#

    /// `text` in UTF-16 or UTF-32, `bigEndian` or not, with or without a byte order mark.
    static func encoded(_ text: String, width: Int, bigEndian: Bool, bom: Bool) -> Data {
        var data = Data()
        for scalar in ((bom ? "\u{FEFF}" : "") + text).unicodeScalars {
            let units: [UInt32] =
                width == 4 ? [scalar.value] : Array(String(scalar).utf16).map { UInt32($0) }
            for unit in units {
                var bytes = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
                if bigEndian { bytes.reverse() }
                data.append(contentsOf: bytes)
            }
        }
        return data
    }

    @Test("a '>' inside a quoted DOCTYPE literal does not hide the entity declarations")
    func quotedGreaterThan() {
        let documents = [
            Self.quoted,
            #"<!DOCTYPE a PUBLIC "-//x>//EN" 'y>z' [<!ENTITY co "Co">]><a>Hello &co; world</a>"#,
            #"<!DOCTYPE a SYSTEM "x>y" [<!NOTATION n SYSTEM "n"><!ENTITY u SYSTEM "u" NDATA n>]><a>t</a>"#,
            #"<!DOCTYPE a SYSTEM 'x" [<!ENTITY co "Co">]><a>Hello &co; world</a>"#,
        ]
        for document in documents {
            let error = #expect(throws: HTXMLParseError.self, "\(document)") { try HTJSON(parsingXML: document) }
            #expect(error?.reason == .entityDeclarations, "\(document)")
            #expect(error?.line == 1)
        }
        let multiline = "<?xml version=\"1.0\"?>\n<!DOCTYPE a SYSTEM \"x>y\" [\n  <!ENTITY co \"Co\">\n]>\n<a>&co;</a>"
        let error = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: multiline) }
        #expect(error?.reason == .entityDeclarations)
        #expect(error?.line == 3)
        #expect(error?.column == 3)
        #expect(
            error?.description
                == "the XML document declares entities in its DOCTYPE, which are not supported (line 3, column 3)")
    }

    @Test("UTF-16 and UTF-32 documents are checked like UTF-8 ones", arguments: [2, 4])
    func wideEncodings(width: Int) throws {
        for bigEndian in [false, true] {
            for bom in [true, false] {
                let declaration = width == 2 ? "UTF-16" : "UTF-32"
                let hostile = Self.encoded(
                    #"<?xml version="1.0" encoding="\#(declaration)"?>"# + Self.quoted, width: width,
                    bigEndian: bigEndian, bom: bom)
                let error = #expect(throws: HTXMLParseError.self, "\(width) \(bigEndian) \(bom)") {
                    try HTJSON(parsingXML: hostile)
                }
                #expect(error?.reason == .entityDeclarations, "\(width) \(bigEndian) \(bom)")
                guard bom else { continue }
                // Without a declaration only a byte order mark tells the encoding.
                let bare = Self.encoded(Self.quoted, width: width, bigEndian: bigEndian, bom: true)
                #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: bare) }
            }
        }
        // The same encodings without entities read as before.
        let fine = Self.encoded(
            #"<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE a SYSTEM "x>y"><a>caf&#233; &amp; ü</a>"#, width: 2,
            bigEndian: false, bom: true)
        #expect(try HTJSON(parsingXML: fine) == ["a": "café & ü"])
    }

    @Test("encodings the check cannot read are refused: UTF-7, EBCDIC")
    func unreadableEncodings() {
        // libxml2 decodes both, so an ASCII scan would see no DOCTYPE at all.
        let utf7 =
            #"<?xml version="1.0" encoding="UTF-7"?>+ADw-!DOCTYPE a +AFsAPA-!ENTITY co +ACI-Co+ACIAPgBd-+AD4-<a>Hello &co; world</a>"#
        let error = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: utf7) }
        #expect(error?.reason == .unsupportedEncoding("UTF-7"))
        #expect(
            error?.description
                == "the XML document's encoding 'UTF-7' is not supported; use UTF-8, UTF-16 or an encoding that extends ASCII (line 1, column 31)"
        )
        // "<?xml version" in EBCDIC (code page 037).
        let ebcdic = Data([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40, 0xA5, 0x85, 0x99, 0xA2, 0x89, 0x96, 0x95])
        let refused = #expect(throws: HTXMLParseError.self) { try HTJSON(parsingXML: ebcdic) }
        #expect(refused?.reason == .unsupportedEncoding("EBCDIC"))
        // A document that declares UTF-16 but is not: refused, not guessed.
        #expect(throws: HTXMLParseError.self) {
            try HTJSON(parsingXML: #"<?xml version="1.0" encoding="UTF-16"?><a>x</a>"#)
        }
        // Encodings that extend ASCII read as before.
        let latin1 = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><a>caf"#.utf8) + Data([0xE9]) + Data("</a>".utf8)
        #expect((try? HTJSON(parsingXML: latin1)) == ["a": "café"])
        #expect((try? HTJSON(parsingXML: #"<?xml version='1.0' encoding = 'utf-8' ?><a>x</a>"#)) == ["a": "x"])
    }

    @Test("an entity the document does not declare is an error, never dropped text")
    func undeclaredReferences() {
        for document in [
            #"<!DOCTYPE a PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "xhtml1-strict.dtd"><a>Hello &nbsp; world</a>"#,
            #"<!DOCTYPE a SYSTEM "a.dtd"><a q="&zz;">t</a>"#,
            "<a>Hello &co; world</a>",
        ] {
            let error = #expect(throws: HTXMLParseError.self, "\(document)") { try HTJSON(parsingXML: document) }
            #expect(error?.line == 1, "\(document)")
            #expect(error?.description.contains("entity") == true, "\(String(describing: error))")
        }
    }
}
