import Testing

@testable import HTCodegenCore

/// The YAML reader on small documents of its own: each feature, the positions of values and of
/// errors, and the bounds (alias expansion, nesting).
struct YAMLDocumentParserTests {
    static func parse(_ text: String) throws -> JSONNode {
        try YAMLDocumentParser.parse(Array(text.utf8), file: "spec.yaml").node
    }

    static func error(_ text: String) -> Diagnostic? {
        do {
            _ = try YAMLDocumentParser.parseStream(Array(text.utf8), file: "spec.yaml")
            return nil
        } catch {
            return error.diagnostic
        }
    }

    /// `line:column` of a location.
    static func at(_ location: HTCodegenCore.SourceLocation) -> String { "\(location.line):\(location.column)" }

    // MARK: - Collections and positions

    @Test func blockMappingKeepsPositionsOfKeysAndValues() throws {
        let root = try Self.parse("name: Ada\nage: 36\ntags:\n  - a\n  - b\n")
        #expect(Self.at(root.location) == "1:1")
        let age = try #require(root["age"])
        #expect(Self.at(age.keyLocation) == "2:1")
        #expect(Self.at(age.value.location) == "2:6")
        #expect(age.value.value == .number("36"))
        let tags = try #require(root["tags"]?.value)
        #expect(Self.at(tags.location) == "4:3")
        #expect(tags.arrayElements?.map(\.value) == [.string("a"), .string("b")])
        #expect(tags.arrayElements.map { $0.map { Self.at($0.location) } } == ["4:5", "5:5"])
        #expect(root.location.file == "spec.yaml")
    }

    @Test func sequenceAtTheKeysIndentation() throws {
        let root = try Self.parse("list:\n- 1\n- 2\nnext: x\n")
        #expect(root["list"]?.value.arrayElements?.map(\.value) == [.number("1"), .number("2")])
        #expect(root["next"]?.value.value == .string("x"))
    }

    @Test func flowCollections() throws {
        let root = try Self.parse("a: [1, two, {b: c, \"d\":e}, []]\nf: {g: [h], i: }\n")
        let a = try #require(root["a"]?.value.arrayElements)
        #expect(a.count == 4)
        #expect(a[1].value == .string("two"))
        #expect(a[2]["b"]?.value.value == .string("c"))
        #expect(a[2]["d"]?.value.value == .string("e"))
        #expect(Self.at(a[2].location) == "1:13")
        #expect(root["f"]?.value["i"]?.value.value == .null)
    }

    @Test func explicitKeysAndEmptyValues() throws {
        let root = try Self.parse("? long key\n: value\n? no value\nempty:\n")
        #expect(root["long key"]?.value.value == .string("value"))
        #expect(root["no value"]?.value.value == .null)
        #expect(root["empty"]?.value.value == .null)
    }

    @Test func commentsAreIgnored() throws {
        let root = try Self.parse("# a spec\na: 1 # one\n# between\nb: 'x # not a comment' # c\nc: d#e\n")
        #expect(root.objectMembers?.map(\.key) == ["a", "b", "c"])
        #expect(root["b"]?.value.value == .string("x # not a comment"))
        #expect(root["c"]?.value.value == .string("d#e"))
    }

    // MARK: - Scalars

    @Test func multiLinePlainScalarsFold() throws {
        let root = try Self.parse("text: one\n  two\n\n  three\nnext: x\n")
        #expect(root["text"]?.value.value == .string("one two\nthree"))
    }

