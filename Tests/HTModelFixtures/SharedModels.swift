import Foundation
@_spi(Generated) import HTModel

// The hand-written models that HTModelTests and HTNetworkingCompatTests' descriptor tests both map, in
// the exact shape the generator emits (see SwiftRenderer): final classes deriving from HTHTTPModel,
// optional stored properties, the two NEI metadata lists, one accessor per property and the default
// mapping. `package` access, so that both test targets use these one definitions.

/// A nested model: an address.
package final class HTAddress: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var city: String?
        package var street: String?
        package var zip: String?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    package static let baseTypePropertyList: [String] = ["city", "street", "zip"]
    package static let htAccessors: [HTPropertyAccessor<HTAddress>] = [
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
    package static let htMapping: HTObjectMapping<HTAddress> = .defaultMapping()
}

/// A user with a nested address, an array of strings, an email and a renamed property
/// (`description_` ← JSON `description`).
package final class HTUser: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var id: Int?
        package var name: String?
        package var email: String?
        package var address: HTAddress?
        package var tags: [String]?
        // Named as the JSON key on purpose.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        package var description_: String?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["address": HTAddress.self]
    package static let baseTypePropertyList: [String] = ["id", "name", "email", "tags", "description_"]
    package static let htAccessors: [HTPropertyAccessor<HTUser>] = [
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
    package static let htMapping: HTObjectMapping<HTUser> = .defaultMapping()
}

/// A comment with its own author.
package final class HTComment: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var id: Int64?
        package var text: String?
        package var author: HTUser?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["author": HTUser.self]
    package static let baseTypePropertyList: [String] = ["id", "text"]
    package static let htAccessors: [HTPropertyAccessor<HTComment>] = [
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
    package static let htMapping: HTObjectMapping<HTComment> = .defaultMapping()
}

/// An article with an author (one object) and comments (an array of objects).
package final class HTArticle: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var id: Int?
        package var title: String?
        package var author: HTUser?
        package var comments: [HTComment]?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "author": HTUser.self, "comments": HTComment.self,
    ]
    package static let baseTypePropertyList: [String] = ["id", "title"]
    package static let htAccessors: [HTPropertyAccessor<HTArticle>] = [
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
    package static let htMapping: HTObjectMapping<HTArticle> = .defaultMapping()
}

/// A model whose metadata lists name only some of its accessors, so tests can see that the lists (not
/// the accessors) drive `defaultMapping()`; and a custom-mapped model reading nested key paths.
package final class HTProfile: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var name: String?
        package var city: String?
        package var secret: String?
        package var owner: HTUser?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    // `secret` has an accessor but is in neither list; `ghost` is listed but has no accessor.
    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = ["owner": HTUser.self]
    package static let baseTypePropertyList: [String] = ["name", "city", "ghost"]
    package static let htAccessors: [HTPropertyAccessor<HTProfile>] = [
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
    package static let htMapping: HTObjectMapping<HTProfile> = .defaultMapping()
}

/// RestKit's `RKWikiPage` from the descriptors guide.
package final class HTWikiPage: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var title: String?
        package var body: String?
        package var name: String?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    package static let baseTypePropertyList: [String] = ["title", "body", "name"]
    package static let htAccessors: [HTPropertyAccessor<HTWikiPage>] = [
        HTPropertyAccessor<HTWikiPage>("title", \HTWikiPage.Storage.title),
        HTPropertyAccessor<HTWikiPage>("body", \HTWikiPage.Storage.body),
        HTPropertyAccessor<HTWikiPage>("name", \HTWikiPage.Storage.name),
    ]
    package static let htMapping: HTObjectMapping<HTWikiPage> = .defaultMapping()
}

/// RestKit's `Author` from the object-mapping guide.
package final class HTGuideAuthor: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var name: String?
        package var email: String?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    package static let baseTypePropertyList: [String] = ["name", "email"]
    package static let htAccessors: [HTPropertyAccessor<HTGuideAuthor>] = [
        HTPropertyAccessor<HTGuideAuthor>("name", \HTGuideAuthor.Storage.name),
        HTPropertyAccessor<HTGuideAuthor>("email", \HTGuideAuthor.Storage.email),
    ]
    package static let htMapping: HTObjectMapping<HTGuideAuthor> = .defaultMapping()
}

/// RestKit's `Article` from the object-mapping guide: a renamed date (`publication_date`) and an author
/// that is one object in one response and an array in another (`authors`).
package final class HTGuideArticle: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var title: String?
        package var body: String?
        package var author: HTGuideAuthor?
        package var authors: [HTGuideAuthor]?
        package var publicationDate: Date?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "author": HTGuideAuthor.self,
        "authors": HTGuideAuthor.self,
    ]
    package static let baseTypePropertyList: [String] = ["title", "body", "publicationDate"]
    package static let htAccessors: [HTPropertyAccessor<HTGuideArticle>] = [
        HTPropertyAccessor<HTGuideArticle>("title", \HTGuideArticle.Storage.title),
        HTPropertyAccessor<HTGuideArticle>("body", \HTGuideArticle.Storage.body),
        HTPropertyAccessor<HTGuideArticle>("author", \HTGuideArticle.Storage.author),
        HTPropertyAccessor<HTGuideArticle>("authors", \HTGuideArticle.Storage.authors),
        HTPropertyAccessor<HTGuideArticle>(
            "publicationDate", key: "publication_date", \HTGuideArticle.Storage.publicationDate),
    ]
    package static let htMapping: HTObjectMapping<HTGuideArticle> = .defaultMapping()
}

/// RestGoatee's BART station, read from the BART API's XML. The XML uses snake_case element names,
/// so the mapping renames the two coordinates; the coordinates are numbers in the model, coerced from
/// the XML's text.
package final class HTBartStation: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    package struct Storage: HTModelStorage {
        package var name: String?
        package var abbr: String?
        package var gtfsLatitude: Double?
        package var gtfsLongitude: Double?
        package var address: String?
        package var city: String?
        package var county: String?
        package var state: String?
        package var zipcode: String?

        package init() {}
    }
    package let htStorage: Storage
    package init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    package static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]
    package static let baseTypePropertyList: [String] = [
        "name", "abbr", "gtfsLatitude", "gtfsLongitude", "address", "city",
        "county", "state", "zipcode",
    ]
    package static let htAccessors: [HTPropertyAccessor<HTBartStation>] = [
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
    package static let htMapping: HTObjectMapping<HTBartStation> = .defaultMapping()
}
