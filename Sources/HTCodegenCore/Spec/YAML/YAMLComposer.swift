/// Builds ``JSONNode`` trees from the tokens of a ``YAMLScanner``: one tree per document, every node
/// with the line and column where its value starts.
///
/// Aliases are expanded (a bounded number of nodes in all, ``YAMLDocumentParser/maxAliasExpansion``,
/// and a bounded amount of text, ``YAMLDocumentParser/maxAliasBytes(forStreamOf:)``, so a
/// billion-laughs document, or one large aliased description, is an error); keys must be scalars (the
/// tree's keys are strings); duplicate keys are errors; tags of the core schema apply, others are
/// warnings. A YAML 1.1 merge key (`<<`) is a warning: YAML 1.2 has none, so nothing is merged.
struct YAMLComposer {
    /// A node and, for a scalar, its text as a key.
    struct Composed {
        var node: JSONNode
        var keyText: String?
        /// Whether it is a plain, untagged `<<`: a YAML 1.1 merge key when it is a key.
        var isMergeKey = false
    }

    /// The tokens of the stream.
    let scanner: YAMLScanner
    /// The file name used in locations.
    let file: String
    /// The anchors of the current document: the node, how many nodes it counts for, and how many
    /// bytes of scalar text (keys included) it holds.
    var anchors: [String: (composed: Composed, size: Int, bytes: Int)] = [:]
    /// Unknown tags and directives, reported with the document.
    var warnings: [Diagnostic] = []
    /// Nodes built so far in the document (aliases count with the size of what they repeat).
    var nodeCount = 0
    /// Nodes added by alias expansion so far.
    var aliasExpansion = 0
    /// Bytes of scalar text (keys included) in the document so far, aliases counting with what they
    /// repeat.
    var byteCount = 0
    /// Bytes of scalar text added by alias expansion so far.
    var aliasBytes = 0
    /// The most bytes aliases may add to a document of this stream.
    let maxAliasBytes: Int
    /// The `%TAG` handles of the current document: handle → prefix.
    var tagHandles: [String: String] = [:]

    /// The prefix of the core schema's tags (`!!str` is `tag:yaml.org,2002:str`).
    static let coreTagPrefix = "tag:yaml.org,2002:"

    /// A composer of the YAML stream `bytes` read from `file`.
    init(bytes: [UInt8], file: String) {
        scanner = YAMLScanner(bytes: bytes, file: file)
        self.file = file
        maxAliasBytes = YAMLDocumentParser.maxAliasBytes(forStreamOf: bytes.count)
    }

    /// Where `token` starts, 1-based.
    func location(_ token: YAMLToken) -> SourceLocation {
        SourceLocation(file: file, line: token.line, column: token.column + 1)
    }

    /// An error at `token`.
    func fail(_ message: String, at token: YAMLToken) -> YAMLSyntaxError {
        YAMLSyntaxError(diagnostic: Diagnostic(.error, message, at: location(token)))
    }

    // MARK: - Documents

