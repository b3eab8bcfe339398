// ht-bench: the mapping engine against Foundation's JSONDecoder and JSONEncoder, in one process, on the
// same bytes. Usage: swift run -c release ht-bench [--json] [--corpus DIR] [--quick] [--client | --cache | --freeze
// | --retry-storm [SECONDS] | --stream | --cache-hits N | --token-cache-hits N
// | --mock-sends N [--unshared] [--token provider|block]] [--profile NAME[:parse|:map|:decoder] [--iterations N]]
import Foundation
import HTModel

let arguments = Array(CommandLine.arguments.dropFirst())
var printJSON = false
var quick = false
var corpusOverride: String?
var profile: String?
var iterations = 20
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--json":
        printJSON = true
    case "--quick":
        quick = true
    case "--client":
        BenchMode.runAndExit("--client", ClientBench.run)
    case "--cache":
        BenchMode.runAndExit("--cache", CacheBench.run)
    case "--freeze":
        BenchMode.runAndExit("--freeze", FreezeBench.run)
    case "--retry-storm":
        let seconds = index + 1 < arguments.count ? Double(arguments[index + 1]) ?? 10 : 10
        BenchMode.runAndExit("--retry-storm") { try await RetryStormBench.run(seconds: seconds) }
    case "--stream":
        BenchMode.runAndExit("--stream", StreamBench.run)
    case "--cache-hits", "--token-cache-hits":
        let mode = arguments[index]
        let count = index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
        guard let count, count >= 0 else {
            FileHandle.standardError.write(Data("ht-bench: \(mode) needs a count\n".utf8))
            exit(2)
        }
        BenchMode.runAndExit(mode) {
            try await CacheHitProfile.run(count: count, tokenInterceptor: mode == "--token-cache-hits")
        }
    case "--mock-sends":
        let count = index + 1 < arguments.count ? Int(arguments[index + 1]) : nil
        guard let count, count >= 0 else {
            FileHandle.standardError.write(Data("ht-bench: --mock-sends needs a count\n".utf8))
            exit(2)
        }
        // Variants: `--unshared`, `--token provider|block` (see MockSendProfile).
        let rest = arguments[(index + 2)...]
        let shares = !rest.contains("--unshared")
        var token: MockSendProfile.Token?
        if let flag = rest.firstIndex(of: "--token") {
            guard flag + 1 < arguments.count, let chosen = MockSendProfile.Token(rawValue: arguments[flag + 1]) else {
                FileHandle.standardError.write(Data("ht-bench: --token needs 'provider' or 'block'\n".utf8))
                exit(2)
            }
            token = chosen
        }
        let chosenToken = token
        BenchMode.runAndExit("--mock-sends") {
            try await MockSendProfile.run(count: count, shares: shares, token: chosenToken)
        }
    case "--profile", "--iterations":
        index += 1
        guard index < arguments.count else {
            FileHandle.standardError.write(Data("ht-bench: \(arguments[index - 1]) needs a value\n".utf8))
            exit(2)
        }
        if arguments[index - 1] == "--profile" {
            profile = arguments[index]
        } else if let count = Int(arguments[index]), count > 0 {
            iterations = count
        } else {
            FileHandle.standardError.write(Data("ht-bench: --iterations needs a positive number\n".utf8))
            exit(2)
        }
    case "--corpus":
        index += 1
        guard index < arguments.count else {
            FileHandle.standardError.write(Data("ht-bench: --corpus needs a directory\n".utf8))
            exit(2)
        }
        corpusOverride = arguments[index]
    case "--help", "-h":
        print(
            """
            usage: ht-bench [--json] [--corpus DIR] [--quick] | --client | --cache | --freeze | --stream | --cache-hits N
                            | --mock-sends N [--unshared] [--token provider|block] | --profile NAME[:parse|:map|:decoder] [--iterations N]
              --json      print one JSON object with every figure
              --corpus    the folder holding twitter.json, citm_catalog.json, canada.json, weibo.json and
                          github-user.json (default: $HT_CORPUS/json/payloads, else
                          ../shared/data/json/payloads next to the package)
              --quick     fewer, shorter samples (a smoke run; the figures are noisier)
              --client    the request runtime instead: client.send against URLSession + JSONDecoder on
                          the loopback test server, the runtime's overhead, 64 requests in flight
              --cache     the response cache instead: memory and disk hits, writes, 100,000 inserts with
                          eviction, a cache-first hit against the loopback round trip
              --freeze    the freeze manager instead: freeze (persist) throughput, start-up with 10,000
                          frozen requests, resend throughput to the loopback server and in memory
              --retry-storm [SECONDS]  requests a server failing 100 % gets in SECONDS (10) from 16
                          callers retrying, without and with the client's retry budget
              --stream    streamed responses instead: server-sent events and JSON Lines through the
                          client against the loopback server (events/s, MB/s, against raw URLSession
                          bytes), and peak memory over a 1 GB event stream
              --cache-hits N  N cache-first memory hits through client.send, no server (for callgrind)
              --mock-sends N  N sends through client.send over HTMockTransport, parsed and mapped, no
                              cache, no server (for callgrind and memcheck); add --unshared to turn
                              off sharing identical GETs in flight, --token provider|block to add a
                              bearer token by HTBearerTokenInterceptor or by a plain block
              --profile   for a profiler: only our parse + map of twitter, citm_catalog or canada
                          (:parse parses only, :map maps a value parsed once; :decoder runs
                          JSONDecoder instead), N times (default 20), no timing
            """)
        exit(0)
    default:
        FileHandle.standardError.write(Data("ht-bench: unknown argument \(arguments[index])\n".utf8))
        exit(2)
    }
    index += 1
}

let corpus = BenchCorpus.locate(override: corpusOverride)
if let profile {
    do {
        try ProfileBench.run(profile, corpus: corpus, iterations: iterations)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("ht-bench: \(error)\n".utf8))
        exit(1)
    }
}
let clock =
    quick
    ? BenchClock(samples: 5, minimumBatch: .milliseconds(10), warmUp: 2)
    : BenchClock(samples: 15, minimumBatch: .milliseconds(25), warmUp: 5)

do {
    let report = try BenchRunner(corpus: corpus, clock: clock, log: !printJSON).run()
    if printJSON {
        print(report.jsonText)
    } else {
        print(report.summary)
    }
} catch {
    FileHandle.standardError.write(Data("ht-bench: \(error)\n".utf8))
    exit(1)
}
