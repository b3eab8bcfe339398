import Foundation

/// The layout of one disk-tier file (all integers little-endian):
///
/// ```text
/// 0   4 bytes  magic "HTC3"
/// 4   UInt32   metadata length M
/// 8   UInt64   body length B
/// 16  UInt64   checksum: FNV-1a-64 (HTCacheHash) over bytes 0..<16, then the metadata, then the body
/// 24  M bytes  metadata, JSON: {"key","keyDigest","status","headers","created","expires","version",
///              "etag","lastModified","variant","scope"} (dates as integer milliseconds since 1970; key as 16
///              hex digits; keyDigest: SHA-256 of the key's canonical text as 64 hex digits,
///              HTCacheKey.textDigest; variant: HTCachedResponse.variantDigest)
/// 24+M B bytes body
/// ```
///
/// A file keeps only what an entry needs: no request URL, query, parameter or credential (the key is
/// there only as its hash and digest; the headers are those an entry keeps, without `Set-Cookie` or
/// credential headers; a disk hit answers with the URL of the request it serves). A file whose size
/// is not exactly `24 + M + B`, whose checksum differs, or whose metadata does not parse is corrupt:
/// the reader returns `nil` and the tier removes it. A file of another format (`HTC1`, written before
/// keys were compared by their text; `HTC2`, which kept the request URL) is corrupt too: a miss,
/// removed.
/// An intact file whose `keyDigest` is not the looked-up key's is another key's entry (a collision of
/// the 64-bit hash): a miss.
enum HTCacheFileFormat {
    static let magic: [UInt8] = Array("HTC3".utf8)
    static let headerSize = 24
    /// Metadata larger than this is treated as corrupt (headers are small; this bounds allocations).
    static let maximumMetadataSize = 16 * 1024 * 1024

    /// The file bytes for `entry` stored under `key`.
    static func encode(_ entry: HTCachedResponse, key: HTCacheKey) -> Data {
        let metadata = Data(
            HTModel.HTJSONSerializer(options: .sortedKeys).serialize(
                metadataJSON(
                    entry, key: key.value, digest: key.textDigest, scope: HTCacheScopeTag.of(keyText: key.text))))
        var file = Data(capacity: headerSize + metadata.count + entry.body.count)
        file.append(contentsOf: magic)
        append(UInt32(metadata.count), to: &file)
        append(UInt64(entry.body.count), to: &file)
        var checksum = HTCacheHash.fnv1a64(file.prefix(16))
        checksum = metadata.withUnsafeBytes { HTCacheHash.fnv1a64(buffer: $0, continuing: checksum) }
        checksum = entry.body.withUnsafeBytes { HTCacheHash.fnv1a64(buffer: $0, continuing: checksum) }
        append(checksum, to: &file)
        file.append(metadata)
        file.append(entry.body)
        return file
    }

    /// The lengths in a file's first 24 bytes, or `nil` when they are not a valid header.
    static func lengths(ofHeader header: Data) -> (metadata: Int, body: Int, checksum: UInt64)? {
        guard header.count >= headerSize else { return nil }
        let bytes = [UInt8](header.prefix(headerSize))
        guard Array(bytes[0..<4]) == magic else { return nil }
        let metadata = Int(read(UInt32.self, bytes, at: 4))
        let body = read(UInt64.self, bytes, at: 8)
        guard metadata <= maximumMetadataSize, body <= UInt64(Int.max / 2) else { return nil }
        return (metadata, Int(body), read(UInt64.self, bytes, at: 16))
    }

    /// The entry in `file` if the whole file is intact and was stored under `key` (any key when `nil`):
    /// its hash and its text's digest must both be the key's.
    static func decode(_ file: Data, key: HTCacheKey?) -> HTCachedResponse? {
        guard let decoded = decode(file) else { return nil }
        if let key, decoded.key != key.value || decoded.digest != key.textDigest { return nil }
        return decoded.entry
    }

