import Foundation
@_spi(Generated) import HTModel

// Models for the accessor, descriptor, Codable and XML tests, in the exact shape the generator emits
// today (see Tests/HTCodegenCoreTests/Goldens/demo/demo+Models.swift): final classes deriving from
// HTHTTPModel, optional stored properties, the two NEI metadata lists, one key-path accessor per property,
// the default mapping, and the per-property decode and encode switches.

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
        "author": HTGuideAuthor.self,
        "authors": HTGuideAuthor.self,
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

/// An open enum, as generated.
struct HTPhotoVisibility: HTStringEnum {
    let rawValue: String
    init(rawValue: String) {
        self.rawValue = rawValue
    }
    static let everyone = HTPhotoVisibility(rawValue: "0")
    static let friends = HTPhotoVisibility(rawValue: "1")
    static let knownValues: [HTPhotoVisibility] = [everyone, friends]
}

/// The demo spec's photo with every property kind the generator emits: integers, strings, doubles, an
/// open enum, an array of strings, free-form JSON, a date, a URL, a boolean, a nested model and an
/// array of models.
final class HTShotPhoto: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var id: Int?
        var title: String?
        var width: Double?
        var visibility: HTPhotoVisibility?
        var tags: [String]?
        var exif: HTJSON?
        var takenAt: Date?
        var url: URL?
        var isPublic: Bool?
        var bytes: Int64?
        var owner: HTUser?
        var likedBy: [HTUser]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "owner": HTUser.self,
        "likedBy": HTUser.self,
    ]
    static let baseTypePropertyList: [String] = [
        "id", "title", "width", "visibility", "tags", "exif", "takenAt", "url",
        "isPublic", "bytes",
    ]
    static let htAccessors: [HTPropertyAccessor<HTShotPhoto>] = [
        HTPropertyAccessor<HTShotPhoto>("id", \HTShotPhoto.Storage.id),
        HTPropertyAccessor<HTShotPhoto>("title", \HTShotPhoto.Storage.title),
        HTPropertyAccessor<HTShotPhoto>("width", \HTShotPhoto.Storage.width),
        HTPropertyAccessor<HTShotPhoto>("visibility", \HTShotPhoto.Storage.visibility),
        HTPropertyAccessor<HTShotPhoto>("tags", \HTShotPhoto.Storage.tags),
        HTPropertyAccessor<HTShotPhoto>("exif", \HTShotPhoto.Storage.exif),
        HTPropertyAccessor<HTShotPhoto>("takenAt", \HTShotPhoto.Storage.takenAt),
        HTPropertyAccessor<HTShotPhoto>("url", \HTShotPhoto.Storage.url),
        HTPropertyAccessor<HTShotPhoto>("isPublic", \HTShotPhoto.Storage.isPublic),
        HTPropertyAccessor<HTShotPhoto>("bytes", \HTShotPhoto.Storage.bytes),
        HTPropertyAccessor<HTShotPhoto>("owner", \HTShotPhoto.Storage.owner),
        HTPropertyAccessor<HTShotPhoto>("likedBy", \HTShotPhoto.Storage.likedBy),
    ]
    static let htMapping: HTObjectMapping<HTShotPhoto> = .defaultMapping()
}

/// RestGoatee's BART station, read from the BART API's XML. The XML uses snake_case element names,
/// so the mapping renames the two coordinates; the coordinates are numbers in the model, coerced from
/// the XML's text.
final class HTBartStation: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTModelStorage {
        var name: String?
        var abbr: String?
        var gtfsLatitude: Double?
        var gtfsLongitude: Double?
        var address: String?
        var city: String?
        var county: String?
        var state: String?
        var zipcode: String?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    static let baseTypePropertyList: [String] = [
        "name", "abbr", "gtfsLatitude", "gtfsLongitude", "address", "city",
        "county", "state", "zipcode",
    ]
    static let htAccessors: [HTPropertyAccessor<HTBartStation>] = [
        HTPropertyAccessor<HTBartStation>("name", \HTBartStation.Storage.name),
        HTPropertyAccessor<HTBartStation>("abbr", \HTBartStation.Storage.abbr),
        HTPropertyAccessor<HTBartStation>("gtfsLatitude", key: "gtfs_latitude", \HTBartStation.Storage.gtfsLatitude),
        HTPropertyAccessor<HTBartStation>("gtfsLongitude", key: "gtfs_longitude", \HTBartStation.Storage.gtfsLongitude),
        HTPropertyAccessor<HTBartStation>("address", \HTBartStation.Storage.address),
        HTPropertyAccessor<HTBartStation>("city", \HTBartStation.Storage.city),
        HTPropertyAccessor<HTBartStation>("county", \HTBartStation.Storage.county),
        HTPropertyAccessor<HTBartStation>("state", \HTBartStation.Storage.state),
        HTPropertyAccessor<HTBartStation>("zipcode", \HTBartStation.Storage.zipcode),
    ]
    static let htMapping: HTObjectMapping<HTBartStation> = .defaultMapping()
}
