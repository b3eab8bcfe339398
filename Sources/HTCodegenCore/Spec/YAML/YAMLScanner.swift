/// Turns the bytes of a YAML stream into ``YAMLToken``s: indentation becomes explicit
/// block-start and block-end tokens, and an implicit key (`key: value`) gets its key token once the
/// `:` is seen.
///
/// The structure follows the reference scanners (libyaml, PyYAML) with the YAML 1.2 rules where 1.2
/// differs (`:` inside plain scalars in flow collections, JSON-like keys, tabs). Every loop consumes
/// input, and nothing recurses, so no input can overflow the stack.
final class YAMLScanner {
    /// A place where an implicit key may start, kept until the `:` that makes it a key, or until it
    /// can no longer be one (a line break, or 1024 characters).
    struct SimpleKey {
        var tokenNumber: Int
        var required: Bool
        var tabBefore: Bool
        var index: Int
        var line: Int
        var column: Int
    }

    // The state is `@exclusivity(unchecked)`: a scanner is created, used and dropped by one
    // `YAMLDocumentParser` call on one thread, and no method touches a property while another access
    // to it is open (no property is passed `inout`), so the dynamic checks (which cost more than the
    // scanning in the debug builds the build plugin runs) could never fire.
    /// The stream.
    let bytes: [UInt8]
    /// The file name used in locations.
    let file: String
    /// The offset of the next byte.
    @exclusivity(unchecked) var index = 0
    /// The line of the next byte, from 1.
    @exclusivity(unchecked) var line = 1
    /// The column of the next byte, in characters, from 0.
    @exclusivity(unchecked) var column = 0

    /// Tokens scanned and not yet taken, from `tokenHead`.
    @exclusivity(unchecked) var tokens: [YAMLToken] = []
    /// The index in `tokens` of the next token to take.
    @exclusivity(unchecked) var tokenHead = 0
    /// How many tokens were taken so far (numbers the implicit keys).
    @exclusivity(unchecked) var tokensTaken = 0
    /// The stream-end token was scanned.
    @exclusivity(unchecked) var streamEnded = false
    /// How many flow collections are open.
    @exclusivity(unchecked) var flowLevel = 0
    /// The indentation of the innermost block collection (-1: none).
    @exclusivity(unchecked) var indent = -1
    /// The indentations of the enclosing block collections.
    @exclusivity(unchecked) var indents: [Int] = []
    /// Whether an implicit key may start at the next token.
    @exclusivity(unchecked) var allowSimpleKey = true
    /// The possible implicit key of each flow level (index 0: the block context), one slot per level.
    @exclusivity(unchecked) var possibleSimpleKeys: [SimpleKey?] = [nil]
    /// The last token was a quoted scalar or the end of a flow collection: in a flow collection a `:`
    /// right after it is a value indicator even when no space follows (`{"a":1}`).
    @exclusivity(unchecked) var lastWasJSONLike = false
    /// Where the last token ended, to reject a comment that touches it (`"a"#c`).
    @exclusivity(unchecked) var lastTokenEnd = -1
    /// The next token is the first of its line.
    @exclusivity(unchecked) var firstOnLine = true
    /// The next token is the first of its line, and a tab is in the blanks before it.
    @exclusivity(unchecked) var tabInIndentation = false
    /// How many spaces start the next token's line, up to the first tab or other character.
    @exclusivity(unchecked) var leadingSpaces = 0
    /// A tab is in the blanks right before the next token, on its line.
    @exclusivity(unchecked) var tabBeforeToken = false

