/// A streamed item (an event, a line, a record) grew past the parser's limit before it ended: the
/// stream is given up rather than held in memory whole.
package struct HTStreamItemTooLargeError: Error, Sendable, Equatable {
    /// The limit, in bytes.
    package var limit: Int
}
