extension YAMLScanner {
    // MARK: - Plain scalars

    /// A plain scalar, which may span lines (folded: one line break becomes a space, more become
    /// line breaks); it ends at `: `, ` #`, a flow indicator in a flow collection, or a line indented
    /// less than the block it is in.
    func scanPlain() throws(YAMLSyntaxError) -> YAMLToken {
        var token = YAMLToken(kind: .scalar, line: line, column: column)
        token.style = .plain
        // The usual scalar is one piece on one line: it becomes a String straight from the input.
        var single: Range<Int>?
        var text: [UInt8] = []
        var pending: PlainGap?
        let minimumIndent = indent + 1
        while true {
            if peek() == UInt8(ascii: "#") { break }
            let start = index
            let inFlow = flowLevel > 0
            // Over a buffer, bytes compared as numbers: this loop runs for most bytes of a spec, in
            // the debug builds of the build plugin too, where every call and retain counts.
            let end = bytes.withUnsafeBufferPointer { buffer in
                var end = start
                let count = buffer.count
                while end < count {
                    let byte = buffer[end]
                    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { break }
                    if byte == 0x3A {  // ':'
                        let next = end + 1 < count ? buffer[end + 1] : 0
                        if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0 { break }
                        if inFlow && Self.isFlowIndicator(next) { break }
                    }
                    if inFlow && Self.isFlowIndicator(byte) { break }
                    end += 1
                }
                return end
            }
            if end == start { break }
            allowSimpleKey = false
            if let first = single {
                text.append(contentsOf: bytes[first])
                single = nil
            }
            if text.isEmpty && pending == nil {
                single = start..<end
            } else {
                switch pending {
                case .blanks(let range): text.append(contentsOf: bytes[range])
                case .lineBreaks(let count) where count > 0:
                    text.append(contentsOf: repeatElement(0x0A, count: count))
                case .lineBreaks: text.append(0x20)
                case nil: break
                }
                text.append(contentsOf: bytes[start..<end])
            }
            forwardOnLine(to: end)
            guard let spaces = try scanPlainSpaces() else { break }
            pending = spaces
            if peek() == UInt8(ascii: "#") || atEnd { break }
            if flowLevel == 0 && column < minimumIndent { break }
        }
        if let single {
            token.text = String(decoding: bytes[single], as: UTF8.self)
            return token
        }
        if text.isEmpty && token.line == line && token.column == column {
            throw fail("expected a value, found \(describeCurrent())")
        }
        token.text = String(decoding: text, as: UTF8.self)
        return token
    }

    /// What separates two pieces of a multi-line plain scalar.
    enum PlainGap: Equatable {
        /// Blanks on one line, kept as they are.
        case blanks(Range<Int>)
        /// A line break (folded into a space when the count of empty lines after it is 0), and the
        /// empty lines after it (each kept as a line break).
        case lineBreaks(Int)
    }

    /// The blanks and line breaks after a piece of a plain scalar; nil when the scalar ends there (a
    /// document marker, or nothing but blanks up to the end of a line without another line).
    private func scanPlainSpaces() throws(YAMLSyntaxError) -> PlainGap? {
        let start = index
        while Self.isBlank(peek()) { forward() }
        guard Self.isBreak(peek()) else {
            return index == start ? nil : .blanks(start..<index)
        }
        scanLineBreak()
        allowSimpleKey = true
        if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { return nil }
        var breaks = 0
        while true {
            while peek() == 0x20 { forward() }
            // Tabs after the indentation are separation; on an otherwise empty line they don't matter.
            var lookahead = 0
            while Self.isBlank(peek(lookahead)) { lookahead += 1 }
            if Self.isBreak(peek(lookahead)) {
                forward(lookahead)
                scanLineBreak()
                breaks += 1
                if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { return nil }
                continue
            }
            if flowLevel == 0 && column < indent + 1 { break }
            while Self.isBlank(peek()) { forward() }
            break
        }
        return .lineBreaks(breaks)
    }

    // MARK: - Quoted scalars

    /// A single- or double-quoted scalar: `''` is a quote in single quotes, `\` escapes in double
    /// quotes; line breaks fold like in plain scalars.
    func scanQuoted(double: Bool) throws(YAMLSyntaxError) -> YAMLToken {
        var token = YAMLToken(kind: .scalar, line: line, column: column)
        token.style = double ? .doubleQuoted : .singleQuoted
        let quote = double ? UInt8(ascii: "\"") : UInt8(ascii: "'")
        forward()
        var text: [UInt8] = []
        while true {
            // Non-space characters.
            while true {
                let byte = peek()
                if atEnd {
                    throw fail("unterminated quoted scalar", line: token.line, column: token.column)
                }
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { break }
                if byte == quote {
                    if !double && peek(1) == quote {
                        text.append(quote)
                        forward(2)
                        continue
                    }
                    break
                }
                if double && byte == UInt8(ascii: "\\") {
                    if Self.isBreak(peek(1)) {
                        forward()
                        scanLineBreak()
                        try scanQuotedBreaks(into: &text, token: token, escapedBreak: true)
                        continue
                    }
                    try scanEscape(into: &text)
                    continue
                }
                if byte < 0x20 && byte != 0x09 {
                    throw fail("a control character in a quoted scalar; write it as an escape in double quotes")
                }
                text.append(byte)
                forward()
            }
            if peek() == quote {
                forward()
                break
            }
            // Blanks and breaks.
            let start = index
            while Self.isBlank(peek()) { forward() }
            if atEnd { throw fail("unterminated quoted scalar", line: token.line, column: token.column) }
            if Self.isBreak(peek()) {
                scanLineBreak()
                try scanQuotedBreaks(into: &text, token: token, escapedBreak: false)
            } else {
                text.append(contentsOf: bytes[start..<index])
            }
        }
        token.text = String(decoding: text, as: UTF8.self)
        return token
    }

