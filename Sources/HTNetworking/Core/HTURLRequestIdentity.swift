import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a `URLRequest` is still the very value it was copied from.
enum HTURLRequestIdentity {
    /// Whether `request`, a copy of `original` that code outside the client may have changed
    /// (``HTBaseRequest/customize(_:)``), holds exactly the bytes `original` holds.
    ///
    /// `URLRequest` is a copy-on-write value: its storage is an object shared by the copies, and every
    /// setter first copies it unless the value being changed is its only owner. `original` is alive
    /// and shares it, so any setter called on `request` (even one that sets the same value) gives
    /// `request` new storage and so other bytes. Equal bytes therefore mean no setter ran, and the two
    /// describe the same request. (Were the value laid out differently, equal bytes would still mean
    /// equal fields; a difference only costs the shortcut the caller takes.) Comparing with `==`
    /// instead costs thousands of instructions on Linux, where it compares every property.
    static func isUnchanged(_ request: URLRequest, since original: URLRequest) -> Bool {
        withUnsafeBytes(of: request) { changed in
            withUnsafeBytes(of: original) { original in changed.elementsEqual(original) }
        }
    }
}