    /// Every document of the stream.
    mutating func composeStream() throws(YAMLSyntaxError) -> [JSONNode] {
        _ = try scanner.peekKind()
        scanner.skipToken()  // stream start
        var documents: [JSONNode] = []
        var previousEndedExplicitly = true
        while true {
            var token = try scanner.peekToken()
            if token.kind == .streamEnd { break }
            if token.kind == .documentEnd {
                scanner.skipToken()
                previousEndedExplicitly = true
                continue
            }
            tagHandles = [:]
            var sawDirectives = false
            var sawYAMLDirective = false
            while token.kind == .directive {
                if !previousEndedExplicitly {
                    throw fail("a directive after a document needs '...' before it", at: token)
                }
                scanner.skipToken()
                sawDirectives = true
                if token.text == "YAML" {
                    if sawYAMLDirective { throw fail("a second %YAML directive in one document", at: token) }
                    sawYAMLDirective = true
                    if !token.suffix.hasPrefix("1.") {
                        throw fail("YAML \(token.suffix) is not supported; expected '%YAML 1.2'", at: token)
                    }
                } else if token.text == "TAG" {
                    if tagHandles[token.handle] != nil {
                        throw fail("the tag handle '\(token.handle)' is declared twice", at: token)
                    }
                    tagHandles[token.handle] = token.suffix
                } else {
                    warnings.append(
                        Diagnostic(.warning, "unknown directive '%\(token.text)' ignored", at: location(token)))
                }
                token = try scanner.peekToken()
            }
            let startLine: Int
            if token.kind == .documentStart {
                scanner.skipToken()
                startLine = token.line
            } else {
                if sawDirectives {
                    throw fail("expected '---' after the directives, found \(token.description)", at: token)
                }
                if !previousEndedExplicitly {
                    throw fail(
                        "expected '---' (a new document) or the end of the file, found \(token.description)",
                        at: token)
                }
                startLine = -1
            }
            anchors = [:]
            nodeCount = 0
            aliasExpansion = 0
            byteCount = 0
            aliasBytes = 0
            let content = try scanner.peekToken()
            let root: JSONNode
            switch content.kind {
            case .directive, .documentStart, .documentEnd, .streamEnd:
                root = JSONNode(value: .null, location: location(content))
            default:
                if content.line == startLine && content.kind == .blockMappingStart {
                    throw fail("a block mapping cannot start on the '---' line", at: content)
                }
                root = try composeNode(block: true, indentlessSequence: false, depth: 0).node
            }
            documents.append(root)
            let after = try scanner.peekToken()
            switch after.kind {
            case .documentEnd, .documentStart, .streamEnd:
                break
            case .directive:
                throw fail("a directive after a document needs '...' before it", at: after)
            default:
                throw fail(
                    "expected the end of the document ('---', '...' or the end of the file), found \(after.description)",
                    at: after)
            }
            previousEndedExplicitly = false
        }
        return documents
    }

    // MARK: - Nodes

    /// One node with its anchor and tag, an alias expanded; `block` allows block collections,
    /// `indentlessSequence` a `- ` sequence at its key's indentation.
    private mutating func composeNode(
        block: Bool, indentlessSequence: Bool, depth: Int
    ) throws(YAMLSyntaxError) -> Composed {
        var token = try scanner.peekToken()
        guard depth < YAMLDocumentParser.maxDepth else {
            throw fail("nesting deeper than \(YAMLDocumentParser.maxDepth) levels", at: token)
        }
        if token.kind == .alias {
            scanner.skipToken()
            guard let anchored = anchors[token.text] else {
                throw fail("the alias '*\(token.text)' refers to no anchor defined before it", at: token)
            }
            aliasExpansion += anchored.size
            nodeCount += anchored.size
            if aliasExpansion > YAMLDocumentParser.maxAliasExpansion {
                throw fail(
                    "aliases expand to more than \(YAMLDocumentParser.maxAliasExpansion) nodes (a 'billion laughs' document?)",
                    at: token)
            }
            // Each use repeats the anchored text in the tree and in the generated code: bounded by the
            // file's size, so one aliased description cannot become megabytes of Swift.
            aliasBytes += anchored.bytes
            byteCount += anchored.bytes
            if aliasBytes > maxAliasBytes {
                throw fail(
                    "aliases repeat more than \(maxAliasBytes) bytes of text (8 times the file's size, at least 1 MiB; a 'billion laughs' document?): each use of an alias copies what it names into the spec and the generated code; refer to it once (a $ref in OpenAPI, a named type in a spec)",
                    at: token)
            }
            var composed = anchored.composed
            composed.node.location = location(token)
            return composed
        }
        var anchor: YAMLToken?
        var tag: YAMLToken?
        while (token.kind == .anchor && anchor == nil) || (token.kind == .tag && tag == nil) {
            scanner.skipToken()
            if token.kind == .anchor { anchor = token } else { tag = token }
            token = try scanner.peekToken()
        }
        if token.kind == .anchor || token.kind == .tag {
            throw fail("a node has two \(token.kind == .anchor ? "anchors" : "tags")", at: token)
        }
        let resolvedTag = try tag.map { (tag) throws(YAMLSyntaxError) -> String in try resolveTag(tag) }
        let before = nodeCount
        let bytesBefore = byteCount
        var composed: Composed
        switch token.kind {
        case .blockEntry where indentlessSequence:
            composed = try composeIndentlessSequence(depth: depth)
        case .scalar:
            scanner.skipToken()
            composed = try composeScalar(token, tag: resolvedTag, tagToken: tag)
        case .flowSequenceStart:
            composed = try composeFlowSequence(depth: depth)
        case .flowMappingStart:
            composed = try composeFlowMapping(depth: depth)
        case .blockSequenceStart where block:
            composed = try composeBlockSequence(depth: depth)
        case .blockMappingStart where block:
            composed = try composeBlockMapping(depth: depth)
        default:
            guard anchor != nil || tag != nil else {
                throw fail("expected a value, found \(token.description)", at: token)
            }
            var empty = token
            empty.kind = .scalar
            empty.style = .plain
            empty.text = ""
            if let properties = tag ?? anchor {
                empty.line = properties.line
                empty.column = properties.column
            }
            composed = try composeScalar(empty, tag: resolvedTag, tagToken: tag)
        }
        nodeCount += 1
        byteCount += composed.keyText?.utf8.count ?? 0
        if let resolvedTag, let tag {
            try checkCollectionTag(resolvedTag, tagToken: tag, composed: composed)
        }
        if let anchor {
            anchors[anchor.text] = (composed, nodeCount - before, byteCount - bytesBefore)
        }
        return composed
    }

