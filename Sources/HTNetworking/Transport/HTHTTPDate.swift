import Foundation

/// Parses the HTTP date format of `Retry-After`, `Date` and `Expires` (RFC 9110's IMF-fixdate,
/// `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete RFC 850 and asctime forms), without a formatter.
enum HTHTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The date, or `nil` when `text` is not an HTTP date.
    static func parse(_ text: String) -> Date? {
        // Split on spaces, commas and dashes; the forms differ only in punctuation and order.
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map { $0.lowercased() }
        var day: Int?
        var month: Int?
        var year: Int?
        var time: [Int]?
        for part in parts {
            if part.contains(":") {
                let pieces = part.split(separator: ":").compactMap { Int($0) }
                guard pieces.count == 3 else { return nil }
                time = pieces
            } else if let index = months.firstIndex(of: part) {
                month = index + 1
            } else if let number = Int(part) {
                if part.count <= 2 && day == nil {
                    day = number
                } else {
                    year = part.count == 2 ? (number < 70 ? 2000 + number : 1900 + number) : number
                }
            }
        }
        guard let day, let month, let year, let time, (1...31).contains(day), (0...23).contains(time[0]),
            (0...59).contains(time[1]), (0...60).contains(time[2])
        else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), in UTC.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
