import Foundation
import Testing

@testable import HTCodegenCore

/// Deterministic, bounded fuzzing of the whole generator (parse → resolve → render): every mutated spec
/// must give generated files or diagnostics that each carry a real position, and never a crash or hang.
///
/// The number of mutations is `HT_FUZZ_ITERATIONS` (default 2,000; CI runs 20,000). The seeds are the
/// demo spec, the rule specs, and, when `HT_CORPUS` is set, both NEI exports.
@Suite struct GeneratorFuzzTests {
    /// SplitMix64: a small, fast, well-mixed generator with a fixed seed, so every run fuzzes the same inputs.
    struct SplitMix64 {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int {
            bound <= 0 ? 0 : Int(next() % UInt64(bound))
        }
    }

    static var iterations: Int {
        ProcessInfo.processInfo.environment["HT_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 20_000
    }

    static func seeds() throws -> [[UInt8]] {
        let package = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files = [package.appending(path: "Specs/demo.htspec.json")]
        let rules = package.appending(path: "Tests/HTGeneratedClientTests/Specs")
        files += try FileManager.default.contentsOfDirectory(at: rules, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".htspec.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        if let corpus = ProcessInfo.processInfo.environment["HT_CORPUS"] {
            files.append(URL(filePath: corpus).appending(path: "nei/heartouch-v0-export.json"))
            files.append(URL(filePath: corpus).appending(path: "nei/nei-v3-export.json"))
        }
        return try files.map { try [UInt8](Data(contentsOf: $0)) }
    }

    /// Tokens that make mutations reach past the JSON syntax into the spec's meaning.
    static let tokens: [[UInt8]] = [
        "{", "}", "[", "]", ":", ",", "\"", "\\", "null", "true", "0", "-1", "1e999", "\"Nope\"", "\"Variable\"",
        "\"[String]\"", "\"Array<\"", "\"class\"", "\"description\"", "\"GET\"", "\"FETCH\"", "\"/a/:id\"",
        "\"import\"", "\"bind\"", "\"名字\"", "\"\\u0000\"", "\"\\ud800\"", "\"*/\"", "\"\\\"\\\"\\\"\"", "\n", " ",
        "\u{FEFF}", "\u{2028}",
    ].map { Array($0.utf8) }

    static func mutate(_ input: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        if random.below(2) == 0 {
            replaceStringContents(&bytes, &random)
            return bytes
        }
        let rounds = 1 + random.below(3)
        for _ in 0..<rounds {
            let position = random.below(bytes.count + 1)
            switch random.below(6) {
            case 0 where !bytes.isEmpty:  // overwrite a byte
                bytes[min(position, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
            case 1 where !bytes.isEmpty:  // delete a range
                let length = min(1 + random.below(16), bytes.count - min(position, bytes.count - 1))
                let start = min(position, bytes.count - 1)
                bytes.removeSubrange(start..<(start + length))
            case 2:  // insert a token
                bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: position)
            case 3 where !bytes.isEmpty:  // duplicate a range elsewhere
                let start = random.below(bytes.count)
                let end = min(bytes.count, start + 1 + random.below(64))
                bytes.insert(contentsOf: bytes[start..<end], at: random.below(bytes.count + 1))
            case 4:  // truncate
                bytes.removeSubrange(min(position, bytes.count)...)
            default:
                replaceStringContents(&bytes, &random)
            }
        }
        return bytes
    }

    /// Words that are meaningful inside a spec's strings: type names, methods, paths, keys.
    static let words: [[UInt8]] = [
        "", "Nope", "String", "Number", "Integer", "Boolean", "Variable", "[String]", "[[Nope]]", "Array<", "class",
        "description", "self", "Type", "GET", "FETCH", "/a/:id", "/a/{b}", "http://h/x", "import", "bind", "fields",
        "enum", "array", "名字", "*/", "\\", "\\n", "\\u0041", "Photo", "User", "ResultData", "result", "data",
        "Content-Type", "x-y-z", "2fa", "a b", "10000", "-1",
    ].map { Array($0.utf8) }

    /// Replaces the contents of a random string literal (a key or a value) with a meaningful word,
    /// keeping the JSON valid.
    static func replaceStringContents(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        let start = random.below(bytes.count + 1)
        guard let quote = bytes[min(start, bytes.count)...].firstIndex(of: UInt8(ascii: "\"")),
            let close = bytes[(quote + 1)...].firstIndex(of: UInt8(ascii: "\""))
        else { return }
        bytes.replaceSubrange((quote + 1)..<close, with: words[random.below(words.count)])
    }

    @Test func mutatedSpecsNeverCrashAndEveryErrorHasAPosition() async throws {
        let seeds = try Self.seeds()
        var random = SplitMix64(state: 0x4854_6E65_7477_6B21)
        var generated = 0
        var rejected = 0
        for iteration in 0..<Self.iterations {
            // Let the other suites' tasks run: on two cores a long synchronous loop holds one of the
            // cooperative pool's two threads.
            if iteration % 256 == 0 { await Task.yield() }
            let seed = seeds[iteration % seeds.count]
            let input = Self.mutate(seed, &random)
            let lineCount = input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            do {
                let (files, warnings) = try Generator.generate(
                    specBytes: input, file: "fuzz.htspec.json", config: GeneratorConfig())
                generated += 1
                #expect(files.contents.count == 3)
                for diagnostic in warnings {
                    #expect(diagnostic.location.file == "fuzz.htspec.json")
                    #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount)
                    #expect(diagnostic.location.column >= 1)
                }
            } catch {
                rejected += 1
                #expect(!error.diagnostics.isEmpty, "a failure without a diagnostic (iteration \(iteration))")
                for diagnostic in error.diagnostics {
                    #expect(diagnostic.location.file == "fuzz.htspec.json")
                    #expect(
                        diagnostic.location.line >= 1 && diagnostic.location.line <= lineCount,
                        "iteration \(iteration): \(diagnostic)")
                    #expect(diagnostic.location.column >= 1, "iteration \(iteration): \(diagnostic)")
                }
            }
        }
        print(
            "generator fuzzing: \(Self.iterations) mutations of \(seeds.count) seeds: \(generated) generated, \(rejected) rejected with positioned diagnostics"
        )
        #expect(generated + rejected == Self.iterations)
        #expect(generated > 0, "no mutation survived; the mutations are too destructive to reach the resolver")
    }
}