    /// An empty node (null, or `""` as a key) at `token`.
    private mutating func emptyNode(at token: YAMLToken) -> Composed {
        nodeCount += 1
        return Composed(node: JSONNode(value: .null, location: location(token)), keyText: "")
    }

    /// A block sequence, from its start token to its block end.
    private mutating func composeBlockSequence(depth: Int) throws(YAMLSyntaxError) -> Composed {
        let start = try scanner.nextToken()
        var elements: [JSONNode] = []
        while true {
            let token = try scanner.peekToken()
            if token.kind == .blockEntry {
                scanner.skipToken()
                let next = try scanner.peekKind()
                if next == .blockEntry || next == .blockEnd {
                    elements.append(emptyNode(at: token).node)
                } else {
                    elements.append(try composeNode(block: true, indentlessSequence: false, depth: depth + 1).node)
                }
            } else if token.kind == .blockEnd {
                scanner.skipToken()
                break
            } else {
                throw fail(
                    "expected '- ' (a sequence entry) or a less indented line, found \(token.description)", at: token)
            }
        }
        return Composed(node: JSONNode(value: .array(elements), location: location(start)), keyText: nil)
    }

    /// A `- ` sequence at the indentation of the key it is the value of (no block tokens around it).
    private mutating func composeIndentlessSequence(depth: Int) throws(YAMLSyntaxError) -> Composed {
        let start = try scanner.peekToken()
        var elements: [JSONNode] = []
        while true {
            guard try scanner.peekKind() == .blockEntry else { break }
            let token = try scanner.nextToken()
            switch try scanner.peekKind() {
            case .blockEntry, .key, .value, .blockEnd:
                elements.append(emptyNode(at: token).node)
            default:
                elements.append(try composeNode(block: true, indentlessSequence: false, depth: depth + 1).node)
            }
        }
        return Composed(node: JSONNode(value: .array(elements), location: location(start)), keyText: nil)
    }

    /// A block mapping, from its start token to its block end.
    private mutating func composeBlockMapping(depth: Int) throws(YAMLSyntaxError) -> Composed {
        let start = try scanner.nextToken()
        var builder = YAMLMappingBuilder()
        while true {
            let token = try scanner.peekToken()
            if token.kind == .blockEnd {
                scanner.skipToken()
                break
            }
            let key: Composed
            if token.kind == .key {
                scanner.skipToken()
                let next = try scanner.peekToken()
                switch next.kind {
                case .key, .value, .blockEnd:
                    key = emptyNode(at: next)
                default:
                    key = try composeNode(block: true, indentlessSequence: true, depth: depth + 1)
                }
            } else if token.kind == .value {
                key = emptyNode(at: token)
            } else {
                throw fail(
                    "expected a key ('key: value') or a less indented line, found \(token.description)", at: token)
            }
            let valueToken = try scanner.peekToken()
            let value: Composed
            if valueToken.kind == .value {
                scanner.skipToken()
                switch try scanner.peekKind() {
                case .key, .value, .blockEnd:
                    value = emptyNode(at: valueToken)
                default:
                    value = try composeNode(block: true, indentlessSequence: true, depth: depth + 1)
                }
            } else {
                value = emptyNode(at: valueToken)
            }
            try add(key: key, value: value, to: &builder)
        }
        return Composed(node: JSONNode(value: .object(builder.members), location: location(start)), keyText: nil)
    }

