import Foundation

/// The check ``HTXMLReader`` makes before `XMLParser` sees a document: its encoding must be one the
/// check can read, and its `DOCTYPE` must not declare entities.
///
/// `XMLParser` on Linux expands no declared entity: it drops the text of each reference without an
/// error (`Hello &co; world` became `Hello  world`), and it crashes on an unparsed (`NDATA`) entity. Its
/// delegate is not told about internal entity declarations, so the check reads the bytes itself, in the
/// encoding libxml2 will use:
///
/// - **The encoding** comes from the first bytes as libxml2 detects it (XML 1.0, appendix F): UTF-32 and
///   UTF-16 by their byte order mark or by `<?` in that encoding; anything else is read byte by byte and
///   must be, by its XML declaration, UTF-8 or an encoding that extends ASCII in a way no multi-byte
///   character can fake `<`, `>`, `?`, `-`, `!` (ISO-8859, Windows code pages, Shift_JIS, EUC, GB, Big5,
///   KOI8). Others (UTF-7, EBCDIC, ISO-2022) would hide the markup from the check, so they are refused.
/// - **The prolog** (whitespace, the XML declaration, processing instructions, comments) is walked up to
///   the `DOCTYPE`. A document whose `DOCTYPE` is followed anywhere by `<!ENTITY` is refused: no quoting
///   rule can hide a declaration from that, and outside a DTD `<!ENTITY` can only be in a comment or a
///   CDATA section, which API responses with a `DOCTYPE` do not need.
enum HTXMLPrologCheck {
    /// The error for `data`, or `nil` when it may be parsed.
    static func error(in data: Data) -> HTXMLParseError? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> HTXMLParseError? in
            guard let units = CodeUnits(bytes) else {
                return HTXMLParseError(reason: .unsupportedEncoding("EBCDIC"), line: 1, column: 1)
            }
            if let error = units.encodingError() { return error }
            guard let entity = units.entityDeclarationAfterDoctype() else { return nil }
            let (line, column) = units.lineAndColumn(of: entity)
            return HTXMLParseError(reason: .entityDeclarations, line: line, column: column)
        }
    }

    /// A document's bytes as code units of 1, 2 or 4 bytes, after the byte order mark.
    struct CodeUnits {
        let bytes: UnsafeRawBufferPointer
        /// Bytes per code unit.
        let width: Int
        let bigEndian: Bool
        /// The first byte after the byte order mark.
        let start: Int
        /// The number of whole code units.
        let count: Int

        /// Detects the layout as libxml2 does; `nil` for EBCDIC and UCS-4's unusual byte orders.
        init?(_ bytes: UnsafeRawBufferPointer) {
            func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes.starts(with: prefix) }
            var width = 1
            var bigEndian = false
            var bom = 0
            if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0x00, 0x00, 0x00, 0x3C]) {
                (width, bigEndian, bom) = (4, true, bytes[3] == 0xFF ? 4 : 0)
            } else if starts([0xFF, 0xFE, 0x00, 0x00]) || starts([0x3C, 0x00, 0x00, 0x00]) {
                (width, bigEndian, bom) = (4, false, bytes[0] == 0xFF ? 4 : 0)
            } else if starts([0x00, 0x00, 0x3C, 0x00]) || starts([0x00, 0x3C, 0x00, 0x00])
                || starts([0x4C, 0x6F, 0xA7, 0x94])
            {
                return nil
            } else if starts([0xFE, 0xFF]) || starts([0x00, 0x3C, 0x00, 0x3F]) {
                (width, bigEndian, bom) = (2, true, bytes[0] == 0xFE ? 2 : 0)
            } else if starts([0xFF, 0xFE]) || starts([0x3C, 0x00, 0x3F, 0x00]) {
                (width, bigEndian, bom) = (2, false, bytes[0] == 0xFF ? 2 : 0)
            } else if starts([0xEF, 0xBB, 0xBF]) {
                bom = 3
            }
            self.bytes = bytes
            self.width = width
            self.bigEndian = bigEndian
            self.start = bom
            self.count = (bytes.count - bom) / width
        }

        subscript(index: Int) -> UInt32 {
            let offset = start + index * width
            var value: UInt32 = 0
            for byte in 0..<width {
                let shift = bigEndian ? 8 * (width - 1 - byte) : 8 * byte
                value |= UInt32(bytes[offset + byte]) << shift
            }
            return value
        }

        /// Whether the ASCII text `pattern` is at `index`.
        func starts(_ pattern: StaticString, at index: Int) -> Bool {
            let length = pattern.utf8CodeUnitCount
            guard index >= 0, index + length <= count else { return false }
            let ascii = pattern.utf8Start
            for offset in 0..<length where self[index + offset] != UInt32(ascii[offset]) { return false }
            return true
        }

        /// Where `pattern` next occurs from `index`.
        func find(_ pattern: StaticString, from index: Int) -> Int? {
            var candidate = index
            while candidate < count {
                if starts(pattern, at: candidate) { return candidate }
                candidate += 1
            }
            return nil
        }

        func isSpace(_ index: Int) -> Bool {
            index < count && [0x20, 0x09, 0x0A, 0x0D].contains(self[index])
        }

        /// The position of the first `<!ENTITY` after a `DOCTYPE` in the prolog, if any.
        func entityDeclarationAfterDoctype() -> Int? {
            var index = 0
            while index < count {
                if isSpace(index) {
                    index += 1
                } else if starts("<?", at: index) {
                    guard let end = find("?>", from: index + 2) else { return nil }
                    index = end + 2
                } else if starts("<!--", at: index) {
                    guard let end = find("-->", from: index + 4) else { return nil }
                    index = end + 3
                } else if starts("<!DOCTYPE", at: index) {
                    return find("<!ENTITY", from: index + 9)
                } else {
                    return nil
                }
            }
            return nil
        }

        /// The error for an encoding the check cannot read, named by the XML declaration or implied by
        /// the layout.
        func encodingError() -> HTXMLParseError? {
            guard let (name, position) = declaredEncoding() else { return nil }
            let upper = name.uppercased()
            let accepted: [String]
            switch width {
            case 4: accepted = ["UTF-32", "UCS-4", "ISO-10646-UCS-4"]
            case 2: accepted = ["UTF-16", "UCS-2", "ISO-10646-UCS-2"]
            default: accepted = HTXMLPrologCheck.asciiCompatible
            }
            if accepted.contains(where: { upper.hasPrefix($0) }) { return nil }
            let (line, column) = lineAndColumn(of: position)
            return HTXMLParseError(reason: .unsupportedEncoding(name), line: line, column: column)
        }

        /// The `encoding` of the XML declaration and where its value starts. A declaration whose encoding
        /// can't be read gives `"?"`, which no encoding matches.
        func declaredEncoding() -> (String, Int)? {
            guard starts("<?xml", at: 0), isSpace(5), let end = find("?>", from: 5) else { return nil }
            guard var index = find("encoding", from: 5), index < end else { return nil }
            index += 8
            while isSpace(index) { index += 1 }
            guard index < end, self[index] == UInt32(UInt8(ascii: "=")) else { return ("?", index) }
            index += 1
            while isSpace(index) { index += 1 }
            guard index < end, self[index] == 0x22 || self[index] == 0x27 else { return ("?", index) }
            let quote = self[index]
            let first = index + 1
            var name = ""
            index = first
            while index < end, self[index] != quote {
                guard let scalar = Unicode.Scalar(self[index]), scalar.isASCII else { return ("?", first) }
                name.unicodeScalars.append(scalar)
                index += 1
            }
            return (name, first)
        }

        /// The 1-based line and column (in code units) of `position`.
        func lineAndColumn(of position: Int) -> (line: Int, column: Int) {
            var line = 1
            var lineStart = 0
            var index = 0
            while index < position {
                let unit = self[index]
                if unit == 0x0A || (unit == 0x0D && (index + 1 >= count || self[index + 1] != 0x0A)) {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            return (line, position - lineStart + 1)
        }
    }

    /// Declared encodings read byte by byte (upper-cased prefixes): UTF-8, ASCII, and the encodings
    /// that extend ASCII with bytes that never look like markup.
    static let asciiCompatible = [
        "UTF-8", "UTF8", "US-ASCII", "ASCII", "ISO-8859-", "ISO8859-", "ISO_8859-", "LATIN", "WINDOWS-125", "CP125",
        "SHIFT_JIS", "SHIFT-JIS", "SJIS", "WINDOWS-31J", "CP932", "EUC-", "GB2312", "GBK", "GB18030", "BIG5",
        "KOI8-",
    ]
}
