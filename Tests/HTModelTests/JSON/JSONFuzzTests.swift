import Foundation
import HTModel
import Testing

/// A small, fast, seedable pseudo-random generator (Steele, Lea and Flood's SplitMix64), so the fuzz
/// tests are deterministic.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Deterministic, bounded fuzzing of the parser and serializer: every input must give a value or an
/// error (no crash, no hang), errors must point inside the input, and every accepted value must
/// survive serialize → parse unchanged.
@Suite("JSON fuzzing")
struct JSONFuzzTests {
    static let fixtures: [String] = [
        #"{"id": 1, "name": "Ada", "tags": ["a", "b"], "ok": true, "none": null, "score": -12.5e-3}"#,
        #"[1, 2.0, -3e10, 0, -0, 1E+2, 123456789012345678901, 9223372036854775807, -9223372036854775808]"#,
        #"{"text": "line\nbreak \"quoted\" \\ \/ \u00e9\ud83d\ude00 tab\t", "日本": "語", "é": "ü"}"#,
        #"{"a": {"b": {"c": {"d": [[[[{"e": []}]]]]}}}, "f": [{}, {}, []]}"#,
        "[\n  {\n    \"key\": \"value\",\n    \"n\": 3.14159\n  },\n  \"\u{1F600}\"\n]",
        #""just a string with some length to it, and an escape: \u0041""#,
        "true", "null", "-0.000001", "[]", "{}",
        #"{"dup": 1, "dup": [true, false], "long_key_name_longer_than_sixteen": "long value longer than sixteen"}"#,
    ]

