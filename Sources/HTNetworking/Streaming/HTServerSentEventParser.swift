/// Reads a `text/event-stream` body in chunks, split anywhere, and returns each event once it is
/// complete, as the WHATWG HTML standard's "event stream interpretation" says:
///
/// - the bytes are UTF-8 (invalid sequences become U+FFFD); one leading byte order mark is dropped;
/// - lines end in CRLF, LF or CR (a CR at the end of one chunk and an LF at the start of the next are
///   one line end);
/// - a line starting with `:` is a comment; a line without `:` is a field name with an empty value;
///   one space after the colon is dropped;
/// - `data` lines are joined with `"\n"`; `event` names the type (`"message"` without one); `id` sets
///   the last event ID (ignored when it contains NUL) that persists for later events; `retry` sets the
///   reconnection time when it is ASCII digits only; other fields are ignored;
/// - a blank line dispatches the event, unless its data is empty; an event the stream ends in the
///   middle of is dropped.
package struct HTServerSentEventParser: Sendable {
    /// The last event ID: what a reconnection sends as `Last-Event-ID` (empty for none).
    package private(set) var lastEventID = ""
    /// The reconnection time in milliseconds the last valid `retry` field set.
    package private(set) var reconnectionTime: Int?
    /// The most bytes a line and the event's data may hold together.
    package let maximumEventSize: Int

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: [UInt8] = []
    private var eventRetry: Int?
    private var lastEventIDBuffer = ""
    private var afterCR = false
    private var atStart = true

    /// A parser that gives up on an event larger than `maximumEventSize` bytes.
    package init(maximumEventSize: Int = 16 * 1024 * 1024) {
        self.maximumEventSize = maximumEventSize
    }

    /// Starts a new connection's stream: the last event ID and the reconnection time stay, the event
    /// being read is dropped.
    package mutating func restart() {
        line = []
        data = []
        hasData = false
        eventType = []
        eventRetry = nil
        lastEventIDBuffer = lastEventID
        afterCR = false
        atStart = true
    }

    /// Reads `bytes` and appends the events they complete to `events`.
    package mutating func parse(
        _ bytes: some Sequence<UInt8>, into events: inout [HTServerSentEvent<String>]
    ) throws(HTStreamItemTooLargeError) {
        try bytes.withContiguousBytes { buffer throws(HTStreamItemTooLargeError) in try parse(buffer, into: &events) }
    }

    /// Reads `buffer`: the bytes up to each line end are appended to the line at once.
    private mutating func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, into events: inout [HTServerSentEvent<String>]
    ) throws(HTStreamItemTooLargeError) {
        var index = 0
        let count = buffer.count
        while index < count {
            if afterCR {
                afterCR = false
                if buffer[index] == 0x0A {
                    index += 1
                    continue
                }
            }
            var end = index
            while end < count, buffer[end] != 0x0A, buffer[end] != 0x0D { end += 1 }
            if end > index {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
                if atStart, line.count >= 3 { dropByteOrderMark() }
                if line.count + data.count > maximumEventSize {
                    throw HTStreamItemTooLargeError(limit: maximumEventSize)
                }
            }
            guard end < count else { return }
            afterCR = buffer[end] == 0x0D
            try endLine(into: &events)
            index = end + 1
        }
    }

    /// Reads `bytes` and returns the events they complete.
    package mutating func parse(_ bytes: some Sequence<UInt8>) throws(HTStreamItemTooLargeError)
        -> [HTServerSentEvent<String>]
    {
        var events: [HTServerSentEvent<String>] = []
        try parse(bytes, into: &events)
        return events
    }

    private mutating func dropByteOrderMark() {
        atStart = false
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
    }

    private mutating func endLine(into events: inout [HTServerSentEvent<String>]) throws(HTStreamItemTooLargeError) {
        if atStart { dropByteOrderMark() }
        defer { line.removeAll(keepingCapacity: true) }
        guard let first = line.first else { return dispatch(into: &events) }
        if first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch Field(name) {
        case .data:
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
            if data.count > maximumEventSize { throw HTStreamItemTooLargeError(limit: maximumEventSize) }
        case .event:
            eventType = Array(value)
        case .id:
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        case .retry:
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                reconnectionTime = milliseconds
                eventRetry = milliseconds
            }
        case nil:
            break
        }
    }

    /// The fields the parser reads.
    private enum Field {
        case data, event, id, retry

        init?(_ name: ArraySlice<UInt8>) {
            switch name.count {
            case 4 where name.elementsEqual("data".utf8): self = .data
            case 5 where name.elementsEqual("event".utf8): self = .event
            case 2 where name.elementsEqual("id".utf8): self = .id
            case 5 where name.elementsEqual("retry".utf8): self = .retry
            default: return nil
            }
        }
    }

    private mutating func dispatch(into events: inout [HTServerSentEvent<String>]) {
        lastEventID = lastEventIDBuffer
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType.removeAll()
            eventRetry = nil
        }
        guard hasData else { return }
        events.append(
            HTServerSentEvent(
                event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                data: String(decoding: data, as: UTF8.self), id: lastEventID.isEmpty ? nil : lastEventID,
                retry: eventRetry))
    }
}