    /// After a line break in a quoted scalar: empty lines become line breaks, a single break a space
    /// (nothing after an escaped break).
    private func scanQuotedBreaks(
        into text: inout [UInt8], token: YAMLToken, escapedBreak: Bool
    ) throws(YAMLSyntaxError) {
        var breaks = 0
        while true {
            if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) {
                throw fail("a document marker inside a quoted scalar; close the quote first")
            }
            while peek() == 0x20 { forward() }
            let spaces = column
            while Self.isBlank(peek()) { forward() }
            if atEnd { throw fail("unterminated quoted scalar", line: token.line, column: token.column) }
            if Self.isBreak(peek()) {
                scanLineBreak()
                breaks += 1
                continue
            }
            if spaces <= indent {
                throw fail("this line of a quoted scalar must be indented more than its block")
            }
            break
        }
        if breaks > 0 {
            text.append(contentsOf: [UInt8](repeating: 0x0A, count: breaks))
        } else if !escapedBreak {
            text.append(0x20)
        }
    }

    /// One `\` escape of a double-quoted scalar, appended to `text` as UTF-8.
    private func scanEscape(into text: inout [UInt8]) throws(YAMLSyntaxError) {
        let escapeLine = line
        let escapeColumn = column
        forward()
        let byte = peek()
        var scalar: UInt32
        var hexDigits = 0
        switch byte {
        case UInt8(ascii: "0"): scalar = 0
        case UInt8(ascii: "a"): scalar = 0x07
        case UInt8(ascii: "b"): scalar = 0x08
        case UInt8(ascii: "t"), 0x09: scalar = 0x09
        case UInt8(ascii: "n"): scalar = 0x0A
        case UInt8(ascii: "v"): scalar = 0x0B
        case UInt8(ascii: "f"): scalar = 0x0C
        case UInt8(ascii: "r"): scalar = 0x0D
        case UInt8(ascii: "e"): scalar = 0x1B
        case UInt8(ascii: " "): scalar = 0x20
        case UInt8(ascii: "\""): scalar = 0x22
        case UInt8(ascii: "/"): scalar = 0x2F
        case UInt8(ascii: "\\"): scalar = 0x5C
        case UInt8(ascii: "N"): scalar = 0x85
        case UInt8(ascii: "_"): scalar = 0xA0
        case UInt8(ascii: "L"): scalar = 0x2028
        case UInt8(ascii: "P"): scalar = 0x2029
        case UInt8(ascii: "x"):
            scalar = 0
            hexDigits = 2
        case UInt8(ascii: "u"):
            scalar = 0
            hexDigits = 4
        case UInt8(ascii: "U"):
            scalar = 0
            hexDigits = 8
        default:
            throw fail(
                "invalid escape '\\\(describeCurrent())' in a double-quoted scalar", line: escapeLine,
                column: escapeColumn)
        }
        forward()
        for _ in 0..<hexDigits {
            guard let digit = Self.hexValue(peek()) else {
                throw fail(
                    "expected \(hexDigits) hexadecimal digits in the escape", line: escapeLine, column: escapeColumn)
            }
            scalar = scalar &* 16 &+ digit
            forward()
        }
        guard let value = Unicode.Scalar(scalar) else {
            throw fail("the escape is not a Unicode scalar value", line: escapeLine, column: escapeColumn)
        }
        text.append(contentsOf: Array(String(Character(value)).utf8))
    }

    // MARK: - Block scalars

    /// A literal (`|`) or folded (`>`) block scalar with its chomping (`-`, `+`) and indentation
    /// (`1`–`9`) indicators.
    func scanBlockScalar(folded: Bool) throws(YAMLSyntaxError) -> YAMLToken {
        var token = YAMLToken(kind: .scalar, line: line, column: column)
        token.style = folded ? .folded : .literal
        forward()
        // Header: chomping and indentation indicators in either order.
        var chomping = 0  // -1 strip, 0 clip, 1 keep
        var increment = 0
        for _ in 0..<2 {
            let byte = peek()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                guard chomping == 0 else { throw fail("two chomping indicators in a block scalar header") }
                chomping = byte == UInt8(ascii: "+") ? 1 : -1
                forward()
            } else if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") {
                guard increment == 0 else { throw fail("two indentation indicators in a block scalar header") }
                increment = Int(byte - UInt8(ascii: "0"))
                forward()
            } else if byte == UInt8(ascii: "0") {
                throw fail("the indentation indicator of a block scalar is 1 to 9, not 0")
            }
        }
        let headerHasSpace = Self.isBlank(peek())
        while Self.isBlank(peek()) { forward() }
        if peek() == UInt8(ascii: "#") {
            guard headerHasSpace else {
                throw fail("a comment must be separated from the block scalar header by a space")
            }
            while !atEnd && !Self.isBreak(peek()) { forward() }
        }
        if !atEnd && !Self.isBreak(peek()) {
            throw fail("expected a comment or a line break after the block scalar header, found \(describeCurrent())")
        }
        scanLineBreak()
        let parentIndent = indent
        var blockIndent: Int
        var breaks = 0
        if increment > 0 {
            blockIndent = (parentIndent >= 0 ? parentIndent : 0) + increment
            breaks = scanBlockBreaks(indent: blockIndent)
        } else {
            // Auto-detect from the first non-empty line; leading empty lines may not be more indented.
            var maxEmptyIndent = 0
            var maxEmptyLine = line
            var spacesOnLastLine = false
            while true {
                spacesOnLastLine = peek() == 0x20
                while peek() == 0x20 { forward() }
                if Self.isBreak(peek()) {
                    if column > maxEmptyIndent {
                        maxEmptyIndent = column
                        maxEmptyLine = line
                    }
                    scanLineBreak()
                    breaks += 1
                    continue
                }
                break
            }
            // A block scalar at the top level may start its lines in column 0.
            let minimum = max(parentIndent + 1, 0)
            if atEnd && spacesOnLastLine {
                // A last line of spaces without a line break is an empty line too.
                breaks += 1
                maxEmptyIndent = max(maxEmptyIndent, column)
            }
            if atEnd {
                blockIndent = max(minimum, maxEmptyIndent)
            } else {
                blockIndent = max(minimum, column)
                if maxEmptyIndent > column && column >= minimum {
                    throw fail(
                        "a leading empty line of the block scalar is indented more than its first line",
                        line: maxEmptyLine, column: 0)
                }
            }
            if peek() == 0x09 && column < minimum {
                throw fail("a tab in the indentation of a block scalar")
            }
        }
        var text: [UInt8] = []
        var pendingBreaks = breaks
        var lastLineBreak = false
        var previousMoreIndented = true  // no folding before the first line
        var first = true
        while column == blockIndent && !atEnd {
            if isDocumentMarker(UInt8(ascii: "-")) || isDocumentMarker(UInt8(ascii: ".")) { break }
            let leadingBlank = Self.isBlank(peek())
            if folded && !first && !leadingBlank && !previousMoreIndented {
                // A single line break between two normal lines folds into a space.
                if pendingBreaks == 0 {
                    text.append(0x20)
                } else {
                    text.append(contentsOf: [UInt8](repeating: 0x0A, count: pendingBreaks))
                }
            } else if !first {
                text.append(contentsOf: [UInt8](repeating: 0x0A, count: pendingBreaks + 1))
            } else {
                text.append(contentsOf: [UInt8](repeating: 0x0A, count: pendingBreaks))
            }
            first = false
            previousMoreIndented = leadingBlank
            let start = index
            while !atEnd && !Self.isBreak(peek()) { forward() }
            text.append(contentsOf: bytes[start..<index])
            lastLineBreak = scanLineBreak() || atEnd
            pendingBreaks = scanBlockBreaks(indent: blockIndent)
        }
        // Chomping: what happens to the final line break and the trailing empty lines.
        if first {
            // No content line: only the empty lines, kept when chomping is `+`.
            if chomping == 1 { text.append(contentsOf: [UInt8](repeating: 0x0A, count: pendingBreaks)) }
        } else {
            if chomping >= 0 && lastLineBreak { text.append(0x0A) }
            if chomping == 1 { text.append(contentsOf: [UInt8](repeating: 0x0A, count: pendingBreaks)) }
        }
        token.text = String(decoding: text, as: UTF8.self)
        return token
    }

    /// Empty lines (only spaces up to `indent`, or a shorter line of spaces) before the next content
    /// line of a block scalar; returns how many.
    private func scanBlockBreaks(indent blockIndent: Int) -> Int {
        var breaks = 0
        while true {
            let spaces = peek() == 0x20
            while column < blockIndent && peek() == 0x20 { forward() }
            if Self.isBreak(peek()) {
                scanLineBreak()
                breaks += 1
                continue
            }
            if atEnd && spaces {
                // A last line of spaces without a line break is an empty line too.
                breaks += 1
            }
            // A line of only blanks beyond the indentation is content for a literal scalar, but one
            // that is all spaces shorter than the indentation is empty.
            return breaks
        }
    }
}
