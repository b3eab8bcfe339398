import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads XML into an ``HTJSON`` value, so XML responses map to models, descriptors and the dynamic
/// accessor exactly as JSON does (RestGoatee's XML data source). It uses Foundation's `XMLParser`.
///
/// ```swift
/// let json = try HTJSON(parsingXML: data)    // {"root": {"stations": {"station": [{…}, {…}]}}}
/// let stations = try json.responseData.child(atKeyPath: "root.stations.station").decode([HTBartStation].self)
/// ```
///
/// ## Rules
///
/// - **The document** becomes an object with one member: the root element's name and its value.
/// - **An element without attributes or child elements** becomes its text, a string (`""` when empty).
/// - **Any other element** becomes an object whose members are, in this order: its attributes (sorted by
///   name, as the parser does not report their order), its child elements in document order, and its
///   text under ``Options/textKey`` (`#text`) when it has any besides whitespace.
/// - **Repeated child elements** with the same name become one array member, at the place of the first,
///   their values in document order. A name listed in ``Options/arrayElements`` is an array even when
///   it occurs once, so `[Model]` properties map whatever the count.
/// - **An attribute and a child element with the same name**: the element keeps the name and the
///   attribute moves to `@name`.
/// - **Text**: character data, CDATA sections and entity references (`&amp;`, `&#233;`) are joined;
///   leading and trailing whitespace is trimmed (``Options/trimsWhitespace``). Comments and processing
///   instructions are skipped.
/// - **Entities**: the predefined ones and character references are read. A document whose `DOCTYPE`
///   declares entities is rejected (``HTXMLParseError/Reason/entityDeclarations``), whatever its
///   encoding and however its `DOCTYPE` is quoted: external entities must never be loaded from a
///   response, and `XMLParser` on Linux silently drops the text of references to declared ones. A
///   reference to an entity the document does not declare (`&nbsp;` with an external DTD) is an error
///   too, never dropped text. API responses do not declare entities.
/// - **Encodings**: UTF-8, UTF-16 and UTF-32 (by byte order mark or declaration), and declared
///   encodings that extend ASCII (ISO-8859, Windows code pages, Shift_JIS, EUC, GB, Big5, KOI8). Others,
///   such as UTF-7 and EBCDIC, could hide a `DOCTYPE` from the check above and are rejected
///   (``HTXMLParseError/Reason/unsupportedEncoding(_:)``).
/// - **Namespaces** (``Options/namespaces``): by default prefixes are dropped (`soap:Body` is `Body`,
///   `xml:lang` is `lang`) and `xmlns` declarations are left out; ``Options/NamespaceHandling/qualifiedNames``
///   keeps names as written, declarations included.
/// - **Values** are strings, because XML has no types; the mapper's coercion table makes numbers,
///   booleans (`"true"`, `"1"`, `"yes"`…) and dates of them.
public struct HTXMLReader: Sendable {
    /// How the reader builds the value.
    public struct Options: Sendable, Hashable {
        /// How namespace prefixes are treated.
        public enum NamespaceHandling: Sendable, Hashable {
            /// Names without their prefixes; `xmlns` declarations left out.
            case localNames
            /// Names as written (`soap:Body`); `xmlns` declarations kept as attributes.
            case qualifiedNames
        }

        /// How namespace prefixes are treated (``NamespaceHandling/localNames`` by default).
        public var namespaces: NamespaceHandling
        /// The key of an element's text when the element is an object (`#text` by default).
        public var textKey: String
        /// Element names that always become arrays, even when they occur once.
        public var arrayElements: Set<String>
        /// Whether leading and trailing whitespace of text is removed (`true` by default).
        public var trimsWhitespace: Bool
        /// The deepest nesting of elements accepted (512 by default, as for JSON).
        public var maxDepth: Int

        /// Creates options.
        public init(
            namespaces: NamespaceHandling = .localNames, textKey: String = "#text", arrayElements: Set<String> = [],
            trimsWhitespace: Bool = true, maxDepth: Int = 512
        ) {
            self.namespaces = namespaces
            self.textKey = textKey
            self.arrayElements = arrayElements
            self.trimsWhitespace = trimsWhitespace
            self.maxDepth = maxDepth
        }
    }

    /// The options.
    public var options: Options

    /// Creates a reader.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads an XML document (UTF-8 by default; see the encodings above).
    public func read(_ data: Data) throws(HTXMLParseError) -> HTJSON {
        if let error = HTXMLPrologCheck.error(in: data) { throw error }
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = HTXMLTreeBuilder(options: options)
        parser.delegate = builder
        let finished = parser.parse()
        // On Linux, `parse()` can return `true` after reporting an error; the builder saw every error.
        if let error = builder.error { throw error }
        if !finished {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw HTXMLParseError(reason: .malformed(code: code), line: parser.lineNumber, column: parser.columnNumber)
        }
        guard let root = builder.root else {
            throw HTXMLParseError(reason: .noRootElement, line: 0, column: 0)
        }
        return .object(HTJSONObject(members: [HTJSONObject.Member(key: root.name, value: root.value)]))
    }

    /// Reads an XML document from text.
    public func read(_ text: String) throws(HTXMLParseError) -> HTJSON {
        try read(Data(text.utf8))
    }
}
