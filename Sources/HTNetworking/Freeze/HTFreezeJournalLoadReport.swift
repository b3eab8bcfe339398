/// What opening a freeze journal found: how many records were read and what had to be skipped.
///
/// A crash in the middle of an append leaves a torn record at the end of the file; a damaged disk can
/// corrupt any byte. Every record the reader can reach safely is loaded (see ``HTFreezeJournal``'s
/// Damage section); the damaged byte ranges are reported here and removed from the file (it is
/// rewritten with the intact entries), an unread rest being kept aside first (``setAsideTail``). Sealed records that could not be
/// opened (see ``HTFreezeRecordSealing``) are not damage: they are listed in ``unopened`` and kept.
package struct HTFreezeJournalLoadReport: Sendable, Equatable {
    /// A byte range of the file that held no readable record.
    package struct DamagedRange: Sendable, Equatable {
        /// Where it starts in the file.
        package var offset: Int
        /// How many bytes it spans.
        package var length: Int
        /// Why it could not be read (a torn header, a checksum mismatch, an undecodable payload).
        package var reason: String
    }

    /// A live sealed record that could not be opened: not loaded, but kept in the file.
    package struct UnopenedRecord: Sendable, Equatable {
        /// Where its latest record starts in the file.
        package var offset: Int
        /// The frozen request's id (stored beside the sealed bytes).
        package var id: String
        /// Why it could not be opened.
        package var error: HTFreezeRecordSealingError
    }

    /// Records read (puts and removes).
    package var recordsRead = 0
    /// Frozen requests live after replaying the records.
    package var entriesLoaded = 0
    /// The damaged byte ranges, in file order; empty for a clean journal.
    package var damaged: [DamagedRange] = []
    /// The live sealed records that could not be opened, in freeze order; empty when every record was
    /// loaded. They are not in ``entriesLoaded``.
    package var unopened: [UnopenedRecord] = []
    /// Whether the file had no valid header and was set aside (renamed with a `.unreadable` suffix).
    package var setAsideFile: String?
    /// The file that keeps the bytes the reader stopped at (a damaged record header, not a torn append),
    /// which may hold records it could not tell apart from payload bytes: never loaded, kept `0600`
    /// beside the journal for inspection.
    package var setAsideTail: String?
    /// Why the file could not be rewritten when it opened (a full disk, say), when it needed to be: the
    /// intact entries are loaded all the same, a torn record at the end is cut off, and the rest of the
    /// repair (damaged ranges, credential headers or unsealed records to remove) waits for a later
    /// compaction. `nil` when no rewrite was needed or it succeeded.
    package var rewriteError: HTFreezeJournalError?

    /// Whether everything in the file was readable (no damage, no unopened sealed record) and any
    /// needed rewrite succeeded.
    package var isClean: Bool {
        damaged.isEmpty && setAsideFile == nil && setAsideTail == nil && unopened.isEmpty && rewriteError == nil
    }
    /// The total number of skipped bytes.
    package var damagedBytes: Int { damaged.reduce(0) { $0 + $1.length } }
}