    /// Adds a member to a mapping; a merge key (`<<`) is added as the key `<<`, with a warning.
    private mutating func add(
        key: Composed, value: Composed, to builder: inout YAMLMappingBuilder
    ) throws(YAMLSyntaxError) {
        if key.isMergeKey {
            warnings.append(
                Diagnostic(
                    .warning,
                    "'<<' is a YAML 1.1 merge key, which YAML 1.2 does not have: the keys of its value are not merged into this mapping (it is read as a key named '<<'); write them out",
                    at: key.node.location))
        }
        try builder.add(key: key, value: value)
    }

    /// A flow sequence `[...]`; a `key: value` entry is a one-pair mapping.
    private mutating func composeFlowSequence(depth: Int) throws(YAMLSyntaxError) -> Composed {
        let start = try scanner.nextToken()
        var elements: [JSONNode] = []
        var first = true
        while true {
            var token = try scanner.peekToken()
            if token.kind == .flowSequenceEnd {
                scanner.skipToken()
                break
            }
            if !first {
                guard token.kind == .flowEntry else {
                    throw fail("expected ',' or ']' in the flow sequence, found \(token.description)", at: token)
                }
                scanner.skipToken()
                token = try scanner.peekToken()
                if token.kind == .flowSequenceEnd {
                    scanner.skipToken()
                    break
                }
            }
            first = false
            if token.kind == .key || token.kind == .value {
                // A single-pair mapping inside a flow sequence: `[a: b]`, `[? a : b]`.
                var builder = YAMLMappingBuilder()
                let (key, value) = try composeFlowPair(depth: depth + 1, end: .flowSequenceEnd)
                try add(key: key, value: value, to: &builder)
                nodeCount += 1
                elements.append(JSONNode(value: .object(builder.members), location: key.node.location))
            } else if token.kind == .flowEntry {
                throw fail("expected a value before ',' in the flow sequence", at: token)
            } else {
                elements.append(try composeNode(block: false, indentlessSequence: false, depth: depth + 1).node)
            }
        }
        return Composed(node: JSONNode(value: .array(elements), location: location(start)), keyText: nil)
    }

    /// A `key: value` pair in a flow collection, the next token being `?`, a key or `:`.
    private mutating func composeFlowPair(
        depth: Int, end: YAMLToken.Kind
    ) throws(YAMLSyntaxError) -> (Composed, Composed) {
        var token = try scanner.peekToken()
        let key: Composed
        if token.kind == .key {
            scanner.skipToken()
            let next = try scanner.peekToken()
            if next.kind == .value || next.kind == .flowEntry || next.kind == end {
                key = emptyNode(at: next)
            } else {
                key = try composeNode(block: false, indentlessSequence: false, depth: depth)
            }
        } else if token.kind == .value {
            key = emptyNode(at: token)
        } else {
            key = try composeNode(block: false, indentlessSequence: false, depth: depth)
        }
        token = try scanner.peekToken()
        guard token.kind == .value else {
            return (key, emptyNode(at: token))
        }
        scanner.skipToken()
        let next = try scanner.peekKind()
        if next == .flowEntry || next == end {
            return (key, emptyNode(at: token))
        }
        return (key, try composeNode(block: false, indentlessSequence: false, depth: depth))
    }

    /// A flow mapping `{...}`.
    private mutating func composeFlowMapping(depth: Int) throws(YAMLSyntaxError) -> Composed {
        let start = try scanner.nextToken()
        var builder = YAMLMappingBuilder()
        var first = true
        while true {
            var token = try scanner.peekToken()
            if token.kind == .flowMappingEnd {
                scanner.skipToken()
                break
            }
            if !first {
                guard token.kind == .flowEntry else {
                    throw fail("expected ',' or '}' in the flow mapping, found \(token.description)", at: token)
                }
                scanner.skipToken()
                token = try scanner.peekToken()
                if token.kind == .flowMappingEnd {
                    scanner.skipToken()
                    break
                }
            }
            first = false
            if token.kind == .flowEntry {
                throw fail("expected a key before ',' in the flow mapping", at: token)
            }
            let (key, value) = try composeFlowPair(depth: depth + 1, end: .flowMappingEnd)
            try add(key: key, value: value, to: &builder)
        }
        return Composed(node: JSONNode(value: .object(builder.members), location: location(start)), keyText: nil)
    }

