import Foundation
import HTModel
import Testing

/// Deterministic, bounded fuzzing of object mapping: valid JSON of the wrong shape (values of every kind
/// in every place, keys renamed, removed and repeated) and byte-level damage of the serialized text,
/// mapped into models. Every input must give a value or an error; beyond not crashing or hanging:
///
/// - lenient mapping of an object never throws, and strict mapping throws exactly when lenient mapping
///   reported something;
/// - whatever a model holds, it writes valid JSON that maps back to a model writing the same bytes.
///
/// Up to 100,000 mutations, stopped early after a time budget (a few seconds in debug builds). The
/// payloads of `$HT_CORPUS/json/payloads` join the built-in fixtures when that variable is set.
@Suite("Mapping fuzzing")
struct MappingFuzzTests {
    static let fixtures: [String] = [
        MappingEngineTests.tweet,
        #"{"foo_bar": "a", "USER_ID": 5, "child": {"fooBar": "b", "children": [{"score": 1.5}]}, "children": []}"#,
        #"{"articles": [{"id": 1, "title": "t", "author": {"id": 2, "email": "e"}, "comments": [{"id": 3, "text": "c"}]}], "total": 1}"#,
        #"{"int": "42", "int64": 4900111000, "double": "1234.54", "bool": "yes", "string": 7, "url": "https://x.y/z", "date": 1700000000000, "json": {"any": [1]}, "state": "active", "states": ["suspended", 1], "numbers": [1, "2", 3.0]}"#,
    ]

    /// The fixtures and, when the corpus is available, objects from the payload files.
    static func documents() -> [HTJSON] {
        var documents = fixtures.compactMap { try? HTJSON(parsing: $0) }
        guard let root = ProcessInfo.processInfo.environment["HT_CORPUS"], !root.isEmpty else { return documents }
        let directory = URL(fileURLWithPath: root).appendingPathComponent("json/payloads")
        for name in ["weibo.json", "github-user.json", "twitter.json", "citm_catalog.json"] {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                let json = try? HTJSON(parsing: data)
            else { continue }
            switch name {
            case "twitter.json":
                // The statuses one by one: the whole document is too large to mutate 100,000 times.
                documents += (json["statuses"]?.arrayValue ?? []).prefix(20)
            case "citm_catalog.json":
                documents += (json["performances"]?.arrayValue ?? []).prefix(20)
            default:
                documents.append(json)
            }
        }
        return documents
    }

    @Test("mutated documents map to a value or an error, and what maps writes back consistently")
    func fuzzMapping() async throws {
        let documents = Self.documents()
        try #require(!documents.isEmpty)
        var random = SplitMix64(seed: 0x5EED_3A9)
        let clock = ContinuousClock()
        let start = clock.now
        #if DEBUG
            let budget = Duration.seconds(4)
        #else
            let budget = Duration.seconds(15)
        #endif
        var iterations = 0
        var mapped = 0
        var reported = 0
        // At least 1,000 mutations whatever the clock says (a parallel run may keep this task waiting
        // after a yield), then as many as the time budget allows.
        while iterations < 100_000 && (iterations < 1_000 || clock.now - start < budget) {
            // Let the other suites' tasks run (two cooperative threads on two cores).
            if iterations % 256 == 255 { await Task.yield() }
            iterations += 1
            var json = documents[random.below(documents.count)]
            for _ in 0...random.below(3) {
                json = Self.mutate(json, random: &random, depth: 0)
            }
            let options = HTMappingOptions(implicitKeyMatching: random.below(4) != 0)
            switch random.below(4) {
            case 0: reported += try Self.check(HTTweet.self, json, options: options, mapped: &mapped)
            case 1: reported += try Self.check(HTImplicitModel.self, json, options: options, mapped: &mapped)
            case 2: reported += try Self.check(HTFeed.self, json, options: options, mapped: &mapped)
            default: reported += try Self.check(HTScalars.self, json, options: options, mapped: &mapped)
            }
            if random.below(8) == 0 {
                // Damage the bytes: whatever still parses must map.
                var bytes = HTJSONSerializer().serialize(json)
                Self.damage(&bytes, random: &random)
                if let parsed = try? HTJSONParser().parse(bytes) {
                    reported += try Self.check(HTTweet.self, parsed, options: options, mapped: &mapped)
                }
            }
        }
        #expect(iterations > 100)
        // The mutations do reach the mapper: most documents map, and many report something.
        #expect(mapped > iterations / 2)
        #expect(reported > iterations / 50)
    }

