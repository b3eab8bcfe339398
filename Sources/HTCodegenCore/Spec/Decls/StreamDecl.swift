/// A success response that is a stream (OpenAPI `text/event-stream`, `application/jsonl`,
/// `application/x-ndjson`, `application/json-seq`): the request also conforms to the runtime's
/// `HTEventStreamRequest` or `HTValueStreamRequest`, whose elements are ``element``.
package struct StreamDecl: Sendable {
    /// How the stream is delimited.
    package enum Format: Sendable, Equatable {
        /// `text/event-stream`: events whose `data` is an ``StreamDecl/element``.
        case serverSentEvents
        /// `application/jsonl`, `application/x-ndjson`: one value per line.
        case jsonLines
        /// `application/json-seq` (RFC 7464).
        case jsonSequence

        /// The format of a media type (without parameters), if it is a stream's.
        init?(mediaType: String) {
            switch mediaType.lowercased() {
            case "text/event-stream": self = .serverSentEvents
            case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines":
                self = .jsonLines
            case "application/json-seq": self = .jsonSequence
            default: return nil
            }
        }
    }

    /// How the stream is delimited.
    package var format: Format
    /// Each event's data, or each value: from the media type's `itemSchema` (OpenAPI 3.2), else its
    /// `schema` (for values, an array schema's `items`); `String` for events without a schema or with
    /// a string one, any JSON (`Variable`) for values without one.
    package var element: TypeRef
}
