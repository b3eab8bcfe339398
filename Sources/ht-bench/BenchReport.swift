import Foundation
import HTModel

/// Every figure of one ht-bench run, as text or as one JSON object.
struct BenchReport {
    /// A document measured whole (twitter, citm_catalog, canada).
    struct Document {
        var name: String
        var bytes: Int
        var parseMBps = 0.0
        var mapMBps = 0.0
        var decoderMBps = 0.0
        var decodeTarget = 0.0
        var encodeMBps = 0.0
        var encoderMBps = 0.0
        var encodeSpeedup = 0.0
        var encodedBytes = 0
        var encoderBytes = 0
        var implicitOnMilliseconds = 0.0
        var implicitOffMilliseconds = 0.0

        init(name: String, bytes: Int) {
            self.name = name
            self.bytes = bytes
        }

        var decodeSpeedup: Double { mapMBps / decoderMBps }
        /// How much longer mapping takes with implicit key matching on, in percent (negative: faster).
        var implicitCostPercent: Double { (implicitOnMilliseconds / implicitOffMilliseconds - 1) * 100 }

        var summary: String {
            let parse = String(
                format: "  parse only        %8.1f MB/s  (%.0f%% of the ~2 GB/s of simdjson/yyjson)",
                parseMBps, parseMBps / BenchRunner.referenceParseMBps * 100)
            let map = String(
                format: "  parse + map       %8.1f MB/s  JSONDecoder %7.1f MB/s  ×%.2f (target ×%.1f: %@)",
                mapMBps, decoderMBps, decodeSpeedup, decodeTarget, decodeSpeedup >= decodeTarget ? "met" : "NOT met")
            let encode = String(
                format: "  models → bytes    %8.1f MB/s  JSONEncoder %7.1f MB/s  ×%.2f (target ×2.0: %@)",
                encodeMBps, encoderMBps, encodeSpeedup, encodeSpeedup >= 2 ? "met" : "NOT met")
            let implicit = String(
                format: "  implicit matching on %.3f ms, off %.3f ms: %+.1f%% (target < 15%%: %@)",
                implicitOnMilliseconds, implicitOffMilliseconds, implicitCostPercent,
                implicitCostPercent < 15 ? "met" : "NOT met")
            return [parse, map, encode, implicit].joined(separator: "\n")
        }

        var json: HTJSON {
            [
                "bytes": .integer(Int64(bytes)),
                "parse_mb_per_s": .double(parseMBps),
                "parse_fraction_of_2gb_per_s": .double(parseMBps / BenchRunner.referenceParseMBps),
                "map_mb_per_s": .double(mapMBps),
                "jsondecoder_mb_per_s": .double(decoderMBps),
                "decode_speedup": .double(decodeSpeedup),
                "decode_target": .double(decodeTarget),
                "decode_target_met": .bool(decodeSpeedup >= decodeTarget),
                "encode_mb_per_s": .double(encodeMBps),
                "jsonencoder_mb_per_s": .double(encoderMBps),
                "encode_speedup": .double(encodeSpeedup),
                "encode_target": 2.0,
                "encode_target_met": .bool(encodeSpeedup >= 2),
                "encoded_bytes": .integer(Int64(encodedBytes)),
                "jsonencoder_bytes": .integer(Int64(encoderBytes)),
                "implicit_on_ms": .double(implicitOnMilliseconds),
                "implicit_off_ms": .double(implicitOffMilliseconds),
                "implicit_cost_percent": .double(implicitCostPercent),
                "implicit_cost_target_met": .bool(implicitCostPercent < 15),
            ]
        }
    }

    /// A small object measured per object (weibo, github-user).
    struct PerObject {
        var name: String
        var bytes: Int
        var parseMapMicroseconds = 0.0
        var mapOnlyMicroseconds = 0.0
        var decoderMicroseconds = 0.0
        var encodeMicroseconds = 0.0
        var encoderMicroseconds = 0.0

        init(name: String, bytes: Int) {
            self.name = name
            self.bytes = bytes
        }

        var summary: String {
            String(
                format: """
                      parse + map %7.2f µs (map alone %6.2f µs)  JSONDecoder %7.2f µs  ×%.2f
                      model → bytes %5.2f µs  JSONEncoder %7.2f µs  ×%.2f
                    """,
                parseMapMicroseconds, mapOnlyMicroseconds, decoderMicroseconds,
                decoderMicroseconds / parseMapMicroseconds, encodeMicroseconds, encoderMicroseconds,
                encoderMicroseconds / encodeMicroseconds)
        }

        var json: HTJSON {
            [
                "bytes": .integer(Int64(bytes)),
                "parse_map_us": .double(parseMapMicroseconds),
                "map_only_us": .double(mapOnlyMicroseconds),
                "jsondecoder_us": .double(decoderMicroseconds),
                "decode_speedup": .double(decoderMicroseconds / parseMapMicroseconds),
                "encode_us": .double(encodeMicroseconds),
                "jsonencoder_us": .double(encoderMicroseconds),
                "encode_speedup": .double(encoderMicroseconds / encodeMicroseconds),
            ]
        }
    }

    var corpus: String
    var documents: [Document] = []
    var objects: [PerObject] = []

    var summary: String {
        var lines = ["ht-bench (corpus \(corpus))"]
        for document in documents {
            lines.append("\(document.name).json (\(document.bytes) bytes)")
            lines.append(document.summary)
        }
        for object in objects {
            lines.append("\(object.name).json (\(object.bytes) bytes), per object")
            lines.append(object.summary)
        }
        return lines.joined(separator: "\n")
    }

    var jsonText: String {
        var documentsObject = HTJSONObject()
        for document in documents { documentsObject.append(document.name, document.json) }
        var objectsObject = HTJSONObject()
        for object in objects { objectsObject.append(object.name, object.json) }
        let root: HTJSON = [
            "tool": "ht-bench",
            "corpus": .string(corpus),
            "parse_reference_mb_per_s": .double(BenchRunner.referenceParseMBps),
            "documents": .object(documentsObject),
            "per_object": .object(objectsObject),
        ]
        return root.serializedString()
    }
}
