import Foundation
@_spi(Generated) import HTModel

/// A model with a field of every exact type of issue #24, in the shape the generator emits: range-checked
/// integers, `Decimal`, dates in each declared format, `URL`, `UUID`, `Data`, maps and nested arrays.
final class HTExactTypes: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var int32: Int32?
        var int64: Int64?
        var uint64: UInt64?
        var price: Decimal?
        var date: Date?
        var createdMs: Date?
        var createdSeconds: Date?
        var isoDate: Date?
        var isoFraction: Date?
        var day: Date?
        var stamp: Date?
        var link: URL?
        var uuid: UUID?
        var blob: Data?
        var labels: [String: String]?
        var prices: [String: Decimal]?
        var coordinates: [[Double]]?
        var history: [Date]?
        var owners: [String: HTScalars]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let htAccessors: [HTPropertyAccessor<HTExactTypes>] = [
        .init("int32", { $1(&$0.int32) }),
        .init("int64", { $1(&$0.int64) }),
        .init("uint64", { $1(&$0.uint64) }),
        .init("price", { $1(&$0.price) }),
        .init("date", { $1(&$0.date) }),
        .init("createdMs", dateFormat: .millisecondsSince1970, { $1(&$0.createdMs) }),
        .init("createdSeconds", dateFormat: .secondsSince1970, { $1(&$0.createdSeconds) }),
        .init("isoDate", dateFormat: .iso8601, { $1(&$0.isoDate) }),
        .init("isoFraction", dateFormat: .iso8601WithFractionalSeconds, { $1(&$0.isoFraction) }),
        .init("day", dateFormat: .dateOnly, { $1(&$0.day) }),
        .init(
            "stamp", dateFormat: .pattern("yyyy/MM/dd HH:mm", timeZone: TimeZone(identifier: "Asia/Shanghai")),
            { $1(&$0.stamp) }),
        .init("link", { $1(&$0.link) }),
        .init("uuid", { $1(&$0.uuid) }),
        .init("blob", { $1(&$0.blob) }),
        .init("labels", { $1(&$0.labels) }),
        .init("prices", { $1(&$0.prices) }),
        .init("coordinates", { $1(&$0.coordinates) }),
        .init("history", dateFormat: .millisecondsSince1970, { $1(&$0.history) }),
        .init("owners", { $1(&$0.owners) }),
    ]
    static let htMapping: HTObjectMapping<HTExactTypes> = .defaultMapping()
}
