import Foundation
import HTModel

/// Runs every measurement and collects the figures.
struct BenchRunner {
    let corpus: URL
    let clock: BenchClock
    let log: Bool

    /// The physical reference for parsing alone: simdjson and yyjson on one core.
    static let referenceParseMBps = 2000.0

    func run() throws -> BenchReport {
        var report = BenchReport(corpus: corpus.path)
        try document("twitter", HTTwitterSearch.self, CodableTwitterSearch.self, decodeTarget: 2.5, into: &report)
        try document("citm_catalog", HTCitmCatalog.self, CodableCitmCatalog.self, decodeTarget: 2, into: &report)
        try document(
            "canada", HTCanadaFeatureCollection.self, CodableCanadaFeatureCollection.self, decodeTarget: 3,
            into: &report)
        try perObject("weibo", HTWeiboStatus.self, CodableWeiboStatus.self, into: &report)
        try perObject("github-user", HTGithubUser.self, CodableGithubUser.self, into: &report)
        return report
    }

    private func note(_ text: String) {
        if log { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }

    /// A whole document: parsing alone, parse + map against JSONDecoder, models → bytes against
    /// JSONEncoder, and the cost of implicit key matching.
    private func document<Model: HTModelMappable, Baseline: Codable>(
        _ name: String, _ model: Model.Type, _ baseline: Baseline.Type, decodeTarget: Double,
        into report: inout BenchReport
    ) throws {
        let data = try BenchCorpus.load(name + ".json", in: corpus)
        let megabytes = Double(data.count) / 1_000_000
        note("\(name).json (\(data.count) bytes)")

        // The same bytes as an array, so that no measurement pays for a `Data` bridge the other does not.
        let parser = HTJSONParser()
        let parseSeconds = try clock.seconds { blackHole(try parser.parse(data)) }

        let decoder = JSONDecoder()
        let lenient = HTMappingOptions.lenient
        let (mapSeconds, decoderSeconds) = try clock.compare(
            { blackHole(try Model(jsonData: data, options: lenient)) },
            { blackHole(try decoder.decode(Baseline.self, from: data)) })

        let value = try Model(jsonData: data)
        let codable = try decoder.decode(Baseline.self, from: data)
        let encoder = JSONEncoder()
        let ours = value.htJSONData()
        let theirs = try encoder.encode(codable)
        let (encodeSeconds, encoderSeconds) = try clock.compare(
            { blackHole(value.htJSONData()) },
            { blackHole(try encoder.encode(codable)) })

        // Implicit matching on (the default) and off, on a document whose keys all match exactly.
        let json = try parser.parse(data)
        let implicitOn = HTMappingOptions(strict: false, implicitKeyMatching: true)
        let implicitOff = HTMappingOptions(strict: false, implicitKeyMatching: false)
        let (onSeconds, offSeconds) = try clock.compare(
            { blackHole(try Model(json: json, options: implicitOn)) },
            { blackHole(try Model(json: json, options: implicitOff)) })

        var entry = BenchReport.Document(name: name, bytes: data.count)
        entry.parseMBps = megabytes / parseSeconds
        entry.mapMBps = megabytes / mapSeconds
        entry.decoderMBps = megabytes / decoderSeconds
        entry.decodeTarget = decodeTarget
        entry.encodeMBps = Double(ours.count) / 1_000_000 / encodeSeconds
        entry.encoderMBps = Double(theirs.count) / 1_000_000 / encoderSeconds
        entry.encodeSpeedup = encoderSeconds / encodeSeconds
        entry.encodedBytes = ours.count
        entry.encoderBytes = theirs.count
        entry.implicitOnMilliseconds = onSeconds * 1000
        entry.implicitOffMilliseconds = offSeconds * 1000
        report.documents.append(entry)
        note(entry.summary)
    }

    /// One small object (YYModel's benchmark): time per object.
    private func perObject<Model: HTModelMappable, Baseline: Codable>(
        _ name: String, _ model: Model.Type, _ baseline: Baseline.Type, into report: inout BenchReport
    ) throws {
        let data = try BenchCorpus.load(name + ".json", in: corpus)
        note("\(name).json (\(data.count) bytes), per object")
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let (mapSeconds, decoderSeconds) = try clock.compare(
            { blackHole(try Model(jsonData: data)) },
            { blackHole(try decoder.decode(Baseline.self, from: data)) })
        let json = try HTJSONParser().parse(data)
        let mapOnlySeconds = try clock.seconds { blackHole(try Model(json: json)) }
        let value = try Model(json: json)
        let codable = try decoder.decode(Baseline.self, from: data)
        let (encodeSeconds, encoderSeconds) = try clock.compare(
            { blackHole(value.htJSONData()) },
            { blackHole(try encoder.encode(codable)) })
        var entry = BenchReport.PerObject(name: name, bytes: data.count)
        entry.parseMapMicroseconds = mapSeconds * 1e6
        entry.mapOnlyMicroseconds = mapOnlySeconds * 1e6
        entry.decoderMicroseconds = decoderSeconds * 1e6
        entry.encodeMicroseconds = encodeSeconds * 1e6
        entry.encoderMicroseconds = encoderSeconds * 1e6
        report.objects.append(entry)
        note(entry.summary)
    }
}