    /// Maps `json` into `Model` leniently and strictly and checks the properties above; returns 1 when
    /// lenient mapping reported something.
    static func check<Model: HTModelMappable>(
        _ type: Model.Type, _ json: HTJSON, options: HTMappingOptions, mapped: inout Int
    ) throws -> Int {
        guard case .object = json else {
            #expect(throws: HTMappingError.self) { _ = try Model(json: json, options: options) }
            return 0
        }
        let (model, diagnostics) = try Model.htMapped(from: json, options: options)
        mapped += 1
        var strict = options
        strict.strict = true
        var strictFailed = false
        do {
            _ = try Model(json: json, options: strict)
        } catch {
            strictFailed = true
            #expect(
                error
                    == HTMappingError(
                        path: diagnostics.first?.path ?? HTJSONPath(), message: diagnostics.first?.message ?? ""))
        }
        #expect(strictFailed == !diagnostics.isEmpty)

        let bytes = model.htJSONData()
        let reparsed = try HTJSONParser().parse(Array(bytes))
        #expect(bytes == model.htJSON.serializedData())
        let again = try Model(json: reparsed)
        #expect(again.htJSONData() == bytes)
        return diagnostics.isEmpty ? 0 : 1
    }

    /// A random JSON value, small.
    static func randomValue(random: inout SplitMix64, depth: Int) -> HTJSON {
        switch random.below(depth > 2 ? 9 : 11) {
        case 0: return .null
        case 1: return .bool(random.below(2) == 0)
        case 2: return .integer(Int64(bitPattern: random.next()) >> Int64(random.below(64)))
        case 3: return .double([0.5, -0, 1e300, -1e-300, 3.0, 1e15, 123.456][random.below(7)])
        case 4:
            return .string(
                [
                    "", "42", "-7", "1234.54", "yes", "NO", "1", "true", "x", "2024-03-01T12:30:00Z",
                    "1700000000", "https://example.com", "é\u{0}\"\\", "9223372036854775808", "1e400",
                ][random.below(15)])
        case 5: return .integer([0, 1, -1, Int64.max, Int64.min, 100_000_000_001, 1_700_000_000][random.below(7)])
        case 6: return .double(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF))
        case 7: return .string(String(repeating: "ab", count: random.below(20)))
        case 8: return .double(-1e18)
        case 9: return .array((0..<random.below(4)).map { _ in randomValue(random: &random, depth: depth + 1) })
        default:
            var object = HTJSONObject()
            for _ in 0..<random.below(4) {
                object.append(randomKey(random: &random), randomValue(random: &random, depth: depth + 1))
            }
            return .object(object)
        }
    }

    static func randomKey(random: inout SplitMix64) -> String {
        [
            "id", "text", "user", "name", "children", "child", "fooBar", "foo_bar", "FOO-BAR", "articles", "comments",
            "author", "coordinates", "replies", "retweeted_status", "entities", "date", "numbers", "states", "", "é",
        ][random.below(21)]
    }

    /// `json` with one random change somewhere inside it.
    static func mutate(_ json: HTJSON, random: inout SplitMix64, depth: Int) -> HTJSON {
        switch json {
        case .object(var object) where !object.members.isEmpty && random.below(3) != 0:
            let index = random.below(object.members.count)
            switch random.below(6) {
            case 0:
                object.members.remove(at: index)
            case 1:
                object.members.append(object.members[index])
            case 2:
                let key = object.members[index].key
                let renamed = [
                    key.uppercased(), key.lowercased(), "_" + key, key.replacingOccurrences(of: "_", with: "-"),
                    randomKey(random: &random),
                ][random.below(5)]
                object.members[index].key = renamed
            default:
                object.members[index].value = mutate(object.members[index].value, random: &random, depth: depth + 1)
            }
            return .object(object)
        case .array(var elements) where !elements.isEmpty && random.below(3) != 0:
            let index = random.below(elements.count)
            if random.below(5) == 0 {
                elements.remove(at: index)
            } else {
                elements[index] = mutate(elements[index], random: &random, depth: depth + 1)
            }
            return .array(elements)
        default:
            switch random.below(5) {
            case 0: return .array([json])
            case 1: return ["nested": json]
            default: return randomValue(random: &random, depth: depth)
            }
        }
    }

    /// Flips, inserts, deletes or truncates a few bytes.
    static func damage(_ bytes: inout [UInt8], random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let specials: [UInt8] = Array(#"{}[]:,"\ 0-9eE.tfn"#.utf8) + [0x00, 0x80, 0xFF]
        for _ in 0...random.below(3) {
            let index = random.below(bytes.count)
            switch random.below(4) {
            case 0: bytes[index] = specials[random.below(specials.count)]
            case 1: bytes.insert(specials[random.below(specials.count)], at: index)
            case 2: bytes.remove(at: index)
            default: bytes.removeSubrange(index...)
            }
            if bytes.isEmpty { return }
        }
    }
}
