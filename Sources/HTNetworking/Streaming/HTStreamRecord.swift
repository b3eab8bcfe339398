import Foundation

/// One JSON text of a JSON Lines or JSON text sequence body, not yet parsed, with where it was.
package struct HTStreamRecord: Sendable, Equatable {
    /// The JSON text.
    package var bytes: [UInt8]
    /// Its position among the stream's items, from 1.
    package var index: Int
    /// The line of the body it starts on, from 1.
    package var line: Int

    package init(bytes: [UInt8], index: Int, line: Int) {
        self.bytes = bytes
        self.index = index
        self.line = line
    }

    /// The JSON text as text, for tests and messages.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