    /// A scanner of the YAML stream `bytes` read from `file`.
    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        tokens.append(YAMLToken(kind: .streamStart, line: 1, column: 0))
    }

    // MARK: - Characters

    /// The byte `offset` bytes ahead, 0 past the end.
    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    /// A line feed or carriage return.
    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
    /// A space or tab.
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    /// Space, tab, line break or the end of the input (reported as 0).
    @inline(__always) static func isBlankOrEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0
    }
    /// One of `,[]{}`.
    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Whether the whole stream was read.
    var atEnd: Bool { index >= bytes.count }

    /// Moves `count` bytes on, counting lines and columns (a `\r\n` is one break).
    func forward(_ count: Int = 1) {
        for _ in 0..<count {
            guard index < bytes.count else { return }
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                line += 1
                column = 0
            } else if byte == 0x0D {
                if index < bytes.count && bytes[index] == 0x0A { continue }
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    /// Moves to `end` on the current line (no line break in between), counting columns in characters.
    func forwardOnLine(to end: Int) {
        let start = index
        column += bytes.withUnsafeBufferPointer { buffer in
            var columns = 0
            var position = start
            while position < end {
                if buffer[position] & 0xC0 != 0x80 { columns += 1 }
                position += 1
            }
            return columns
        }
        index = end
    }

    /// Consumes one line break (`\n`, `\r\n` or `\r`) and returns whether there was one.
    @discardableResult func scanLineBreak() -> Bool {
        let byte = peek()
        if byte == 0x0D && peek(1) == 0x0A {
            forward(2)
            return true
        }
        if Self.isBreak(byte) {
            forward()
            return true
        }
        return false
    }

    /// The location of a 0-based column.
    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + 1)
    }

    /// An error at the next byte.
    func fail(_ message: String) -> YAMLSyntaxError {
        YAMLSyntaxError(diagnostic: Diagnostic(.error, message, at: location(line: line, column: column)))
    }

    /// An error at `line` and the 0-based `column`.
    func fail(_ message: String, line: Int, column: Int) -> YAMLSyntaxError {
        YAMLSyntaxError(diagnostic: Diagnostic(.error, message, at: location(line: line, column: column)))
    }

    /// The next character, in words, for messages.
    func describeCurrent() -> String {
        let byte = peek()
        if atEnd { return "the end of the file" }
        if byte == 0x09 { return "a tab" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte >= 0x80 { return "a non-ASCII character" }
        return "the control character 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Whether `---` or `...` (three `marker`s and a blank) starts here, at column 0.
    func isDocumentMarker(_ marker: UInt8) -> Bool {
        column == 0 && peek() == marker && peek(1) == marker && peek(2) == marker && Self.isBlankOrEnd(peek(3))
    }

    // MARK: - The token queue

    /// The next token, without taking it.
    func peekToken() throws(YAMLSyntaxError) -> YAMLToken {
        while needMoreTokens() {
            try fetchNextToken()
        }
        return tokens[tokenHead]
    }

    /// The kind of the next token, without taking it (and without copying its strings).
    func peekKind() throws(YAMLSyntaxError) -> YAMLToken.Kind {
        while needMoreTokens() {
            try fetchNextToken()
        }
        return tokens[tokenHead].kind
    }

    /// Takes the next token, which the caller has peeked at.
    func skipToken() {
        tokenHead += 1
        tokensTaken += 1
        if tokenHead > 64 && tokenHead * 2 > tokens.count {
            tokens.removeFirst(tokenHead)
            tokenHead = 0
        }
    }

    /// Takes the next token.
    func nextToken() throws(YAMLSyntaxError) -> YAMLToken {
        let token = try peekToken()
        skipToken()
        return token
    }

    /// Whether the next token is not known yet (none scanned, or an implicit key before it may still get a key token).
    private func needMoreTokens() -> Bool {
        if streamEnded { return tokenHead >= tokens.count }
        if tokenHead >= tokens.count { return true }
        // stale keys were removed when the last token was fetched; an implicit key still open may
        // still become a key, so the tokens after it are not final yet.
        return nextPossibleSimpleKey() == tokensTaken
    }

    /// The number of the first token that may still become an implicit key.
    private func nextPossibleSimpleKey() -> Int? {
        // A key on an outer level was saved before any key on an inner one: the first one is the least.
        var level = 0
        let count = possibleSimpleKeys.count
        while level < count {
            if let key = possibleSimpleKeys[level] { return key.tokenNumber }
            level += 1
        }
        return nil
    }

    /// Queues a token.
    private func add(_ token: YAMLToken) {
        tokens.append(token)
        lastTokenEnd = index
    }

    /// Scans the next token (and the block ends before it).
    private func fetchNextToken() throws(YAMLSyntaxError) {
        try scanToNextToken()
        try stalePossibleSimpleKeys()
        unwindIndent(column)
        let byte = peek()
        lastWasJSONLikeBefore = lastWasJSONLike
        lastWasJSONLike = false
        if atEnd { return try fetchStreamEnd() }
        if firstOnLine && leadingSpaces <= indent {
            if tabInIndentation {
                throw fail("a tab in the indentation; YAML indents with spaces only")
            }
            if flowLevel > 0 {
                throw fail(
                    "this line of a flow collection must be indented more than the block it is in (is a ']' or '}' missing?)"
                )
            }
        }
        if column == 0 {
            if byte == UInt8(ascii: "%") { return try fetchDirective() }
            if isDocumentMarker(UInt8(ascii: "-")) { return try fetchDocumentIndicator(.documentStart) }
            if isDocumentMarker(UInt8(ascii: ".")) { return try fetchDocumentIndicator(.documentEnd) }
        }
        let next = peek(1)
        switch byte {
        case UInt8(ascii: "["): return try fetchFlowCollectionStart(.flowSequenceStart)
        case UInt8(ascii: "{"): return try fetchFlowCollectionStart(.flowMappingStart)
        case UInt8(ascii: "]"): return try fetchFlowCollectionEnd(.flowSequenceEnd)
        case UInt8(ascii: "}"): return try fetchFlowCollectionEnd(.flowMappingEnd)
        case UInt8(ascii: ","): return try fetchFlowEntry()
        case UInt8(ascii: "-") where Self.isBlankOrEnd(next): return try fetchBlockEntry()
        case UInt8(ascii: "?") where Self.isBlankOrEnd(next) || (flowLevel > 0 && Self.isFlowIndicator(next)):
            return try fetchKey()
        case UInt8(ascii: ":")
        where Self.isBlankOrEnd(next) || (flowLevel > 0 && (Self.isFlowIndicator(next) || lastWasJSONLikeBefore)):
            return try fetchValue()
        case UInt8(ascii: "*"): return try fetchAnchorOrAlias(.alias)
        case UInt8(ascii: "&"): return try fetchAnchorOrAlias(.anchor)
        case UInt8(ascii: "!"): return try fetchTag()
        case UInt8(ascii: "|") where flowLevel == 0: return try fetchBlockScalar(folded: false)
        case UInt8(ascii: ">") where flowLevel == 0: return try fetchBlockScalar(folded: true)
        case UInt8(ascii: "'"): return try fetchQuotedScalar(double: false)
        case UInt8(ascii: "\""): return try fetchQuotedScalar(double: true)
        default: break
        }
        if checkPlain() { return try fetchPlain() }
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw fail(
                "'\(Character(Unicode.Scalar(byte)))' is reserved and cannot start a plain scalar; quote the value")
        case UInt8(ascii: "%"):
            throw fail("'%' cannot start a plain scalar; quote the value")
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw fail("a block scalar ('|' or '>') is not allowed inside a flow collection")
        default:
            throw fail("expected a value, a key or a collection, found \(describeCurrent())")
        }
    }

    /// Set while a token is fetched: whether the token before it was JSON-like.
    @exclusivity(unchecked) private var lastWasJSONLikeBefore = false

    /// Whether a plain scalar starts here.
    private func checkPlain() -> Bool {
        let byte = peek()
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let next = peek(1)
            if Self.isBlankOrEnd(next) { return false }
            if flowLevel > 0 && Self.isFlowIndicator(next) { return false }
            return true
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
            UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        default:
            if Self.isBlankOrEnd(byte) { return false }
            if byte < 0x20 || byte == 0x7F { return false }
            // A byte order mark inside a document is not content.
            if byte == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF { return false }
            return true
        }
    }

    // MARK: - Whitespace and comments

    /// Skips blanks, comments and line breaks, noting tabs in the indentation.
    private func scanToNextToken() throws(YAMLSyntaxError) {
        tabInIndentation = false
        tabBeforeToken = false
        var atLineStart = column == 0 || index == 0
        leadingSpaces = column
        while true {
            if peek() == 0xEF && peek(1) == 0xBB && peek(2) == 0xBF {
                // A byte order mark may start the stream or any document.
                index += 3
                continue
            }
            var sawSpace = false
            while true {
                let byte = peek()
                if byte == 0x20 {
                    if atLineStart && !tabInIndentation { leadingSpaces += 1 }
                    forward()
                } else if byte == 0x09 {
                    if atLineStart { tabInIndentation = true }
                    tabBeforeToken = true
                    forward()
                } else {
                    break
                }
                sawSpace = true
            }
            if peek() == UInt8(ascii: "#") {
                if !sawSpace && !atLineStart && index > 0 && !Self.isBlankOrEnd(bytes[index - 1]) {
                    throw fail("a comment must be separated from what comes before it by a space")
                }
                while !atEnd && !Self.isBreak(peek()) { forward() }
            }
            if scanLineBreak() {
                atLineStart = true
                tabInIndentation = false
                tabBeforeToken = false
                leadingSpaces = 0
                if flowLevel == 0 { allowSimpleKey = true }
            } else {
                break
            }
        }
        firstOnLine = atLineStart
        if !atLineStart { tabInIndentation = false }
    }

    // MARK: - Implicit keys

    /// Forgets implicit keys that can no longer be keys; a required one is an error.
    private func stalePossibleSimpleKeys() throws(YAMLSyntaxError) {
        var level = -1
        let count = possibleSimpleKeys.count
        while level + 1 < count {
            level += 1
            guard let key = possibleSimpleKeys[level], key.line != line || index - key.index > 1024 else { continue }
            if key.required {
                throw fail(
                    "expected ':' after this implicit key (a key must be on one line)", line: key.line,
                    column: key.column)
            }
            possibleSimpleKeys[level] = nil
        }
    }

    /// Notes that an implicit key may start at the next token.
    private func savePossibleSimpleKey() throws(YAMLSyntaxError) {
        let required = flowLevel == 0 && indent == column
        if allowSimpleKey {
            try removePossibleSimpleKey()
            possibleSimpleKeys[flowLevel] = SimpleKey(
                tokenNumber: tokensTaken + tokens.count - tokenHead, required: required, tabBefore: tabBeforeToken,
                index: index,
                line: line, column: column)
        }
    }

    /// Forgets the implicit key of this flow level; a required one is an error.
    private func removePossibleSimpleKey() throws(YAMLSyntaxError) {
        if let key = possibleSimpleKeys[flowLevel] {
            if key.required {
                throw fail("expected ':' after this implicit key", line: key.line, column: key.column)
            }
            possibleSimpleKeys[flowLevel] = nil
        }
    }

    // MARK: - Indentation

    /// Ends the block collections indented more than `column`.
    private func unwindIndent(_ column: Int) {
        if flowLevel > 0 { return }
        while indent > column {
            indent = indents.removeLast()
            add(YAMLToken(kind: .blockEnd, line: line, column: self.column))
        }
    }

    /// Starts a block collection at `column` if it is indented more than the current one.
    private func addIndent(_ column: Int) -> Bool {
        if indent < column {
            indents.append(indent)
            indent = column
            return true
        }
        return false
    }

    // MARK: - Fetching

    /// The end of the stream: every open block collection ends.
    private func fetchStreamEnd() throws(YAMLSyntaxError) {
        if flowLevel > 0 {
            throw fail("the file ends inside a flow collection; expected ']' or '}'")
        }
        unwindIndent(-1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        possibleSimpleKeys = [nil]
        add(YAMLToken(kind: .streamEnd, line: line, column: column))
        streamEnded = true
    }

    /// `---` or `...`.
    private func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        if flowLevel > 0 { throw fail("a document marker inside a flow collection; expected ']' or '}'") }
        unwindIndent(-1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        let token = YAMLToken(kind: kind, line: line, column: column)
        forward(3)
        add(token)
        if kind == .documentEnd {
            try expectLineEnd(after: "'...'")
        }
    }

    /// After `...`, a directive, or a block scalar header: only spaces and a comment may follow on the line.
    private func expectLineEnd(after what: String) throws(YAMLSyntaxError) {
        var sawSpace = false
        while Self.isBlank(peek()) {
            forward()
            sawSpace = true
        }
        if peek() == UInt8(ascii: "#") && sawSpace {
            while !atEnd && !Self.isBreak(peek()) { forward() }
        }
        if !atEnd && !Self.isBreak(peek()) {
            throw fail("expected the end of the line after \(what), found \(describeCurrent())")
        }
    }

    /// `[` or `{`.
    private func fetchFlowCollectionStart(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        try savePossibleSimpleKey()
        flowLevel += 1
        possibleSimpleKeys.append(nil)
        allowSimpleKey = true
        let token = YAMLToken(kind: kind, line: line, column: column)
        forward()
        add(token)
    }

    /// `]` or `}`.
    private func fetchFlowCollectionEnd(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        guard flowLevel > 0 else {
            throw fail("\(describeCurrent()) without a matching '\(kind == .flowSequenceEnd ? "[" : "{")'")
        }
        try removePossibleSimpleKey()
        possibleSimpleKeys.removeLast()
        flowLevel -= 1
        allowSimpleKey = false
        let token = YAMLToken(kind: kind, line: line, column: column)
        forward()
        add(token)
        lastWasJSONLike = true
    }

    /// `,` in a flow collection.
    private func fetchFlowEntry() throws(YAMLSyntaxError) {
        guard flowLevel > 0 else {
            throw fail("',' outside a flow collection; quote the value if the comma belongs to it")
        }
        allowSimpleKey = true
        try removePossibleSimpleKey()
        let token = YAMLToken(kind: .flowEntry, line: line, column: column)
        forward()
        add(token)
    }

    /// `- `, which may start a block sequence.
    private func fetchBlockEntry() throws(YAMLSyntaxError) {
        if flowLevel == 0 {
            guard allowSimpleKey else { throw fail("a sequence entry ('- ') is not allowed here") }
            if tabBeforeToken && column > indent {
                throw fail("a tab before a nested block sequence; indent it with spaces")
            }
            if addIndent(column) {
                add(YAMLToken(kind: .blockSequenceStart, line: line, column: column))
            }
        }
        allowSimpleKey = true
        try removePossibleSimpleKey()
        let token = YAMLToken(kind: .blockEntry, line: line, column: column)
        forward()
        add(token)
    }

    /// `? `, an explicit key, which may start a block mapping.
    private func fetchKey() throws(YAMLSyntaxError) {
        if flowLevel == 0 {
            guard allowSimpleKey else { throw fail("an explicit key ('? ') is not allowed here") }
            if tabBeforeToken && column > indent {
                throw fail("a tab before a nested block mapping; indent it with spaces")
            }
            if addIndent(column) {
                add(YAMLToken(kind: .blockMappingStart, line: line, column: column))
            }
        }
        allowSimpleKey = flowLevel == 0
        try removePossibleSimpleKey()
        let token = YAMLToken(kind: .key, line: line, column: column)
        forward()
        add(token)
    }

    /// `: `: turns the pending implicit key into a key (and may start a block mapping there).
    private func fetchValue() throws(YAMLSyntaxError) {
        if let key = possibleSimpleKeys[flowLevel] {
            possibleSimpleKeys[flowLevel] = nil
            let position = tokenHead + key.tokenNumber - tokensTaken
            tokens.insert(YAMLToken(kind: .key, line: key.line, column: key.column), at: position)
            if flowLevel == 0 && key.tabBefore && key.column > indent {
                throw fail(
                    "a tab before a nested block mapping; indent it with spaces", line: key.line, column: key.column)
            }
            if flowLevel == 0 && addIndent(key.column) {
                tokens.insert(YAMLToken(kind: .blockMappingStart, line: key.line, column: key.column), at: position)
            }
            allowSimpleKey = false
        } else {
            if flowLevel == 0 {
                guard allowSimpleKey else {
                    throw fail(
                        "a mapping value (': ') is not allowed here (is a ':' missing on a line above, or does a value contain ': '? quote it)"
                    )
                }
                if addIndent(column) {
                    add(YAMLToken(kind: .blockMappingStart, line: line, column: column))
                }
            }
            allowSimpleKey = flowLevel == 0
            try removePossibleSimpleKey()
        }
        let token = YAMLToken(kind: .value, line: line, column: column)
        forward()
        add(token)
    }

    /// `&name` or `*name`.
    private func fetchAnchorOrAlias(_ kind: YAMLToken.Kind) throws(YAMLSyntaxError) {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        var token = YAMLToken(kind: kind, line: line, column: column)
        forward()
        let start = index
        while !Self.isBlankOrEnd(peek()) && !Self.isFlowIndicator(peek()) { forward() }
        guard index > start else {
            throw fail(
                "expected the name of the \(kind == .alias ? "alias" : "anchor") after '\(kind == .alias ? "*" : "&")'")
        }
        token.text = String(decoding: bytes[start..<index], as: UTF8.self)
        add(token)
    }

    /// A tag: `!<verbatim>`, `!`, `!suffix`, `!!suffix`, `!handle!suffix`.
    private func fetchTag() throws(YAMLSyntaxError) {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        var token = YAMLToken(kind: .tag, line: line, column: column)
        if peek(1) == UInt8(ascii: "<") {
            forward(2)
            let start = index
            while !Self.isBlankOrEnd(peek()) && peek() != UInt8(ascii: ">") { forward() }
            guard peek() == UInt8(ascii: ">"), index > start else { throw fail("expected '>' to end the verbatim tag") }
            token.suffix = try decodeURI(bytes[start..<index])
            forward()
        } else {
            // The handle: `!`, `!!` or `!name!`; otherwise the whole tag is `!` + suffix.
            var length = 1
            while Self.isWordCharacter(peek(length)) { length += 1 }
            let start = index
            if peek(length) == UInt8(ascii: "!") {
                token.handle = String(decoding: bytes[start..<(start + length + 1)], as: UTF8.self)
                forward(length + 1)
            } else {
                token.handle = "!"
                forward()
            }
            let suffixStart = index
            while !Self.isBlankOrEnd(peek()) && !Self.isFlowIndicator(peek()) {
                if peek() == UInt8(ascii: "!") { throw fail("'!' inside a tag's suffix") }
                forward()
            }
            token.suffix = try decodeURI(bytes[suffixStart..<index])
            if token.suffix.isEmpty && token.handle != "!" {
                throw fail("expected the rest of the tag after '\(token.handle)'")
            }
        }
        if !Self.isBlankOrEnd(peek()) && !(flowLevel > 0 && Self.isFlowIndicator(peek())) {
            throw fail("expected a space after the tag, found \(describeCurrent())")
        }
        add(token)
    }

    /// A character of a tag handle's name: ASCII letters, digits and `-`.
    static func isWordCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// Decodes `%XX` escapes in a tag.
    func decodeURI(_ slice: ArraySlice<UInt8>) throws(YAMLSyntaxError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(slice.count)
        var position = slice.startIndex
        while position < slice.endIndex {
            let byte = slice[position]
            if byte == UInt8(ascii: "%") {
                guard position + 2 < slice.endIndex, let high = Self.hexValue(slice[position + 1]),
                    let low = Self.hexValue(slice[position + 2])
                else {
                    throw fail("invalid '%' escape in a tag")
                }
                output.append(UInt8(high * 16 + low))
                position += 3
            } else {
                output.append(byte)
                position += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// `%YAML 1.2`, `%TAG !h! prefix`, or another directive (ignored).
    private func fetchDirective() throws(YAMLSyntaxError) {
        unwindIndent(-1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        var token = YAMLToken(kind: .directive, line: line, column: column)
        forward()
        let nameStart = index
        while !Self.isBlankOrEnd(peek()) { forward() }
        token.text = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var parameters: [String] = []
        while true {
            while Self.isBlank(peek()) { forward() }
            if atEnd || Self.isBreak(peek()) || peek() == UInt8(ascii: "#") { break }
            let start = index
            while !Self.isBlankOrEnd(peek()) { forward() }
            parameters.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if peek() == UInt8(ascii: "#") {
            while !atEnd && !Self.isBreak(peek()) { forward() }
        }
        switch token.text {
        case "YAML":
            guard parameters.count == 1, let version = parameters.first,
                version.split(separator: ".").count == 2,
                version.split(separator: ".").allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
            else {
                throw fail("expected '%YAML 1.2'", line: token.line, column: token.column)
            }
            token.suffix = version
        case "TAG":
            guard parameters.count == 2 else {
                throw fail("expected '%TAG !handle! prefix'", line: token.line, column: token.column)
            }
            token.handle = parameters[0]
            token.suffix = parameters[1]
        default:
            break
        }
        add(token)
    }

    /// A plain scalar, which may be an implicit key.
    private func fetchPlain() throws(YAMLSyntaxError) {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        let token = try scanPlain()
        add(token)
    }

    /// A single- or double-quoted scalar, which may be an implicit key.
    private func fetchQuotedScalar(double: Bool) throws(YAMLSyntaxError) {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        let token = try scanQuoted(double: double)
        add(token)
        lastWasJSONLike = true
    }

    /// A `|` or `>` block scalar.
    private func fetchBlockScalar(folded: Bool) throws(YAMLSyntaxError) {
        allowSimpleKey = true
        try removePossibleSimpleKey()
        let token = try scanBlockScalar(folded: folded)
        add(token)
    }
}
