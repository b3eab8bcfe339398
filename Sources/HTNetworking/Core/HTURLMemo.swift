import Foundation

/// The URLs the request builder made lately, by their text: an app sends the same URLs again and
/// again (a cache hit always does), and parsing one costs about 8,000 instructions where looking it up
/// costs a few hundred.
///
/// The memo lives in memory only, like the requests the URLs were made for, and holds at most
/// ``limit`` URLs and ``byteLimit`` bytes of their text: when full, it is emptied. A URL longer than an
/// eighth of that is not remembered.
enum HTURLMemo {
    /// How many URLs are remembered at most.
    static let limit = 256

    /// How many bytes of URL text (kept twice: the key and the URL) are remembered at most.
    static let byteLimit = 1 << 20

    private static let urls = HTBoundedMemo<String, URL>(limit: limit, byteLimit: byteLimit) { text, _ in
        2 * text.utf8.count
    }

    /// `URL(string: text)`, remembered when it parses.
    static func url(_ text: String) -> URL? {
        urls.value(for: text) { URL(string: text) }
    }
}
