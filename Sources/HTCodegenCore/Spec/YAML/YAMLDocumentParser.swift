/// Reads YAML 1.2 into the same positioned tree as ``JSONDocumentParser``, so a spec or config in YAML
/// goes through the rest of the generator unchanged and every diagnostic points at `file.yaml:line:column`.
///
/// Nesting is limited (``maxDepth``), and so is alias expansion (``maxAliasExpansion`` nodes and
/// ``maxAliasBytes(forStreamOf:)`` bytes of text): no input can overflow the stack, expand into an
/// out-of-memory, or multiply its text into generated code much larger than itself.
package enum YAMLDocumentParser {
    /// The deepest nesting accepted, as for JSON.
    package static let maxDepth = JSONDocumentParser.maxDepth
    /// How many nodes aliases may add to a document in all (each use of an alias adds the nodes of
    /// what it refers to).
    package static let maxAliasExpansion = 1_000_000

    /// How many bytes of scalar text (keys included) aliases may add to a document of a stream of
    /// `size` bytes in all: 8 times the stream's size, at least 1 MiB. Each use of an alias adds the
    /// text of what it refers to (aliases inside it included), so the tree, and the code generated
    /// from it, stay within a small multiple of the file: a 256 KB description repeated through 400
    /// aliases (104 MB of Swift) is an error at the alias that crosses the limit.
    package static func maxAliasBytes(forStreamOf size: Int) -> Int {
        max(1 << 20, size.multipliedReportingOverflow(by: 8).overflow ? Int.max : size * 8)
    }

    /// Parses a file that holds one document (a spec or a config): an empty file, or one with more
    /// than one document, is an error. Returns the document and the warnings (unknown tags).
    package static func parse(
        _ bytes: [UInt8], file: String
    ) throws(YAMLSyntaxError) -> (node: JSONNode, warnings: [Diagnostic]) {
        let (documents, warnings) = try parseStream(bytes, file: file)
        guard let first = documents.first else {
            throw YAMLSyntaxError(
                diagnostic: Diagnostic(
                    .error, "the file holds no YAML document", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        if documents.count > 1 {
            throw YAMLSyntaxError(
                diagnostic: Diagnostic(
                    .error, "the file holds \(documents.count) YAML documents; a spec is one document",
                    at: documents[1].location))
        }
        return (first, warnings)
    }

    /// Parses every document of a YAML stream.
    package static func parseStream(
        _ bytes: [UInt8], file: String
    ) throws(YAMLSyntaxError) -> (documents: [JSONNode], warnings: [Diagnostic]) {
        try checkCharacters(bytes, file: file)
        var composer = YAMLComposer(bytes: bytes, file: file)
        let documents = try composer.composeStream()
        return (documents, composer.warnings)
    }

    /// A stream is UTF-8 without control characters other than tab and line breaks (YAML's printable
    /// set; a byte order mark is allowed). The first offending byte is an error at its position.
    static func checkCharacters(_ bytes: [UInt8], file: String) throws(YAMLSyntaxError) {
        // A plain loop over a buffer: this runs over every byte, in the plugin's debug builds too.
        let badControl: Int? = bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            let count = buffer.count
            while offset < count {
                let byte = buffer[offset]
                if byte < 0x20 {
                    if byte != 0x09 && byte != 0x0A && byte != 0x0D { return offset }
                } else if byte == 0x7F {
                    return offset
                }
                offset += 1
            }
            return nil
        }
        let validUTF8 = String(validating: bytes, as: UTF8.self) != nil
        guard badControl != nil || !validUTF8 else { return }
        // Find the first invalid UTF-8 sequence, if any, to report whichever problem comes first.
        var offset = 0
        var invalidUTF8: Int?
        if !validUTF8 {
            while offset < bytes.count {
                let lead = bytes[offset]
                let length: Int
                switch lead {
                case 0x00...0x7F: length = 1
                case 0xC2...0xDF: length = 2
                case 0xE0...0xEF: length = 3
                case 0xF0...0xF4: length = 4
                default: length = 0
                }
                if length == 0 || offset + length > bytes.count
                    || String(validating: bytes[offset..<(offset + length)], as: UTF8.self) == nil
                {
                    invalidUTF8 = offset
                    break
                }
                offset += length
            }
        }
        let first = min(badControl ?? Int.max, invalidUTF8 ?? Int.max)
        guard first < bytes.count else { return }
        var line = 1
        var column = 1
        for byte in bytes[..<first] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        let message =
            first == badControl
            ? "the control character 0x\(String(bytes[first], radix: 16, uppercase: true)) is not allowed in YAML; write it as an escape in a double-quoted string"
            : "invalid UTF-8; a YAML file is UTF-8 text"
        throw YAMLSyntaxError(
            diagnostic: Diagnostic(.error, message, at: SourceLocation(file: file, line: line, column: column)))
    }
}
