/// A set of HTTP status codes for a response descriptor: single codes, ranges and classes such as 2xx
/// (RestKit's `NSIndexSet` of status codes and `RKStatusCodeIndexSetForClass`).
///
/// ```swift
/// let ok: HTStatusCodeSet = 200
/// let created: HTStatusCodeSet = [200, 201, 204]
/// let success: HTStatusCodeSet = .successful                    // 200-299
/// let errors = HTStatusCodeSet.clientError.union(.serverError)   // 400-599
/// ```
public struct HTStatusCodeSet: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The classes of status codes, by their first digit.
    public enum Class: Int, Sendable, Hashable, CaseIterable {
        /// 1xx.
        case informational = 1
        /// 2xx.
        case successful = 2
        /// 3xx.
        case redirection = 3
        /// 4xx.
        case clientError = 4
        /// 5xx.
        case serverError = 5

        /// The codes of the class, e.g. 200...299.
        public var codes: ClosedRange<Int> { rawValue * 100...rawValue * 100 + 99 }
    }

    /// The codes as sorted, disjoint, non-adjacent ranges.
    public let ranges: [ClosedRange<Int>]

    /// Creates a set of the given codes.
    public init<Codes: Sequence<Int>>(_ codes: Codes) {
        self.init(ranges: codes.map { $0...$0 })
    }

    /// Creates a set of the codes in a range.
    public init(_ range: ClosedRange<Int>) {
        self.init(ranges: [range])
    }

    /// Creates a set of the codes in a range.
    public init(_ range: Range<Int>) {
        self.init(ranges: range.isEmpty ? [] : [range.lowerBound...range.upperBound - 1])
    }

    /// Creates a set of the codes of a class (`.class(.successful)` is 200...299).
    public static func `class`(_ statusClass: Class) -> HTStatusCodeSet {
        HTStatusCodeSet(statusClass.codes)
    }

    /// Creates a set of the codes in several ranges, which may overlap or touch.
    public init(ranges: [ClosedRange<Int>]) {
        var merged: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last,
                range.lowerBound <= last.upperBound
                    || (last.upperBound < Int.max && range.lowerBound == last.upperBound + 1)
            {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// A set of one code: `200`.
    public init(integerLiteral value: Int) {
        self.init([value])
    }

    /// A set of several codes: `[200, 201, 204]`.
    public init(arrayLiteral elements: Int...) {
        self.init(elements)
    }

    /// 100-199.
    public static let informational = HTStatusCodeSet.class(.informational)
    /// 200-299.
    public static let successful = HTStatusCodeSet.class(.successful)
    /// 300-399.
    public static let redirection = HTStatusCodeSet.class(.redirection)
    /// 400-499.
    public static let clientError = HTStatusCodeSet.class(.clientError)
    /// 500-599.
    public static let serverError = HTStatusCodeSet.class(.serverError)
    /// Every code, 100-599 (RestKit's `nil` status codes).
    public static let any = HTStatusCodeSet(100...599)

    /// Whether `code` is in the set.
    public func contains(_ code: Int) -> Bool {
        // Binary search: the ranges are sorted and disjoint.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < code {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(code)
    }

    /// The codes in either set.
    public func union(_ other: HTStatusCodeSet) -> HTStatusCodeSet {
        HTStatusCodeSet(ranges: ranges + other.ranges)
    }

    /// How many codes the set holds (`Int.max` if more).
    public var count: Int {
        var total = 0
        for range in ranges {
            let (span, spanOverflow) = range.upperBound.subtractingReportingOverflow(range.lowerBound)
            let (size, sizeOverflow) = span.addingReportingOverflow(1)
            let (sum, sumOverflow) = total.addingReportingOverflow(size)
            if spanOverflow || sizeOverflow || sumOverflow { return Int.max }
            total = sum
        }
        return total
    }

    /// Whether the set holds no code.
    public var isEmpty: Bool { ranges.isEmpty }

    /// The codes as RestKit printed them: `200-299,304`.
    public var description: String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            .joined(separator: ",")
    }
}
