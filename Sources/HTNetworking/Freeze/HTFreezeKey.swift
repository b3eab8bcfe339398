import Foundation

/// How freeze keys are derived (the original used its cache-key algorithm plus `freezeSensitiveData`).
package enum HTFreezeKey {
    /// The SHA-256 (hex) of the method, the absolute URL (with the query, so the query parameters), the
    /// body and the sensitive data, each length-prefixed so no two different requests share an input.
    /// Headers are not part of it: the `Idempotency-Key` differs between two freezes of the same call.
    package static func derive(method: String, url: URL, body: Data?, sensitiveData: String?) -> String {
        var hash = HTSHA256()
        for part in [
            Data(method.uppercased().utf8), Data(url.absoluteString.utf8), body, sensitiveData.map { Data($0.utf8) },
        ] {
            guard let part else {
                hash.update([0xFF])
                continue
            }
            hash.update([0x01])
            let count = UInt64(part.count)
            hash.update((0..<8).map { UInt8(truncatingIfNeeded: count >> (UInt64($0) * 8)) })
            hash.update(part)
        }
        return hash.hexDigest()
    }
}