    /// The key hash, key digest and entry in `file` if the whole file is intact.
    static func decode(_ file: Data) -> (key: UInt64, digest: String, entry: HTCachedResponse)? {
        guard let (metadataLength, bodyLength, checksum) = lengths(ofHeader: file),
            file.count == headerSize + metadataLength + bodyLength
        else { return nil }
        let actual = file.withUnsafeBytes { buffer -> UInt64 in
            let head = HTCacheHash.fnv1a64(buffer: UnsafeRawBufferPointer(rebasing: buffer[0..<16]))
            return HTCacheHash.fnv1a64(
                buffer: UnsafeRawBufferPointer(rebasing: buffer[headerSize...]), continuing: head)
        }
        guard actual == checksum else { return nil }
        let start = file.startIndex
        let metadata = file[(start + headerSize)..<(start + headerSize + metadataLength)]
        guard let parsed = parseMetadata(Data(metadata)) else { return nil }
        var entry = parsed.entry
        entry.body = Data(file[(start + headerSize + metadataLength)...])
        return (parsed.key, parsed.digest, entry)
    }

    /// The key hash, key digest and entry (with an empty body) described by a metadata block.
    static func parseMetadata(_ metadata: Data) -> (key: UInt64, digest: String, entry: HTCachedResponse)? {
        guard case .object(let object)? = try? HTJSONParser().parse(metadata),
            case .string(let keyText)? = object["key"], keyText.utf8.count == 16, let key = UInt64(keyText, radix: 16),
            case .string(let digest)? = object["keyDigest"], digest.utf8.count == 64,
            case .integer(let status)? = object["status"], (0...999).contains(status),
            case .integer(let created)? = object["created"],
            case .integer(let version)? = object["version"],
            case .object(let headerObject)? = object["headers"]
        else { return nil }
        var headers: [String: String] = [:]
        for member in headerObject {
            guard case .string(let value) = member.value else { return nil }
            headers[member.key] = value
        }
        func string(_ name: String) -> String? {
            if case .string(let value)? = object[name] { return value }
            return nil
        }
        var expires: Date?
        if case .integer(let milliseconds)? = object["expires"] { expires = date(milliseconds) }
        let entry = HTCachedResponse(
            statusCode: Int(status), headers: headers, body: Data(), url: nil, created: date(created),
            expires: expires, version: Int(truncatingIfNeeded: version), etag: string("etag"),
            lastModified: string("lastModified"), variantDigest: string("variant"))
        return (key, digest, entry)
    }

    /// The scope tag (``HTCacheScopeTag``) in a metadata block; `nil` when it has none or does not parse.
    static func scopeTag(inMetadata metadata: Data) -> String? {
        guard case .object(let object)? = try? HTJSONParser().parse(metadata), case .string(let tag)? = object["scope"]
        else { return nil }
        return tag
    }

    /// Milliseconds since 1970 for `date`, rounded down (clamped to the range of Int64). Rounding to
    /// the nearest would date an entry read back within half a millisecond of its writing in the
    /// future, which the lookup takes for a changed clock and misses.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite else { return 0 }
        return Int64(max(-9.2e18, min(9.2e18, value)))
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    private static func metadataJSON(_ entry: HTCachedResponse, key: UInt64, digest: String, scope: String?) -> HTJSON {
        var headers = HTJSONObject()
        for (name, value) in entry.headers.sorted(by: { $0.key < $1.key }) { headers[name] = .string(value) }
        var object: HTJSONObject = [
            "key": .string(HTCacheHash.hex(key)),
            "keyDigest": .string(digest),
            "status": .integer(Int64(entry.statusCode)),
            "headers": .object(headers),
            "created": .integer(milliseconds(entry.created)),
            "version": .integer(Int64(entry.version)),
        ]
        if let expires = entry.expires { object["expires"] = .integer(milliseconds(expires)) }
        if let etag = entry.etag { object["etag"] = .string(etag) }
        if let lastModified = entry.lastModified { object["lastModified"] = .string(lastModified) }
        if let variant = entry.variantDigest { object["variant"] = .string(variant) }
        if let scope { object["scope"] = .string(scope) }
        return .object(object)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_ type: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        var value: T = 0
        for index in 0..<MemoryLayout<T>.size {
            value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index)
        }
        return value
    }
}
