import Foundation
@_spi(Generated) import HTModel

// Hand-written models in the exact shape the generator emits (see SwiftRenderer): final classes deriving
// from HTHTTPModel, optional stored properties, the two NEI metadata lists, one accessor per property and
// the default mapping.

/// A nested model: an address.
final class HTAddress: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var city: String?
        var street: String?
        var zip: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["city", "street", "zip"]
    static let htAccessors: [HTPropertyAccessor<HTAddress>] = [
        HTPropertyAccessor<HTAddress>(
            "city", get: { (model: HTAddress.Storage) -> String? in model.city },
            set: { (model: inout HTAddress.Storage, value: String?) in model.city = value }),
        HTPropertyAccessor<HTAddress>(
            "street", get: { (model: HTAddress.Storage) -> String? in model.street },
            set: { (model: inout HTAddress.Storage, value: String?) in model.street = value }),
        HTPropertyAccessor<HTAddress>(
            "zip", get: { (model: HTAddress.Storage) -> String? in model.zip },
            set: { (model: inout HTAddress.Storage, value: String?) in model.zip = value }),
    ]
    static let htMapping: HTObjectMapping<HTAddress> = .defaultMapping()
}

/// A user with a nested address, an array of strings, an email and a renamed property
/// (`description_` ← JSON `description`).
final class HTUser: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var id: Int?
        var name: String?
        var email: String?
        var address: HTAddress?
        var tags: [String]?
        // Named as the JSON key on purpose.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var description_: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["address": HTAddress.self]
    static let baseTypePropertyList: [String] = ["id", "name", "email", "tags", "description_"]
    static let htAccessors: [HTPropertyAccessor<HTUser>] = [
        HTPropertyAccessor<HTUser>(
            "id", get: { (model: HTUser.Storage) -> Int? in model.id },
            set: { (model: inout HTUser.Storage, value: Int?) in model.id = value }),
        HTPropertyAccessor<HTUser>(
            "name", get: { (model: HTUser.Storage) -> String? in model.name },
            set: { (model: inout HTUser.Storage, value: String?) in model.name = value }),
        HTPropertyAccessor<HTUser>(
            "email", get: { (model: HTUser.Storage) -> String? in model.email },
            set: { (model: inout HTUser.Storage, value: String?) in model.email = value }),
        HTPropertyAccessor<HTUser>(
            "address", get: { (model: HTUser.Storage) -> HTAddress? in model.address },
            set: { (model: inout HTUser.Storage, value: HTAddress?) in model.address = value }),
        HTPropertyAccessor<HTUser>(
            "tags", get: { (model: HTUser.Storage) -> [String]? in model.tags },
            set: { (model: inout HTUser.Storage, value: [String]?) in model.tags = value }),
        HTPropertyAccessor<HTUser>(
            "description_", key: "description", get: { (model: HTUser.Storage) -> String? in model.description_ },
            set: { (model: inout HTUser.Storage, value: String?) in model.description_ = value }),
    ]
    static let htMapping: HTObjectMapping<HTUser> = .defaultMapping()
}

/// A comment with its own author.
final class HTComment: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var id: Int64?
        var text: String?
        var author: HTUser?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["author": HTUser.self]
    static let baseTypePropertyList: [String] = ["id", "text"]
    static let htAccessors: [HTPropertyAccessor<HTComment>] = [
        HTPropertyAccessor<HTComment>(
            "id", get: { (model: HTComment.Storage) -> Int64? in model.id },
            set: { (model: inout HTComment.Storage, value: Int64?) in model.id = value }),
        HTPropertyAccessor<HTComment>(
            "text", get: { (model: HTComment.Storage) -> String? in model.text },
            set: { (model: inout HTComment.Storage, value: String?) in model.text = value }),
        HTPropertyAccessor<HTComment>(
            "author", get: { (model: HTComment.Storage) -> HTUser? in model.author },
            set: { (model: inout HTComment.Storage, value: HTUser?) in model.author = value }),
    ]
    static let htMapping: HTObjectMapping<HTComment> = .defaultMapping()
}

/// An article with an author (one object) and comments (an array of objects).
final class HTArticle: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var id: Int?
        var title: String?
        var author: HTUser?
        var comments: [HTComment]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "author": HTUser.self, "comments": HTComment.self,
    ]
    static let baseTypePropertyList: [String] = ["id", "title"]
    static let htAccessors: [HTPropertyAccessor<HTArticle>] = [
        HTPropertyAccessor<HTArticle>(
            "id", get: { (model: HTArticle.Storage) -> Int? in model.id },
            set: { (model: inout HTArticle.Storage, value: Int?) in model.id = value }),
        HTPropertyAccessor<HTArticle>(
            "title", get: { (model: HTArticle.Storage) -> String? in model.title },
            set: { (model: inout HTArticle.Storage, value: String?) in model.title = value }),
        HTPropertyAccessor<HTArticle>(
            "author", get: { (model: HTArticle.Storage) -> HTUser? in model.author },
            set: { (model: inout HTArticle.Storage, value: HTUser?) in model.author = value }),
        HTPropertyAccessor<HTArticle>(
            "comments", get: { (model: HTArticle.Storage) -> [HTComment]? in model.comments },
            set: { (model: inout HTArticle.Storage, value: [HTComment]?) in model.comments = value }),
    ]
    static let htMapping: HTObjectMapping<HTArticle> = .defaultMapping()
}

/// A feed: an array of articles, for deep diagnostic paths (`articles[3].author.email`).
final class HTFeed: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
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
    struct Storage: HTModelStorage {
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

/// A model whose metadata lists name only some of its accessors, so tests can see that the lists (not
/// the accessors) drive `defaultMapping()`; and a custom-mapped model reading nested key paths.
final class HTProfile: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var name: String?
        var city: String?
        var secret: String?
        var owner: HTUser?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    // `secret` has an accessor but is in neither list; `ghost` is listed but has no accessor.
    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["owner": HTUser.self]
    static let baseTypePropertyList: [String] = ["name", "city", "ghost"]
    static let htAccessors: [HTPropertyAccessor<HTProfile>] = [
        HTPropertyAccessor<HTProfile>(
            "name", get: { (model: HTProfile.Storage) -> String? in model.name },
            set: { (model: inout HTProfile.Storage, value: String?) in model.name = value }),
        HTPropertyAccessor<HTProfile>(
            "city", get: { (model: HTProfile.Storage) -> String? in model.city },
            set: { (model: inout HTProfile.Storage, value: String?) in model.city = value }),
        HTPropertyAccessor<HTProfile>(
            "secret", get: { (model: HTProfile.Storage) -> String? in model.secret },
            set: { (model: inout HTProfile.Storage, value: String?) in model.secret = value }),
        HTPropertyAccessor<HTProfile>(
            "owner", get: { (model: HTProfile.Storage) -> HTUser? in model.owner },
            set: { (model: inout HTProfile.Storage, value: HTUser?) in model.owner = value }),
    ]
    static let htMapping: HTObjectMapping<HTProfile> = .defaultMapping()
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
    ) -> (Model, [HTMappingDiagnostic]) {
        var context = HTMappingContext(options: options)
        guard case .object(let object) = json else { return (Model(), context.diagnostics) }
        return (mapping.model(from: object, context: &context), context.diagnostics)
    }
}

/// A model with required fields, as generated from `"required": true`: `id` and `owner` must be present
/// and not null; `note` may be missing.
final class HTTicket: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
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
