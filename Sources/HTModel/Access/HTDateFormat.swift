import Foundation

/// How a JSON value is read as a date by ``HTValueCoercion/date(_:format:)`` and the
/// ``HTResponseData`` date accessors.
public enum HTDateFormat: Sendable, Hashable {
    /// What the object mapper does for `Date` properties: an ISO 8601 string, or an epoch number (or a
    /// string holding one) in seconds or milliseconds (see ``HTValueCoercion/millisecondsThreshold``).
    case automatic
    /// An epoch timestamp only (the original's `timestampValue`): a number, or a string holding one, in
    /// seconds or milliseconds, told apart by ``HTValueCoercion/millisecondsThreshold``.
    case timestamp
    /// Epoch seconds only, whatever the magnitude.
    case secondsSince1970
    /// Epoch milliseconds only, whatever the magnitude.
    case millisecondsSince1970
    /// An ISO 8601 string only (`2024-03-01`, `2024-03-01T12:30:00Z`, `…T12:30:00.250+08:00`).
    case iso8601
    /// A string in a `DateFormatter` pattern such as `yyyy-MM-dd HH:mm` (the original's
    /// `dateTimeValue:`), read with the `en_US_POSIX` locale in `timeZone` (UTC when `nil`).
    case pattern(String, timeZone: TimeZone? = nil)
}
