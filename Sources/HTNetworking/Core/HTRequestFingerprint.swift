import Foundation

/// Everything the request builder and the default cache key read from a request, written as bytes:
/// two sends with equal fingerprints build the same URL request (before
/// ``HTBaseRequest/customize(_:)``) and the same key parts, so the client builds them once
/// (``HTBuiltRequestMemo``).
///
/// Equality is byte equality, never Swift's: `String` equality is canonical equivalence (`"é"` and
/// `"e\u{301}"` are equal, but their percent-encodings differ), and `Double` equality makes `0.0` and
/// `-0.0` equal. So strings are written as their UTF-8 bytes, doubles as their bit patterns, and
/// every variable-length part with its length (and every optional or case with a tag), so no two
/// different inputs write the same bytes.
/// Dictionaries are written in their iteration order: two equal dictionaries may iterate differently,
/// which costs a miss, never a wrong answer.
struct HTRequestFingerprint: Hashable, Sendable {
    private var bytes: [UInt8] = []

    /// The fingerprint of a request of type `R` whose builder values are `values` and that uses the
    /// cache as `cacheUse` says (`nil` when it is sent without the cache); `nil` when it is not
    /// remembered: a request with its own ``HTBaseRequest/body`` (a body can be large, and is built
    /// once anyway).
    init?<R: HTBaseRequest>(_ type: R.Type, values: HTRequestValues, cacheUse: HTCacheUse?) {
        guard values.body == nil else { return nil }
        bytes.reserveCapacity(256)
        withUnsafeBytes(of: ObjectIdentifier(R.self)) { bytes.append(contentsOf: $0) }
        append(R.method.rawValue)
        append(R.path)
        append(UInt64(R.headerPropertyList.count))
        for name in R.headerPropertyList { append(name) }
        append(R.sendsParametersInQuery)
        append(values.parameters)
        append(values.headers)
        append(values.baseURL?.absoluteString)
        append(values.bodyEncoding?.rawValue)
        append(values.timeout.map(\.bitPattern))
        guard let cacheUse else {
            append(false)
            return
        }
        append(true)
        append(cacheUse.keyInputs.customKey)
        // The key's parameters are most often the parameters themselves, not even copied.
        let sameParameters = cacheUse.keyInputs.keyedParameters.members.withUnsafeBufferPointer { keyed in
            values.parameters.members.withUnsafeBufferPointer { $0.baseAddress == keyed.baseAddress }
        }
        append(sameParameters)
        if !sameParameters { append(cacheUse.keyInputs.keyedParameters) }
        append(cacheUse.keyInputs.keyedHeaders)
        append(cacheUse.keyInputs.sensitive)
        append(cacheUse.keyInputs.userScope)
    }

    /// How many bytes it holds.
    var byteCount: Int { bytes.count }

    static func == (lhs: HTRequestFingerprint, rhs: HTRequestFingerprint) -> Bool {
        lhs.bytes.count == rhs.bytes.count
            && lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in
                    guard let left = left.baseAddress, let right = right.baseAddress else { return true }
                    return memcmp(left, right, lhs.bytes.count) == 0
                }
            }
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    // MARK: Writing

    /// `value` in LEB128: seven bits a byte, low bits first, the high bit set on all but the last (so
    /// the lengths and counts that are most of a fingerprint take one byte each).
    private mutating func append(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private mutating func append(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    private mutating func append(_ text: String) {
        append(UInt64(text.utf8.count))
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String?) {
        append(text != nil)
        if let text { append(text) }
    }

    private mutating func append(_ value: UInt64?) {
        append(value != nil)
        if let value { append(value) }
    }

    private mutating func append(_ headers: [String: String]) {
        append(UInt64(headers.count))
        for (name, value) in headers {
            append(name)
            append(value)
        }
    }

    private mutating func append(_ object: HTJSONObject) {
        append(UInt64(object.count))
        for member in object {
            append(member.key)
            append(member.value)
        }
    }

    private mutating func append(_ value: HTJSON?) {
        guard let value else {
            bytes.append(0)
            return
        }
        switch value {
        case .null:
            bytes.append(1)
        case .bool(let flag):
            bytes.append(2)
            append(flag)
        case .integer(let integer):
            bytes.append(3)
            append(UInt64(bitPattern: integer))
        case .double(let double):
            bytes.append(4)
            append(double.bitPattern)
        case .number(let number):
            bytes.append(5)
            append(number.text)
        case .string(let text):
            bytes.append(6)
            append(text)
        case .array(let elements):
            bytes.append(7)
            append(UInt64(elements.count))
            for element in elements { append(element) }
        case .object(let object):
            bytes.append(8)
            append(object)
        }
    }
}
