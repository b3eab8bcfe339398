import Foundation

/// Turns the chunks of a streamed body into the stream's elements: a parser for the format, then the
/// mapping of each item. Errors name the item (and its line) that failed.
protocol HTStreamDecoding<Element> {
    associatedtype Element: Sendable
    /// Decodes `chunk` and appends the elements it completes.
    mutating func decode(_ chunk: Data, into elements: inout [Element]) throws(HTNetworkingError)
    /// The body ended: appends what its end completes.
    mutating func finish(into elements: inout [Element]) throws(HTNetworkingError)
    /// A new connection's body starts (event streams reconnect).
    mutating func restart()
    /// The last event ID to reconnect with (empty for none).
    var lastEventID: String { get }
    /// The reconnection time in milliseconds the server asked for, if it did.
    var reconnectionTime: Int? { get }
}

extension HTStreamDecoding {
    mutating func restart() {}
    var lastEventID: String { "" }
    var reconnectionTime: Int? { nil }
}

/// Maps the JSON text of one streamed item: the errors name the item.
enum HTStreamItemMapping {
    static func map<Value: HTJSONValueConvertible>(
        _ text: some Collection<UInt8>, as _: Value.Type, item: String, mediaType: String,
        options: HTMappingOptions, request: HTRequestDescription
    ) throws(HTNetworkingError) -> Value {
        let json: HTJSON
        do {
            json = try HTJSONParser().parse(Array(text))
        } catch {
            throw HTNetworkingError(
                .serialization(
                    HTSerializationError(
                        serializer: "stream", mimeType: mediaType, message: "\(item) is not JSON: \(error)")),
                request: request)
        }
        do {
            return try Value.htMap(json, options: options)
        } catch {
            throw HTNetworkingError(
                .mapping(HTMappingError(path: error.path, message: "\(item): \(error.message)")), request: request)
        }
    }

    static func tooLarge(_ error: HTStreamItemTooLargeError, mediaType: String, request: HTRequestDescription)
        -> HTNetworkingError
    {
        HTNetworkingError(
            .serialization(
                HTSerializationError(
                    serializer: "stream", mimeType: mediaType,
                    message: "an item is larger than \(error.limit) bytes")), request: request)
    }
}

/// Decodes `text/event-stream` (``HTServerSentEventParser``) into events with typed data.
struct HTEventStreamDecoding<Payload: HTJSONValueConvertible>: HTStreamDecoding {
    var parser = HTServerSentEventParser()
    var events: [HTServerSentEvent<String>] = []
    var count = 0
    let options: HTMappingOptions
    let request: HTRequestDescription

    mutating func decode(_ chunk: Data, into elements: inout [HTServerSentEvent<Payload>]) throws(HTNetworkingError) {
        events.removeAll(keepingCapacity: true)
        do {
            try parser.parse(chunk, into: &events)
        } catch {
            throw HTStreamItemMapping.tooLarge(error, mediaType: "text/event-stream", request: request)
        }
        for event in events {
            count += 1
            let data: Payload
            if let text = event.data as? Payload {
                data = text
            } else {
                data = try HTStreamItemMapping.map(
                    event.data.utf8, as: Payload.self, item: "event \(count) ('\(event.event)')",
                    mediaType: "text/event-stream", options: options, request: request)
            }
            elements.append(HTServerSentEvent(event: event.event, data: data, id: event.id, retry: event.retry))
        }
    }

    mutating func finish(into elements: inout [HTServerSentEvent<Payload>]) throws(HTNetworkingError) {}

    mutating func restart() { parser.restart() }
    var lastEventID: String { parser.lastEventID }
    var reconnectionTime: Int? { parser.reconnectionTime }
}

/// Decodes JSON Lines or JSON text sequences into typed values.
struct HTValueStreamDecoding<Value: HTJSONValueConvertible>: HTStreamDecoding {
    var lines = HTJSONLinesParser()
    var sequence = HTJSONSequenceParser()
    var records: [HTStreamRecord] = []
    let format: HTValueStreamFormat
    let options: HTMappingOptions
    let request: HTRequestDescription

    mutating func decode(_ chunk: Data, into elements: inout [Value]) throws(HTNetworkingError) {
        records.removeAll(keepingCapacity: true)
        do {
            switch format {
            case .jsonLines: try lines.parse(chunk, into: &records)
            case .jsonSequence: try sequence.parse(chunk, into: &records)
            }
        } catch {
            throw HTStreamItemMapping.tooLarge(error, mediaType: format.mediaType, request: request)
        }
        try map(into: &elements)
    }

    mutating func finish(into elements: inout [Value]) throws(HTNetworkingError) {
        records.removeAll(keepingCapacity: true)
        switch format {
        case .jsonLines: lines.finish(into: &records)
        case .jsonSequence: sequence.finish(into: &records)
        }
        try map(into: &elements)
    }

    private func map(into elements: inout [Value]) throws(HTNetworkingError) {
        for record in records {
            elements.append(
                try HTStreamItemMapping.map(
                    record.bytes, as: Value.self, item: "item \(record.index) (line \(record.line))",
                    mediaType: format.mediaType, options: options, request: request))
        }
    }
}