    @Test func quotedScalars() throws {
        let root = try Self.parse(
            #"""
            single: 'it''s'
            double: "tab\tnew\nline \u00e9 \x41 \U0001F600 \"q\" \\"
            folded: "a
              b"
            """#)
        #expect(root["single"]?.value.value == .string("it's"))
        #expect(root["double"]?.value.value == .string("tab\tnew\nline é A 😀 \"q\" \\"))
        #expect(root["folded"]?.value.value == .string("a b"))
    }

    @Test func literalAndFoldedBlockScalars() throws {
        let root = try Self.parse(
            "literal: |\n  line 1\n    indented\n  line 3\n\nfolded: >\n  one\n  two\n\n  three\nstrip: |-\n  x\n\n"
                + "keep: |+\n  y\n\nindicator: |2\n    four spaces\nlast: end\n")
        #expect(root["literal"]?.value.value == .string("line 1\n  indented\nline 3\n"))
        #expect(root["folded"]?.value.value == .string("one two\nthree\n"))
        #expect(root["strip"]?.value.value == .string("x"))
        #expect(root["keep"]?.value.value == .string("y\n\n"))
        #expect(root["indicator"]?.value.value == .string("  four spaces\n"))
        #expect(Self.at(try #require(root["literal"]).value.location) == "1:10")
    }

    @Test func coreSchemaResolvesPlainScalars() throws {
        let root = try Self.parse(
            "[true, True, TRUE, false, null, Null, ~, 12, -3, +4, 0o17, 0x1F, 1.5, .5, -1e3, .inf, -.Inf, .nan, "
                + "yes, 'true', \"12\", 1.2.3, 0x, 012]")
        let values = try #require(root.arrayElements).map(\.value)
        #expect(
            values == [
                .bool(true), .bool(true), .bool(true), .bool(false), .null, .null, .null, .number("12"),
                .number("-3"), .number("4"), .number("15"), .number("31"), .number("1.5"), .number("0.5"),
                .number("-1e3"), .number("inf"), .number("-inf"), .number("nan"), .string("yes"), .string("true"),
                .string("12"), .string("1.2.3"), .string("0x"), .number("12"),
            ])
        #expect(Double("inf") == .infinity)
    }

    @Test func keysThatAreNotStringsBecomeTheirText() throws {
        let root = try Self.parse("200: ok\ntrue: yes\nnull: n\n")
        #expect(root.objectMembers?.map(\.key) == ["200", "true", "null"])
    }

    // MARK: - Tags

    @Test func coreTagsApply() throws {
        let root = try Self.parse(
            "a: !!str 123\nb: !!int \"12\"\nc: !!float 1\nd: !!bool 'true'\ne: !!null ''\nf: !!map {}\ng: !!seq []\n")
        #expect(root["a"]?.value.value == .string("123"))
        #expect(root["b"]?.value.value == .number("12"))
        #expect(root["c"]?.value.value == .number("1"))
        #expect(root["d"]?.value.value == .bool(true))
        #expect(root["e"]?.value.value == .null)
        #expect(root["f"]?.value.objectMembers?.isEmpty == true)
        #expect(root["g"]?.value.arrayElements?.isEmpty == true)
    }

    @Test func unknownTagIsAPositionedWarning() throws {
        let (root, warnings) = try YAMLDocumentParser.parse(Array("a: 1\nb: !custom 2\n".utf8), file: "spec.yaml")
        #expect(root["b"]?.value.value == .number("2"))
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first.map { Self.at($0.location) } == "2:4")
        #expect(warnings.first?.message.contains("!custom") == true)
    }

    @Test func tagThatDoesNotFitIsAnError() throws {
        let invalid = try #require(Self.error("a: !!int twelve\n"))
        #expect(Self.at(invalid.location) == "1:10")
        #expect(invalid.message.contains("!!int"))
        let mismatch = try #require(Self.error("a: !!seq {b: c}\n"))
        #expect(Self.at(mismatch.location) == "1:4")
    }

    // MARK: - Anchors and aliases

    @Test func aliasesRepeatTheAnchoredValue() throws {
        let root = try Self.parse("base: &b {x: 1}\nuse: *b\nlist: [*b, *b]\n")
        #expect(root["use"]?.value["x"]?.value.value == .number("1"))
        #expect(root["list"]?.value.arrayElements?.count == 2)
        #expect(Self.at(try #require(root["use"]).value.location) == "2:6")
        let unknown = try #require(Self.error("a: *nowhere\n"))
        #expect(Self.at(unknown.location) == "1:4")
        #expect(unknown.message.contains("nowhere"))
    }

    @Test func billionLaughsIsAPositionedError() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for (index, name) in "bcdefghi".enumerated() {
            let previous = Array("abcdefghi")[index]
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        text += "root: *i\n"
        let error = try #require(Self.error(text))
        #expect(error.message.contains("billion laughs"))
        #expect(error.location.line >= 6 && error.location.line <= 10)
    }

    // MARK: - Documents

    @Test func documentMarkersAndBOM() throws {
        let root = try YAMLDocumentParser.parse(
            [0xEF, 0xBB, 0xBF] + Array("%YAML 1.2\n---\na: 1\n...\n".utf8), file: "s")
        #expect(root.node["a"]?.value.value == .number("1"))
        let stream = try YAMLDocumentParser.parseStream(Array("--- 1\n--- 2\n...\n---\n".utf8), file: "s")
        #expect(stream.documents.map(\.value) == [.number("1"), .number("2"), .null])
        let many = try #require(Self.errorOfSingle("a: 1\n---\nb: 2\n"))
        #expect(Self.at(many.location) == "3:1")
        #expect(Self.errorOfSingle("# only a comment\n")?.message.contains("no YAML document") == true)
    }

    static func errorOfSingle(_ text: String) -> Diagnostic? {
        do {
            _ = try YAMLDocumentParser.parse(Array(text.utf8), file: "spec.yaml")
            return nil
        } catch {
            return error.diagnostic
        }
    }

    // MARK: - Errors

    @Test func duplicateKeysArePositionedErrors() throws {
        let error = try #require(Self.error("a: 1\nb: 2\na: 3\n"))
        #expect(Self.at(error.location) == "3:1")
        #expect(error.message == "duplicate key 'a' (first defined at line 1, column 1)")
        let flow = try #require(Self.error("{x: 1, \"x\": 2}"))
        #expect(Self.at(flow.location) == "1:8")
    }

    @Test func collectionKeysArePositionedErrors() throws {
        let error = try #require(Self.error("? [a, b]\n: c\n"))
        #expect(Self.at(error.location) == "1:3")
        #expect(error.message.contains("a key must be a scalar"))
    }

    @Test(arguments: [
        ("a: b: c\n", "1:5", "not allowed here"),
        ("a: [1, 2\n", "2:1", "expected ']'"),
        ("a: {b: 1\n", "2:1", "expected ']' or '}'"),
        ("a: 'open\n", "1:4", "unterminated quoted scalar"),
        ("a:\n\t- b\n", "2:2", "tab in the indentation"),
        ("a: 1\n b: 2\n", "2:3", "not allowed here"),
        ("- a\nb: c\n", "2:1", "expected '- '"),
        ("a: \"\\q\"\n", "1:5", "invalid escape"),
        ("a: @b\n", "1:4", "reserved"),
        ("key\nnext: 1\n", "2:5", "is a ':' missing on a line above"),
        ("[a, , b]", "1:5", "expected a value before ','"),
    ])
    func syntaxErrorsSayWhatWasExpectedAndWhere(text: String, position: String, message: String) throws {
        let error = try #require(Self.error(text))
        #expect(Self.at(error.location) == position, "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(error.severity == .error)
    }

    @Test func invalidBytesArePositionedErrors() throws {
        let control = try #require(
            Self.errorOfBytes(Array("a: 1\nb: x".utf8) + [0x01] + Array("y\n".utf8)))
        #expect(Self.at(control.location) == "2:5")
        #expect(control.message.contains("control character 0x1"))
        let utf8 = try #require(Self.errorOfBytes(Array("a: é\nb: ".utf8) + [0xC3, 0x28]))
        #expect(Self.at(utf8.location) == "2:4")
        #expect(utf8.message.contains("invalid UTF-8"))
    }

    static func errorOfBytes(_ bytes: [UInt8]) -> Diagnostic? {
        do {
            _ = try YAMLDocumentParser.parseStream(bytes, file: "spec.yaml")
            return nil
        } catch {
            return error.diagnostic
        }
    }

    // MARK: - Bounds

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let flow = String(repeating: "[", count: 100_000)
        let flowError = try #require(Self.error(flow))
        #expect(flowError.message.contains("nesting deeper than \(YAMLDocumentParser.maxDepth)"))
        let block = String(repeating: "- ", count: 100_000) + "x\n"
        let blockError = try #require(Self.error(block))
        #expect(blockError.message.contains("nesting deeper"))
        let mapping = (0..<300).map { String(repeating: " ", count: $0) + "k\($0):\n" }.joined()
        #expect(Self.error(mapping)?.message.contains("nesting deeper") == true)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(Self.error(fine) == nil)
    }
}
