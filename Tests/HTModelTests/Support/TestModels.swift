import Foundation
@_spi(Generated) import HTModel
import HTModelFixtures

// Hand-written models in the generator's shape (see SwiftRenderer): final classes deriving from
// HTHTTPModel, optional stored properties in a `Storage` struct, one accessor per property and the default
// mapping; unlike generated ones, they pass a getter and a setter per accessor, and some write NEI's two
// metadata lists out. The address, user, comment and article are generated from the spec in
// Tests/HTModelFixtures (with the hand-written profile there), shared with HTNetworkingCompatTests.

/// A feed: an array of articles, for deep diagnostic paths (`articles[3].author.email`).
final class HTFeed: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var articles: [HTArticle]?
        var total: Int?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["articles": HTArticle.self]
    static let baseTypePropertyList: [String] = ["total"]
    static let htAccessors: [HTPropertyAccessor<HTFeed>] = [
        HTPropertyAccessor<HTFeed>(
            "articles", get: { (model: HTFeed.Storage) -> [HTArticle]? in model.articles },
            set: { (model: inout HTFeed.Storage, value: [HTArticle]?) in model.articles = value }),
        HTPropertyAccessor<HTFeed>(
            "total", get: { (model: HTFeed.Storage) -> Int? in model.total },
            set: { (model: inout HTFeed.Storage, value: Int?) in model.total = value }),
    ]
    static let htMapping: HTObjectMapping<HTFeed> = .defaultMapping()
}

/// An open enum, as generated.
struct HTAccountState: HTStringEnum {
    let rawValue: String
    init(rawValue: String) {
        self.rawValue = rawValue
    }
    static let active = HTAccountState(rawValue: "active")
    static let suspended = HTAccountState(rawValue: "suspended")
    static let level1 = HTAccountState(rawValue: "1")
    static let knownValues: [HTAccountState] = [active, suspended, level1]
}

/// A closed enum: strict mapping rejects values it does not list.
struct HTClosedLevel: HTStringEnum {
    let rawValue: String
    init(rawValue: String) {
        self.rawValue = rawValue
    }
    static let low = HTClosedLevel(rawValue: "low")
    static let mid = HTClosedLevel(rawValue: "mid")
    static let knownValues: [HTClosedLevel] = [low, mid]
    static let htRejectsUnknownValues = true
}

/// Every scalar kind the runtime supports.
final class HTScalars: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var int: Int?
        var int64: Int64?
        var double: Double?
        var bool: Bool?
        var string: String?
        var url: URL?
        var date: Date?
        var json: HTJSON?
        var state: HTAccountState?
        var states: [HTAccountState]?
        var numbers: [Int]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = [
        "int", "int64", "double", "bool", "string", "url", "date", "json", "state", "states", "numbers",
    ]
    static let htAccessors: [HTPropertyAccessor<HTScalars>] = [
        HTPropertyAccessor<HTScalars>(
            "int", get: { (model: HTScalars.Storage) -> Int? in model.int },
            set: { (model: inout HTScalars.Storage, value: Int?) in model.int = value }),
        HTPropertyAccessor<HTScalars>(
            "int64", get: { (model: HTScalars.Storage) -> Int64? in model.int64 },
            set: { (model: inout HTScalars.Storage, value: Int64?) in model.int64 = value }),
        HTPropertyAccessor<HTScalars>(
            "double", get: { (model: HTScalars.Storage) -> Double? in model.double },
            set: { (model: inout HTScalars.Storage, value: Double?) in model.double = value }),
        HTPropertyAccessor<HTScalars>(
            "bool", get: { (model: HTScalars.Storage) -> Bool? in model.bool },
            set: { (model: inout HTScalars.Storage, value: Bool?) in model.bool = value }),
        HTPropertyAccessor<HTScalars>(
            "string", get: { (model: HTScalars.Storage) -> String? in model.string },
            set: { (model: inout HTScalars.Storage, value: String?) in model.string = value }),
        HTPropertyAccessor<HTScalars>(
            "url", get: { (model: HTScalars.Storage) -> URL? in model.url },
            set: { (model: inout HTScalars.Storage, value: URL?) in model.url = value }),
        HTPropertyAccessor<HTScalars>(
            "date", get: { (model: HTScalars.Storage) -> Date? in model.date },
            set: { (model: inout HTScalars.Storage, value: Date?) in model.date = value }),
        HTPropertyAccessor<HTScalars>(
            "json", get: { (model: HTScalars.Storage) -> HTJSON? in model.json },
            set: { (model: inout HTScalars.Storage, value: HTJSON?) in model.json = value }),
        HTPropertyAccessor<HTScalars>(
            "state", get: { (model: HTScalars.Storage) -> HTAccountState? in model.state },
            set: { (model: inout HTScalars.Storage, value: HTAccountState?) in model.state = value }),
        HTPropertyAccessor<HTScalars>(
            "states", get: { (model: HTScalars.Storage) -> [HTAccountState]? in model.states },
            set: { (model: inout HTScalars.Storage, value: [HTAccountState]?) in model.states = value }),
        HTPropertyAccessor<HTScalars>(
            "numbers", get: { (model: HTScalars.Storage) -> [Int]? in model.numbers },
            set: { (model: inout HTScalars.Storage, value: [Int]?) in model.numbers = value }),
    ]
    static let htMapping: HTObjectMapping<HTScalars> = .defaultMapping()
}

/// Test helpers.
enum Fixture {
    /// Parses JSON text with the runtime's parser.
    static func json(_ text: String) throws -> HTJSON {
        try HTJSON(parsing: text)
    }

    /// Maps `json` into a fresh `Model` with `mapping`, returning the model and the diagnostics.
    static func map<Model: HTModelMappable>(
        _ json: HTJSON, into type: Model.Type, mapping: HTObjectMapping<Model>, options: HTMappingOptions = .lenient
    ) -> (Model, [HTMappingDiagnostic]) where Model.Storage: HTOptionalFieldsStorage {
        var context = HTMappingContext(options: options)
        guard case .object(let object) = json else { return (Model(), context.diagnostics) }
        return (mapping.model(from: object, context: &context) ?? Model(), context.diagnostics)
    }
}

/// A model with required fields, as generated from `"required": true`: `id` and `owner` must be present
/// and not null; `note` may be missing.
final class HTTicket: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var id: Int?
        var ownerName: String?
        var note: String?
        var owner: HTAddress?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let htAccessors: [HTPropertyAccessor<HTTicket>] = [
        .init("id", required: true, get: { $0.id }, set: { $0.id = $1 }),
        .init("ownerName", key: "owner_name", required: true, get: { $0.ownerName }, set: { $0.ownerName = $1 }),
        .init("note", get: { $0.note }, set: { $0.note = $1 }),
        .init("owner", get: { $0.owner }, set: { $0.owner = $1 }),
    ]
    static let htMapping: HTObjectMapping<HTTicket> = .defaultMapping()
}
