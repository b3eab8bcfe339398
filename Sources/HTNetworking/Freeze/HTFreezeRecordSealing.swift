import Foundation

/// Seals the frozen requests in the freeze journal at rest: encrypts (and authenticates) each one, so
/// that a body holding a password, a URL holding a key or a header the app chose to persist is not
/// readable from the file.
///
/// The runtime has no cryptography of its own (it has no dependencies, and CryptoKit exists only on
/// Apple platforms), so the app supplies the cipher and keeps the key. On Apple platforms, AES-GCM
/// from CryptoKit with a key kept in the Keychain:
///
/// ```swift
/// import CryptoKit
///
/// struct JournalSealer: HTFreezeRecordSealing {
///     /// A 256-bit key created once with `SymmetricKey(size: .bits256)` and stored in the Keychain
///     /// (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`, so resends work in the background
///     /// and the key never leaves the device in a backup).
///     let key: SymmetricKey
///
///     func seal(_ plaintext: Data) throws -> Data {
///         guard let combined = try AES.GCM.seal(plaintext, using: key).combined else {
///             throw CryptoKitError.incorrectParameterSize
///         }
///         return combined  // nonce, ciphertext and tag
///     }
///
///     func open(_ sealed: Data) throws -> Data {
///         try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: key)
///     }
/// }
///
/// let manager = try HTFreezeManager(
///     directory: freezeFolder, monitor: monitor,
///     configuration: .init(sealer: JournalSealer(key: try keychain.journalKey())))
/// ```
///
/// ## What is sealed
/// Each *put* record's whole payload (the ``HTFrozenRequest``: URL, method, headers, body, freeze key,
/// dates) goes through ``seal(_:)``. The record's kind, the request's id (its `Idempotency-Key`) and its
/// sequence number stay readable, so that the journal can keep the order and apply a later *remove*
/// without opening it; *remove* records (an id) are not sealed. The journal checks after opening that
/// the sealed request has the id and sequence written beside it.
///
/// ## Opening without the sealer
/// A sealed record that can't be opened (the journal has no sealer, ``open(_:)`` throws, or what it
/// returns is not a record) is not loaded and not lost: the manager logs how many such records it found
/// (a warning under ``HTLogComponent/freeze``), keeps them byte for byte in the file (compaction copies
/// them), and loads them when the journal is next opened with the right sealer.
/// ``HTFreezeManager/remove(id:)`` and ``HTFreezeManager/clearAll()`` discard them.
///
/// Records written before a sealer was configured still load; opening the journal with a sealer
/// rewrites them sealed. (Their plaintext may remain in free disk blocks: the file is replaced, not
/// overwritten in place.)
///
/// The journal calls the sealer synchronously, once for each request it writes (and for each live one
/// when it compacts) and once for each sealed record when it opens; ``HTFreezeManager`` calls it on its
/// actor. A sealer that throws from ``seal(_:)`` makes the write fail with an ``HTFreezeJournalError``
/// (operation `seal`): nothing unsealed is written instead.
public protocol HTFreezeRecordSealing: Sendable {
    /// Encrypts and authenticates `plaintext` (one record's payload).
    func seal(_ plaintext: Data) throws -> Data
    /// Returns the plaintext that ``seal(_:)`` sealed into `sealed`; throws when `sealed` was not sealed
    /// with this key or was altered.
    func open(_ sealed: Data) throws -> Data
}

/// Why a sealed freeze-journal record could not be loaded. The record is kept in the file.
package enum HTFreezeRecordSealingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record is sealed and the journal was opened without an ``HTFreezeRecordSealing``.
    case noSealer
    /// The sealer's ``HTFreezeRecordSealing/open(_:)`` threw (another key, altered bytes); the error's
    /// description.
    case openFailed(String)
    /// The sealer opened the record but the result is not the frozen request written beside it (not a
    /// record, or another id or sequence number).
    case notARecord

    package var description: String {
        switch self {
        case .noSealer: "the record is sealed and the journal has no sealer"
        case .openFailed(let reason): "the sealer could not open the record: \(reason)"
        case .notARecord: "the opened record is not the frozen request written beside it"
        }
    }
}
