import Foundation
import Testing

@testable import HTCodegenCore

/// The official YAML test suite (github.com/yaml/yaml-test-suite, branch `data`), read from
/// `$HT_CORPUS/yaml-test-suite/`: one folder per case (or per variant, in sub-folders `00`, `01`, ...)
/// with `in.yaml`, and `in.json` where the YAML has a JSON equivalent, or `error` where it must be
/// rejected.
///
/// - a case with `in.json` must read to values equal to it (one JSON value per document; numbers are
///   compared by value);
/// - a case with `error` must be rejected with an error at a line and column inside the file;
/// - any other case (valid YAML without a JSON equivalent) must be read;
/// - no case may crash or take more than a second (they are a few hundred bytes each; reading one
///   takes well under a millisecond in a debug build).
///
/// A case that fails and is not in ``unsupported`` fails the test.
@Suite("yaml-test-suite conformance")
struct YAMLSuiteTests {
    /// The cases this reader does not read as the suite says, each with the reason; the list can only
    /// shrink. All are valid YAML that no API description uses: specs become a tree with string keys,
    /// so a key that is a collection (or two keys that are both empty) cannot be represented.
    static let unsupported: [String: String] = [
        "2JQS": "two empty (null) keys in one mapping: the tree has string keys, so they are a duplicate key",
        "4FJ6": "a flow sequence as a key: the tree has string keys only",
        "6BFJ": "a flow sequence as a key: the tree has string keys only",
        "6PBE": "a block sequence as an explicit key: the tree has string keys only",
        "9MMW": "a flow mapping as a key: the tree has string keys only",
        "KK5P": "a sequence as an explicit key: the tree has string keys only",
        "LX3P": "a flow sequence as a key: the tree has string keys only",
        "M2N8/00": "a mapping as a key: the tree has string keys only",
        "M2N8/01": "a sequence as a key: the tree has string keys only",
        "M5DY": "a sequence as an explicit key (spec example 2.11): the tree has string keys only",
        "Q9WF": "a flow mapping as a key: the tree has string keys only",
        "RZP5": "a flow sequence as a key: the tree has string keys only",
        "SBG9": "a flow sequence as a key: the tree has string keys only",
        "V9D5": "a mapping as an explicit key: the tree has string keys only",
        "X38W": "a flow sequence as a key: the tree has string keys only",
        "XW4D": "a sequence as an explicit key: the tree has string keys only",
    ]

    /// One case (or variant) of the suite.
    struct Case {
        /// `ABCD` or `ABCD/01`.
        var id: String
        var yaml: [UInt8]
        var json: [UInt8]?
        var isError: Bool
    }

