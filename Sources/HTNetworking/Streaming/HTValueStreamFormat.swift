import Foundation

/// How the JSON values of a streamed body are delimited.
public enum HTValueStreamFormat: String, Sendable, Hashable, CaseIterable {
    /// JSON Lines (`application/jsonl`, `application/x-ndjson`): one JSON text per line; blank lines
    /// are skipped and a CR before the LF is tolerated.
    case jsonLines
    /// JSON text sequences (RFC 7464, `application/json-seq`): each JSON text follows an RS (0x1E).
    case jsonSequence

    /// The format of a media type (parameters ignored), `nil` for any other.
    public init?(mediaType: String) {
        let essence = mediaType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        switch essence {
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines":
            self = .jsonLines
        case "application/json-seq":
            self = .jsonSequence
        default:
            return nil
        }
    }

    /// The media type requests accept for it.
    public var mediaType: String {
        switch self {
        case .jsonLines: "application/jsonl"
        case .jsonSequence: "application/json-seq"
        }
    }
}
