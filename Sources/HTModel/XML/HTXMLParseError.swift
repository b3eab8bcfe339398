/// XML that ``HTXMLReader`` could not read, with the position the parser reported.
public struct HTXMLParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The XML is not well-formed. `code` is the parser's error code (libxml2's, which is also
        /// `XMLParser.ErrorCode`'s raw value on Apple platforms).
        case malformed(code: Int)
        /// The document has no root element (it is empty, or only a declaration or comments).
        case noRootElement
        /// Elements are nested deeper than ``HTXMLReader/Options/maxDepth``.
        case tooDeep(limit: Int)
        /// The document's `DOCTYPE` declares entities, which the reader does not accept (see
        /// ``HTXMLReader``).
        case entityDeclarations
        /// The document is in an encoding the reader does not accept (see ``HTXMLReader``): one whose
        /// markup could hide entity declarations from its check, such as UTF-7 or EBCDIC.
        case unsupportedEncoding(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// The line, from 1 (0 when unknown).
    public var line: Int
    /// The column, from 1 (0 when unknown).
    public var column: Int

    /// Creates an error.
    package init(reason: Reason, line: Int, column: Int) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    /// What went wrong and where, in words.
    public var description: String {
        let position = line > 0 ? " at line \(line), column \(column)" : ""
        let place = line > 0 ? " (line \(line), column \(column))" : ""
        switch reason {
        case .malformed(let code):
            return "malformed XML\(position): \(Self.explain(code)) (error \(code))"
        case .noRootElement:
            return "the XML document has no root element"
        case .tooDeep(let limit):
            return "XML elements nested deeper than \(limit)\(position)"
        case .entityDeclarations:
            return "the XML document declares entities in its DOCTYPE, which are not supported\(place)"
        case .unsupportedEncoding(let name):
            return
                "the XML document's encoding '\(name)' is not supported; use UTF-8, UTF-16 or an encoding that extends ASCII\(place)"
        }
    }

    /// Words for the libxml2 error codes malformed documents usually produce.
    private static func explain(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document does not end properly"
        case 9: return "invalid character"
        case 26: return "undeclared entity"
        case 27: return "an entity is not declared (the document's DTD is not read)"
        case 41: return "an attribute has no value"
        case 42: return "an attribute is given twice"
        case 63: return "unfinished CDATA section"
        case 68: return "a name is required"
        case 73: return "'>' is required"
        case 76: return "the end tag does not match the start tag"
        case 77: return "unfinished tag"
        case 89: return "an entity refers to itself or expands too much"
        default: return "the parser rejected it"
        }
    }
}