    // MARK: - Tags and scalars

    /// The full tag of a tag token: `!!x` is the core schema's, `!x` local, `!h!x` from `%TAG`.
    private func resolveTag(_ token: YAMLToken) throws(YAMLSyntaxError) -> String {
        if token.handle.isEmpty { return token.suffix }
        if let prefix = tagHandles[token.handle] { return prefix + token.suffix }
        switch token.handle {
        case "!!": return Self.coreTagPrefix + token.suffix
        case "!": return "!" + token.suffix
        default:
            throw fail("the tag handle '\(token.handle)' is not declared by a %TAG directive", at: token)
        }
    }

    /// A scalar: the core schema for untagged plain scalars, strings otherwise, the tag when it is a core one.
    private mutating func composeScalar(
        _ token: YAMLToken, tag: String?, tagToken: YAMLToken?
    ) throws(YAMLSyntaxError) -> Composed {
        let location = location(token)
        let text = token.text
        guard let tag, tag != "!" else {
            if token.style == .plain && tag == nil {
                return Composed(
                    node: JSONNode(value: YAMLCoreSchema.resolve(text), location: location), keyText: text,
                    isMergeKey: text == "<<")
            }
            return Composed(node: JSONNode(value: .string(text), location: location), keyText: text)
        }
        let tagLocation = tagToken ?? token
        switch tag {
        case Self.coreTagPrefix + "str":
            return Composed(node: JSONNode(value: .string(text), location: location), keyText: text)
        case Self.coreTagPrefix + "int", Self.coreTagPrefix + "float", Self.coreTagPrefix + "bool",
            Self.coreTagPrefix + "null":
            let name = String(tag.dropFirst(Self.coreTagPrefix.count))
            guard let value = YAMLCoreSchema.resolve(text, as: name) else {
                throw fail("'\(text)' is not a valid !!\(name)", at: token)
            }
            return Composed(node: JSONNode(value: value, location: location), keyText: text)
        case Self.coreTagPrefix + "map", Self.coreTagPrefix + "seq":
            throw fail("the tag '\(tag)' is for a collection, but the value is a scalar", at: tagLocation)
        default:
            warnings.append(
                Diagnostic(
                    .warning, "unknown tag '\(tag)'; the value is read as if it had no tag",
                    at: self.location(tagLocation)))
            if token.style == .plain {
                return Composed(node: JSONNode(value: YAMLCoreSchema.resolve(text), location: location), keyText: text)
            }
            return Composed(node: JSONNode(value: .string(text), location: location), keyText: text)
        }
    }

    /// Whether a collection's tag fits it: `!!map` a mapping, `!!seq` a sequence; unknown tags are warnings.
    private mutating func checkCollectionTag(
        _ tag: String, tagToken: YAMLToken, composed: Composed
    ) throws(YAMLSyntaxError) {
        guard composed.keyText == nil else { return }
        let isMapping = composed.node.objectMembers != nil
        switch tag {
        case Self.coreTagPrefix + "map" where isMapping, Self.coreTagPrefix + "seq" where !isMapping, "!":
            return
        case Self.coreTagPrefix + "map", Self.coreTagPrefix + "seq":
            throw fail("the tag '\(tag)' does not match the value, \(composed.node.kindName)", at: tagToken)
        case _
        where tag.hasPrefix(Self.coreTagPrefix + "str") || tag == Self.coreTagPrefix + "int"
            || tag == Self.coreTagPrefix + "float" || tag == Self.coreTagPrefix + "bool"
            || tag == Self.coreTagPrefix + "null":
            throw fail("the tag '\(tag)' is for a scalar, but the value is \(composed.node.kindName)", at: tagToken)
        default:
            warnings.append(
                Diagnostic(
                    .warning, "unknown tag '\(tag)'; the value is read as if it had no tag", at: location(tagToken)))
        }
    }
}