    static func cases(in folder: URL) throws -> [Case] {
        let manager = FileManager.default
        var folders: [(String, URL)] = []
        for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
            let caseFolder = folder.appending(path: name)
            if manager.fileExists(atPath: caseFolder.appending(path: "in.yaml").path) {
                folders.append((name, caseFolder))
                continue
            }
            guard let variants = try? manager.contentsOfDirectory(atPath: caseFolder.path) else { continue }
            for variant in variants.sorted()
            where manager.fileExists(atPath: caseFolder.appending(path: "\(variant)/in.yaml").path) {
                folders.append(("\(name)/\(variant)", caseFolder.appending(path: variant)))
            }
        }
        return try folders.map { id, caseFolder in
            Case(
                id: id, yaml: try [UInt8](Data(contentsOf: caseFolder.appending(path: "in.yaml"))),
                json: (try? Data(contentsOf: caseFolder.appending(path: "in.json"))).map { [UInt8]($0) },
                isError: manager.fileExists(atPath: caseFolder.appending(path: "error").path))
        }
    }

    /// The JSON values of an `in.json`, which holds one per YAML document, one after the other.
    static func jsonValues(_ bytes: [UInt8]) throws(JSONDocumentParser.SyntaxError) -> [JSONNode] {
        var values: [JSONNode] = []
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < bytes.count {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            var depth = 0
            var inString = false
            scan: while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { break scan }
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { break scan }
                default:
                    if depth == 0 && (index >= bytes.count || isSpace(bytes[index])) { break scan }
                }
            }
            values.append(try JSONDocumentParser.parse(Array(bytes[start..<min(index, bytes.count)]), file: "in.json"))
        }
        return values
    }

    /// Equal values, numbers compared by value, objects regardless of the order of their members.
    static func equal(_ lhs: JSONNode.Value, _ rhs: JSONNode.Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.number(let left), .number(let right)):
            return left == right || (Double(left) != nil && Double(left) == Double(right))
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0.value, $1.value) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            let byKey = Dictionary(right.map { ($0.key, $0.value.value) }, uniquingKeysWith: { first, _ in first })
            return left.allSatisfy { member in byKey[member.key].map { equal(member.value.value, $0) } ?? false }
        default: return false
        }
    }

    /// What went wrong with a case, or nil when it passed.
    static func check(_ testCase: Case) -> String? {
        let lines = testCase.yaml.count { $0 == 0x0A } + 1
        do {
            let (documents, _) = try YAMLDocumentParser.parseStream(testCase.yaml, file: "in.yaml")
            if testCase.isError { return "accepted, but the suite says it is an error" }
            guard let json = testCase.json else { return nil }
            let expected: [JSONNode]
            do {
                expected = try jsonValues(json)
            } catch {
                return "in.json unreadable: \(error.diagnostic)"
            }
            guard documents.count == expected.count else {
                return "\(documents.count) documents, in.json has \(expected.count)"
            }
            for (index, (document, value)) in zip(documents, expected).enumerated()
            where !equal(document.value, value.value) {
                return "document \(index + 1) differs: \(document.value) vs \(value.value)"
            }
            return nil
        } catch {
            let location = error.diagnostic.location
            guard testCase.isError else { return "rejected: \(error.diagnostic)" }
            guard location.file == "in.yaml", location.line >= 1, location.line <= lines, location.column >= 1 else {
                return "rejected, but at no position inside the file: \(error.diagnostic)"
            }
            return nil
        }
    }

    @Test(
        "in.json cases read equal, error cases rejected at a position, none slow",
        .enabled(
            if: ProcessInfo.processInfo.environment["HT_CORPUS"] != nil,
            "HT_CORPUS is not set; point it at the shared data folder (with yaml-test-suite/) to run the YAML test suite"
        )
    )
    func conformance() throws {
        let corpus = try #require(ProcessInfo.processInfo.environment["HT_CORPUS"])
        let all = try Self.cases(in: URL(filePath: corpus).appending(path: "yaml-test-suite"))
        #expect(all.count > 350)
        var counts: [String: (passed: Int, failed: Int, skipped: Int)] = [:]
        var unexpected: [String] = []
        var stillUnsupported: Set<String> = []
        let clock = ContinuousClock()
        for testCase in all {
            let kind = testCase.isError ? "error" : testCase.json != nil ? "JSON-equivalent" : "other valid"
            var count = counts[kind] ?? (0, 0, 0)
            let start = clock.now
            var failure = Self.check(testCase)
            let elapsed = clock.now - start
            if elapsed > .seconds(1) { failure = (failure.map { $0 + "; " } ?? "") + "took \(elapsed)" }
            if let failure {
                if Self.unsupported[testCase.id] != nil {
                    count.skipped += 1
                    stillUnsupported.insert(testCase.id)
                } else {
                    count.failed += 1
                    unexpected.append("\(testCase.id): \(failure)")
                }
            } else {
                count.passed += 1
            }
            counts[kind] = count
        }
        for (kind, count) in counts.sorted(by: { $0.key < $1.key }) {
            print("yaml-test-suite \(kind): \(count.passed) passed, \(count.failed) failed, \(count.skipped) skipped")
        }
        #expect(unexpected.isEmpty, "\(unexpected.count) cases failed:\n\(unexpected.joined(separator: "\n"))")
        let nowSupported = Set(Self.unsupported.keys).subtracting(stillUnsupported)
        #expect(nowSupported.isEmpty, "now supported, remove from the list: \(nowSupported.sorted())")
    }
}
