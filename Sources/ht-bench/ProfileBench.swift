import Foundation
import HTModel

/// `--profile NAME[:parse|:map|:decoder]`: only our side of one document (twitter, citm_catalog or
/// canada), a fixed number of times, with no baseline and no timing, so that a profiler (`valgrind
/// --tool=callgrind`, `perf record`) sees nothing else. `parse` parses only; `map` parses once and
/// maps the parsed value each time; neither parses and maps, as the benchmark's "parse + map" does;
/// `decoder` runs the baseline, JSONDecoder, instead (to compare instruction counts).
enum ProfileBench {
    static func run(_ argument: String, corpus: URL, iterations: Int) throws {
        let parts = argument.split(separator: ":", maxSplits: 1).map(String.init)
        let name = parts[0]
        let phase = parts.count > 1 ? parts[1] : "both"
        switch name {
        case "twitter": try run(HTTwitterSearch.self, CodableTwitterSearch.self, name, phase, corpus, iterations)
        case "citm_catalog": try run(HTCitmCatalog.self, CodableCitmCatalog.self, name, phase, corpus, iterations)
        case "canada":
            try run(
                HTCanadaFeatureCollection.self, CodableCanadaFeatureCollection.self, name, phase, corpus, iterations)
        default: throw BenchFailure("--profile: no document named '\(name)'")
        }
    }

    private static func run<Model: HTModelMappable, Baseline: Decodable>(
        _ model: Model.Type, _ baseline: Baseline.Type, _ name: String, _ phase: String, _ corpus: URL,
        _ iterations: Int
    ) throws {
        let data = try BenchCorpus.load(name + ".json", in: corpus)
        let parser = HTJSONParser()
        switch phase {
        case "parse":
            for _ in 0..<iterations { blackHole(try parser.parse(data)) }
        case "map":
            let json = try parser.parse(data)
            for _ in 0..<iterations { blackHole(try Model(json: json)) }
        case "both":
            for _ in 0..<iterations { blackHole(try Model(jsonData: data)) }
        case "decoder":
            let decoder = JSONDecoder()
            for _ in 0..<iterations { blackHole(try decoder.decode(Baseline.self, from: data)) }
        default:
            throw BenchFailure("--profile: the phase is parse, map, decoder or nothing, not '\(phase)'")
        }
    }
}
