import Foundation
import Testing

/// Every generated model in the goldens is immutable: the class stores one `let` (its storage) and no
/// `var`, and nothing in it takes a lock.
@Suite struct ImmutableModelShapeTests {
    @Test func generatedModelsStoreOneLetAndNoVar() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: GoldenTests.goldensDirectory.path)
            .filter { $0.contains("+Models") && $0.hasSuffix(".swift") }
        #expect(files.count >= 10)
        var classes = 0
        for file in files {
            let text = try String(contentsOf: GoldenTests.goldensDirectory.appending(path: file), encoding: .utf8)
            #expect(!text.contains("Lock"), "\(file)")
            // Members of a model class are indented by four spaces; the storage's fields by eight.
            var inClass = false
            var stored: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.contains("final class ") && line.contains("HTModelMappable") {
                    inClass = true
                    classes += 1
                    stored = []
                    continue
                }
                guard inClass else { continue }
                if line == "}" {
                    #expect(stored == ["htStorage"], "\(file): stored properties \(stored)")
                    inClass = false
                    continue
                }
                let member = line.hasPrefix("    ") && !line.hasPrefix("     ") ? line.dropFirst(4) : ""
                let words = member.split(separator: " ")
                if let index = words.firstIndex(where: { $0 == "var" || $0 == "let" }),
                    !words[..<index].contains("static"), index + 1 < words.count
                {
                    #expect(words[index] == "let", "\(file): \(line)")
                    stored.append(String(words[index + 1].dropLast()))  // "htStorage:" → "htStorage"
                }
            }
        }
        #expect(classes >= 20)
    }
}
