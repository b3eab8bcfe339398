import Foundation
@_spi(Generated) import HTNetworking

// The models the descriptor tests map, in the shape the generator emits today (final classes deriving
// from HTHTTPModel, optional stored properties, the two NEI metadata lists, one key-path accessor per
// property, the default mapping); copied from HTModelTests' TestModels.swift and AccessFixtures.swift,
// with only the properties these tests use.

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
        HTPropertyAccessor<HTAddress>("city", \HTAddress.Storage.city),
        HTPropertyAccessor<HTAddress>("street", \HTAddress.Storage.street),
        HTPropertyAccessor<HTAddress>("zip", \HTAddress.Storage.zip),
    ]
    static let htMapping: HTObjectMapping<HTAddress> = .defaultMapping()
}

/// A user with a nested address.
final class HTUser: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var id: Int?
        var name: String?
        var email: String?
        var address: HTAddress?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["address": HTAddress.self]
    static let baseTypePropertyList: [String] = ["id", "name", "email"]
    static let htAccessors: [HTPropertyAccessor<HTUser>] = [
        HTPropertyAccessor<HTUser>("id", \HTUser.Storage.id),
        HTPropertyAccessor<HTUser>("name", \HTUser.Storage.name),
        HTPropertyAccessor<HTUser>("email", \HTUser.Storage.email),
        HTPropertyAccessor<HTUser>("address", \HTUser.Storage.address),
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
        HTPropertyAccessor<HTComment>("id", \HTComment.Storage.id),
        HTPropertyAccessor<HTComment>("text", \HTComment.Storage.text),
        HTPropertyAccessor<HTComment>("author", \HTComment.Storage.author),
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
        HTPropertyAccessor<HTArticle>("id", \HTArticle.Storage.id),
        HTPropertyAccessor<HTArticle>("title", \HTArticle.Storage.title),
        HTPropertyAccessor<HTArticle>("author", \HTArticle.Storage.author),
        HTPropertyAccessor<HTArticle>("comments", \HTArticle.Storage.comments),
    ]
    static let htMapping: HTObjectMapping<HTArticle> = .defaultMapping()
}

/// A profile, for a descriptor of another model type at the same key path.
final class HTProfile: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var name: String?
        var city: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["name", "city"]
    static let htAccessors: [HTPropertyAccessor<HTProfile>] = [
        HTPropertyAccessor<HTProfile>("name", \HTProfile.Storage.name),
        HTPropertyAccessor<HTProfile>("city", \HTProfile.Storage.city),
    ]
    static let htMapping: HTObjectMapping<HTProfile> = .defaultMapping()
}

/// RestKit's `RKWikiPage` from the descriptors guide.
final class HTWikiPage: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var title: String?
        var body: String?
        var name: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["title", "body", "name"]
    static let htAccessors: [HTPropertyAccessor<HTWikiPage>] = [
        HTPropertyAccessor<HTWikiPage>("title", \HTWikiPage.Storage.title),
        HTPropertyAccessor<HTWikiPage>("body", \HTWikiPage.Storage.body),
        HTPropertyAccessor<HTWikiPage>("name", \HTWikiPage.Storage.name),
    ]
    static let htMapping: HTObjectMapping<HTWikiPage> = .defaultMapping()
}

/// RestKit's `Author` from the object-mapping guide.
final class HTGuideAuthor: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var name: String?
        var email: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["name", "email"]
    static let htAccessors: [HTPropertyAccessor<HTGuideAuthor>] = [
        HTPropertyAccessor<HTGuideAuthor>("name", \HTGuideAuthor.Storage.name),
        HTPropertyAccessor<HTGuideAuthor>("email", \HTGuideAuthor.Storage.email),
    ]
    static let htMapping: HTObjectMapping<HTGuideAuthor> = .defaultMapping()
}

/// RestKit's `Article` from the object-mapping guide: a renamed date (`publication_date`) and an author
/// that is one object in one response and an array in another (`authors`).
final class HTGuideArticle: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var title: String?
        var body: String?
        var author: HTGuideAuthor?
        var authors: [HTGuideAuthor]?
        var publicationDate: Date?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "author": HTGuideAuthor.self, "authors": HTGuideAuthor.self,
    ]
    static let baseTypePropertyList: [String] = ["title", "body", "publicationDate"]
    static let htAccessors: [HTPropertyAccessor<HTGuideArticle>] = [
        HTPropertyAccessor<HTGuideArticle>("title", \HTGuideArticle.Storage.title),
        HTPropertyAccessor<HTGuideArticle>("body", \HTGuideArticle.Storage.body),
        HTPropertyAccessor<HTGuideArticle>("author", \HTGuideArticle.Storage.author),
        HTPropertyAccessor<HTGuideArticle>("authors", \HTGuideArticle.Storage.authors),
        HTPropertyAccessor<HTGuideArticle>(
            "publicationDate", key: "publication_date", \HTGuideArticle.Storage.publicationDate),
    ]
    static let htMapping: HTObjectMapping<HTGuideArticle> = .defaultMapping()
}

/// A station of the BART API's XML station list (`stn.aspx?cmd=stns`): snake_case elements, coordinates
/// coerced from the XML's text.
final class HTBartStation: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var name: String?
        var abbr: String?
        var gtfsLatitude: Double?
        var gtfsLongitude: Double?
        var city: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = ["name", "abbr", "gtfsLatitude", "gtfsLongitude", "city"]
    static let htAccessors: [HTPropertyAccessor<HTBartStation>] = [
        HTPropertyAccessor<HTBartStation>("name", \HTBartStation.Storage.name),
        HTPropertyAccessor<HTBartStation>("abbr", \HTBartStation.Storage.abbr),
        HTPropertyAccessor<HTBartStation>("gtfsLatitude", key: "gtfs_latitude", \HTBartStation.Storage.gtfsLatitude),
        HTPropertyAccessor<HTBartStation>("gtfsLongitude", key: "gtfs_longitude", \HTBartStation.Storage.gtfsLongitude),
        HTPropertyAccessor<HTBartStation>("city", \HTBartStation.Storage.city),
    ]
    static let htMapping: HTObjectMapping<HTBartStation> = .defaultMapping()
}