    /// Bytes that steer mutations towards interesting places in the grammar.
    static let interesting: [UInt8] =
        Array("{}[]\":,\\/-+.eE0123456789 \n\tutfnlrsabx".utf8)
        + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]

    static func mutate(_ input: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0...random.below(3) {
            switch random.below(7) {
            case 0 where !bytes.isEmpty:  // replace a byte
                bytes[random.below(bytes.count)] = interesting[random.below(interesting.count)]
            case 1 where !bytes.isEmpty:  // flip a bit
                bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
            case 2:  // insert a byte
                bytes.insert(interesting[random.below(interesting.count)], at: random.below(bytes.count + 1))
            case 3 where !bytes.isEmpty:  // delete a range
                let start = random.below(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(8)))
            case 4 where !bytes.isEmpty:  // duplicate a range
                let start = random.below(bytes.count)
                let range = start..<min(bytes.count, start + 1 + random.below(16))
                bytes.insert(contentsOf: bytes[range], at: random.below(bytes.count + 1))
            case 5 where !bytes.isEmpty:  // truncate
                bytes.removeLast(random.below(bytes.count) + 1)
            default:  // insert a random byte
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(bytes.count + 1))
            }
        }
        return bytes
    }

    /// Parses `bytes`; checks the error's location or the value's round trip. Returns whether it parsed.
    @discardableResult
    static func check(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        // Parse from a buffer of exactly the input's size, so that a read past its end is caught by
        // the address sanitizer (an array may have spare capacity after its last element).
        let exact = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { exact.deallocate() }
        exact.copyBytes(from: bytes)
        do {
            let value = try HTJSONParser().parse(UnsafeRawBufferPointer(exact))
            let serialized = HTJSONSerializer().serialize(value)
            let again = try? HTJSONParser().parse(serialized)
            #expect(again == value.wholeDoublesAsIntegers, "round trip of \(bytes)", sourceLocation: sourceLocation)
            return true
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count, sourceLocation: sourceLocation)
            #expect(error.line >= 1 && error.column >= 1, sourceLocation: sourceLocation)
            return false
        }
    }

    @Test("20,000 mutations of small fixtures", .timeLimit(.minutes(3)))
    func smallFixtures() async {
        var random = SplitMix64(seed: 0xF00D)
        let fixtures = Self.fixtures.map { Array($0.utf8) }
        var accepted = 0
        for fixture in fixtures {
            #expect(Self.check(fixture), "fixture \(String(decoding: fixture, as: UTF8.self))")
        }
        for round in 0..<20_000 {
            // Let the other suites' tasks run (two cooperative threads on two cores).
            if round % 256 == 0 { await Task.yield() }
            let input = Self.mutate(fixtures[round % fixtures.count], &random)
            if Self.check(input) { accepted += 1 }
        }
        // Many mutations keep the input valid; many do not. Both paths must have been exercised.
        #expect(accepted > 1_000 && accepted < 19_000)
    }

    @Test("random values survive serialize → parse in every output style", .timeLimit(.minutes(3)))
    func randomValues() throws {
        var random = SplitMix64(seed: 0xBEEF)
        func randomString() -> String {
            let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "é", "日本", "😀", "\u{FFFF}", "key"]
            return (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
        }
        func randomValue(depth: Int) -> HTJSON {
            switch random.below(depth > 4 ? 6 : 8) {
            case 0: return .null
            case 1: return .bool(random.below(2) == 0)
            case 2: return .integer(Int64(bitPattern: random.next()) >> Int64(random.below(64)))
            case 3:
                let value = Double(bitPattern: random.next())
                return .double(value.isFinite ? value : Double(random.below(1000)) / 7)
            case 4, 5: return .string(randomString())
            case 6: return .array((0..<random.below(6)).map { _ in randomValue(depth: depth + 1) })
            default:
                return .object(
                    HTJSONObject(
                        members: (0..<random.below(6)).map { _ in
                            .init(key: randomString(), value: randomValue(depth: depth + 1))
                        }))
            }
        }
        for _ in 0..<2_000 {
            let value = randomValue(depth: 0)
            for options: HTJSONSerializer.Options in [[], .prettyPrinted, .escapingSlashes] {
                let text = HTJSONSerializer(options: options).serialize(value)
                #expect(try HTJSONParser().parse(text) == value.wholeDoublesAsIntegers)
            }
            // Writing what was read gives the same value, and from then on the same bytes (a double of
            // 16 or 17 digits is read as its exact digits, which may be written in another notation).
            let sorted = HTJSONSerializer(options: .sortedKeys).serialize(value)
            let reparsed = try HTJSONParser().parse(sorted)
            let again = HTJSONSerializer(options: .sortedKeys).serialize(reparsed)
            #expect(try HTJSONParser().parse(again) == reparsed)
            #expect(HTJSONSerializer(options: .sortedKeys).serialize(try HTJSONParser().parse(again)) == again)
        }
    }

    @Test(
        "payload files: whole, mutated, and mutated slices",
        .enabled(
            if: ProcessInfo.processInfo.environment["HT_CORPUS"] != nil,
            "HT_CORPUS is not set; point it at the shared data folder (with json/payloads/) to fuzz the payload files"
        ),
        .timeLimit(.minutes(3))
    )
    func payloads() async throws {
        let corpus = try #require(ProcessInfo.processInfo.environment["HT_CORPUS"])
        let folder = URL(fileURLWithPath: corpus).appendingPathComponent("json/payloads")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(!names.isEmpty)
        var random = SplitMix64(seed: 0xCAFE)
        for name in names {
            await Task.yield()
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(Self.check(bytes), "\(name) parses and round-trips")
            if bytes.count <= 32 * 1024 {
                // Small files: mutate the whole file.
                for _ in 0..<150 { Self.check(Self.mutate(bytes, &random)) }
            } else {
                // Large files: a few whole-file mutations, then mutated slices.
                for _ in 0..<3 { Self.check(Self.mutate(bytes, &random)) }
            }
            for _ in 0..<300 {
                let start = random.below(bytes.count)
                let slice = Array(bytes[start..<min(bytes.count, start + 1 + random.below(4096))])
                Self.check(Self.mutate(slice, &random))
            }
        }
    }
}
