import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate behind ``HTXMLReader``: it keeps a stack of open elements and turns each
/// element into an ``HTJSON`` value when it closes, following the reader's rules. No recursion, so deep
/// documents cost heap, not stack; the depth limit bounds both.
///
/// One builder serves one `parse()` call on one thread and is then discarded.
final class HTXMLTreeBuilder: NSObject, XMLParserDelegate {
    /// An element still open.
    private struct Frame {
        /// The element's name (after namespace handling).
        var name: String
        /// Its attributes, sorted by name.
        var attributes: [(key: String, value: String)]
        /// Its child elements grouped by name, groups in order of first appearance.
        var groups: [(name: String, values: [HTJSON])] = []
        /// Where each name's group is in `groups`.
        var groupIndex: [String: Int] = [:]
        /// Its text so far.
        var text = ""
    }

    private let options: HTXMLReader.Options
    private var stack: [Frame] = []
    /// The root element's name and value, once it has closed.
    private(set) var root: (name: String, value: HTJSON)?
    /// The first error, if any.
    private(set) var error: HTXMLParseError?

    init(options: HTXMLReader.Options) {
        self.options = options
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard error == nil else { return }
        guard stack.count < options.maxDepth else {
            fail(.tooDeep(limit: options.maxDepth), parser)
            return
        }
        var attributes: [(key: String, value: String)] = []
        var seen: Set<String> = []
        for (name, value) in attributeDict.sorted(by: { $0.key < $1.key }) {
            guard let key = attributeKey(name), seen.insert(key).inserted else { continue }
            attributes.append((key, value))
        }
        stack.append(Frame(name: elementKey(elementName), attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard error == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard error == nil, let frame = stack.popLast() else { return }
        let value = finish(frame)
        guard !stack.isEmpty else {
            if root == nil { root = (frame.name, value) }
            return
        }
        let parent = stack.count - 1
        if let group = stack[parent].groupIndex[frame.name] {
            stack[parent].groups[group].values.append(value)
        } else {
            stack[parent].groupIndex[frame.name] = stack[parent].groups.count
            stack[parent].groups.append((frame.name, [value]))
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        fail(.malformed(code: (parseError as NSError).code), parser)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: any Error) {
        fail(.malformed(code: (validationError as NSError).code), parser)
    }

    // Entities: the prolog check (`HTXMLPrologCheck`) refuses declarations before parsing; where the
    // parser reports one anyway (Apple platforms do), or asks for an entity the document does not
    // declare, the document is refused rather than read without the entity's text.

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(.entityDeclarations, parser)
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        fail(.entityDeclarations, parser)
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
        notationName: String?
    ) {
        fail(.entityDeclarations, parser)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        fail(.malformed(code: 26), parser)
        return nil
    }

    // MARK: Building values

    /// Records the first error and stops the parser.
    private func fail(_ reason: HTXMLParseError.Reason, _ parser: XMLParser) {
        guard error == nil else { return }
        error = HTXMLParseError(reason: reason, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    /// The value of a closed element (see ``HTXMLReader``'s rules).
    private func finish(_ frame: Frame) -> HTJSON {
        let text = options.trimsWhitespace ? frame.text.trimmingCharacters(in: .whitespacesAndNewlines) : frame.text
        if frame.attributes.isEmpty && frame.groups.isEmpty { return .string(text) }
        var object = HTJSONObject()
        object.members.reserveCapacity(frame.attributes.count + frame.groups.count + 1)
        for attribute in frame.attributes {
            let key = frame.groupIndex[attribute.key] == nil ? attribute.key : "@" + attribute.key
            object.append(key, .string(attribute.value))
        }
        for group in frame.groups {
            if group.values.count == 1, !options.arrayElements.contains(group.name) {
                object.append(group.name, group.values[0])
            } else {
                object.append(group.name, .array(group.values))
            }
        }
        if frame.text.contains(where: { !$0.isWhitespace }) {
            object.append(options.textKey, .string(text))
        }
        return .object(object)
    }

    /// An element's key: its name, without the prefix for ``HTXMLReader/Options/NamespaceHandling/localNames``.
    private func elementKey(_ name: String) -> String {
        switch options.namespaces {
        case .qualifiedNames: return name
        case .localNames: return Self.localName(name)
        }
    }

    /// An attribute's key, or `nil` for a namespace declaration left out.
    private func attributeKey(_ name: String) -> String? {
        switch options.namespaces {
        case .qualifiedNames:
            return name
        case .localNames:
            if name == "xmlns" || name.hasPrefix("xmlns:") { return nil }
            return Self.localName(name)
        }
    }

    private static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        let local = name[name.index(after: colon)...]
        return local.isEmpty ? name : String(local)
    }
}
