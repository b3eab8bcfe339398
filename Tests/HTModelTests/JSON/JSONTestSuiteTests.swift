import Foundation
import HTModel
import Testing

/// The JSONTestSuite corpus (github.com/nst/JSONTestSuite `test_parsing`), read from
/// `$HT_CORPUS/json/jsontestsuite/`: `y_` cases must parse, `n_` cases must be rejected, `i_` cases
/// may go either way but must not crash or hang.
@Suite("JSONTestSuite conformance")
struct JSONTestSuiteTests {
    static let corpus = ProcessInfo.processInfo.environment["HT_CORPUS"]

    private struct Case {
        var name: String
        var bytes: [UInt8]
    }

    private func cases() throws -> [Case] {
        let folder = URL(fileURLWithPath: try #require(Self.corpus)).appendingPathComponent("json/jsontestsuite")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.map { name in
            Case(name: name, bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test(
        "y_ accepted, n_ rejected with a located error, i_ handled",
        .enabled(
            if: ProcessInfo.processInfo.environment["HT_CORPUS"] != nil,
            "HT_CORPUS is not set; point it at the shared data folder (with json/jsontestsuite/) to run the JSONTestSuite corpus"
        )
    )
    func conformance() throws {
        let all = try cases()
        #expect(all.count > 300)
        let parser = HTJSONParser()
        var yes = (accepted: 0, total: 0)
        var no = (rejected: 0, total: 0)
        var implementationDefined = (accepted: [String](), rejected: [String]())
        for testCase in all {
            let result: Result<HTJSON, HTJSONParseError> = Result { () throws(HTJSONParseError) -> HTJSON in
                try parser.parse(testCase.bytes)
            }
            switch testCase.name.prefix(2) {
            case "y_":
                yes.total += 1
                switch result {
                case .success(let value):
                    yes.accepted += 1
                    // Whatever is accepted survives a round trip (whole doubles come back as integers).
                    #expect(
                        try HTJSON(parsing: value.serializedData()) == value.wholeDoublesAsIntegers, "\(testCase.name)")
                case .failure(let error):
                    Issue.record("\(testCase.name) was rejected: \(error)")
                }
            case "n_":
                no.total += 1
                switch result {
                case .success(let value):
                    Issue.record("\(testCase.name) was accepted as \(value)")
                case .failure(let error):
                    no.rejected += 1
                    #expect(error.offset >= 0 && error.offset <= testCase.bytes.count, "\(testCase.name)")
                    #expect(error.line >= 1 && error.column >= 1, "\(testCase.name)")
                }
            case "i_":
                switch result {
                case .success: implementationDefined.accepted.append(testCase.name)
                case .failure(let error): implementationDefined.rejected.append("\(testCase.name) (\(error.reason))")
                }
            default:
                break
            }
        }
        #expect(yes.total > 90 && yes.accepted == yes.total)
        #expect(no.total > 180 && no.rejected == no.total)
        print(
            """
            JSONTestSuite: y_ accepted \(yes.accepted)/\(yes.total), n_ rejected \(no.rejected)/\(no.total), \
            i_ accepted \(implementationDefined.accepted.count), rejected \(implementationDefined.rejected.count)
              i_ accepted: \(implementationDefined.accepted.joined(separator: ", "))
              i_ rejected: \(implementationDefined.rejected.joined(separator: ", "))
            """)
    }
}
