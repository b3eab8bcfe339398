import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The identity of a cached response: a canonical text and its FNV-1a-64 (``HTCacheHash``), stable
/// across runs, processes and platforms (no `hashValue`, no dictionary order).
///
/// The 64-bit hash names the entry (its slot in the memory tier, its file name on disk); the text is
/// what identifies it. Every entry keeps the text it was stored under (the memory tier the text, the
/// disk file its SHA-256, ``textDigest``), and a lookup compares it: two keys whose hashes collide
/// evict each other's entry, but are never served each other's body.
///
/// The default key's canonical text, one line per part, `\n`-separated, UTF-8:
///
/// ```text
/// HTCacheKey/4
/// method:<HTTP method>
/// base:<the request's baseURL, else the client's, as absoluteString>
/// path:<the request type's path template>
/// parameters:<cacheKeyFilteredParameters(parameters minus header properties), JSON with sorted keys>
/// placement:<query when the parameters that do not fill the path go to the query string (GET, HEAD,
///            DELETE, a request with its own body, sendsParametersInQuery), else body>
/// headers:<cacheKeyFilteredHeaders(the request's own headers, its header properties included, minus
///          credential headers), names lower-cased, JSON with sorted keys>
/// sensitive:<cacheSensitiveData as JSON with sorted keys, or null>
/// body:<for a request with its own body (HTBaseRequest.body): its content type, a space, its bytes as
///       lower-case hex, both as HTRequestBody.canonicalEncoded makes them (a multipart body with a
///       boundary that depends only on its parts); for parameters in the body: the body encoding's
///       content type, a space, the body bytes the encoding makes from the filtered parameters as
///       lower-case hex; otherwise empty>
/// sent:<only when the request as sent differs from the one it built: the URL an interceptor changed
///       (without its query), then `?` and the query parameters interceptors added (credentials
///       excluded: they are in the scope), as sent (HTCacheSentURL)>
/// scope:<whose entry it is: none, user <scope>, or credentials <SHA-256> (HTCacheScope)>
/// ```
///
/// JSON is written by `HTModel.HTJSONSerializer(options: .sortedKeys)` (keys in Swift `String` order, integers
/// as integers). A request's own ``HTCacheableRequest/cacheKey`` replaces the lines before `sent:` with
/// `HTCacheKey/custom\n<its key>`: the scope is part of every key, so two users never share an entry.
///
/// The key is what identifies an entry; a response's `Vary` also ties the entry to the values the
/// request that stored it sent for the headers it names (``HTCachedResponse/variantDigest``).
package struct HTCacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The 64-bit hash.
    package let value: UInt64
    /// The canonical text the key identifies (compared on every read).
    package let text: String

    /// A key known only by its hash: its text is `HTCacheKey/hash\n<16 hex digits>`, so it finds only
    /// what was stored under the same hash-only key, never an entry stored under a canonical text.
    package init(value: UInt64) {
        self.init(value: value, text: "HTCacheKey/hash\n" + HTCacheHash.hex(value))
    }

    /// The key of a canonical text: FNV-1a-64 of its UTF-8 bytes.
    package init(canonical text: String) {
        var text = text
        let value = text.withUTF8 { HTCacheHash.fnv1a64(buffer: UnsafeRawBufferPointer($0)) }
        self.init(value: value, text: text)
    }

    /// A key with a given hash and text, whether or not the hash is the text's (tests force collisions
    /// with it).
    init(value: UInt64, text: String) {
        self.value = value
        self.text = text
    }

    /// SHA-256 of the text's UTF-8 bytes as 64 lower-case hex digits: what a disk file stores to say
    /// which key it was written under (the text itself, with the request's parameters and body, is not
    /// written to disk).
    package var textDigest: String {
        var hash = HTSHA256()
        hash.update(text.utf8)
        return hash.hexDigest()
    }

    /// Equal hashes and the same text to the byte: never `String` equality, under which two Unicode
    /// normalizations of one parameter or token are equal.
    package static func == (lhs: HTCacheKey, rhs: HTCacheKey) -> Bool {
        lhs.value == rhs.value && lhs.sameText(as: rhs.text)
    }

    /// Whether `text` is this key's text, byte for byte: one `memcmp` of the two UTF-8 buffers (a
    /// generic element-by-element comparison cost thousands of instructions on every hit).
    package func sameText(as text: String) -> Bool {
        let (mine, theirs) = (self.text.utf8, text.utf8)
        guard mine.count == theirs.count else { return false }
        let compared = mine.withContiguousStorageIfAvailable { left in
            theirs.withContiguousStorageIfAvailable { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return true }
                return memcmp(left, right, mine.count) == 0
            }
        }
        // Bridged strings without contiguous UTF-8 are compared element by element.
        return (compared ?? nil) ?? mine.elementsEqual(theirs)
    }

    /// Hashes the 64-bit hash only (equal keys have equal hashes; the text is compared by `==`).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }

    /// The key for a key a request computes itself, in `scope`.
    package init(custom key: String, scope: HTCacheScope = .none) {
        self.init(canonical: Self.text(requestPart: "HTCacheKey/custom\n" + key, sent: "", scope: scope))
    }

    /// The whole canonical text: the request part, the `sent:` line when there is one, then the scope line.
    static func text(requestPart: String, sent: String, scope: HTCacheScope) -> String {
        (sent.isEmpty ? requestPart : requestPart + "\nsent:" + sent) + "\nscope:" + scope.text
    }

    /// The hash as 16 lower-case hex digits (also the entry's file name on disk).
    package var hex: String { HTCacheHash.hex(value) }

    package var description: String { hex }

    static func hexString(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count * 2)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
