/// A JSON object key compared and hashed by its UTF-8 bytes, not by Swift's `String` equality.
///
/// Swift compares strings by canonical equivalence, so `"\u{00e9}"` (é precomposed) equals
/// `"e\u{0301}"` (e and a combining acute accent). JSON keys are sequences of code points: those two
/// are different keys, and a server may send both. Sets and dictionaries of JSON keys use this wrapper
/// (and lookups ``same(_:_:)``) so that neither key hides the other.
package struct HTExactKey: Hashable, Sendable {
    /// The key.
    package let key: String

    /// Wraps `key`.
    package init(_ key: String) {
        self.key = key
    }

    /// Whether `a` and `b` are the same bytes. `String`'s `==` runs first: it is fast for the common
    /// case (different or identical keys), and the bytes are compared only when it says equal.
    @inline(__always)
    package static func same(_ a: String, _ b: String) -> Bool {
        a == b && a.utf8.elementsEqual(b.utf8)
    }

    package static func == (lhs: HTExactKey, rhs: HTExactKey) -> Bool {
        same(lhs.key, rhs.key)
    }

    package func hash(into hasher: inout Hasher) {
        // Canonically equivalent keys hash alike (String's hash), which keeps equal keys' hashes equal.
        hasher.combine(key)
    }
}
