import Foundation
@_spi(Generated) import HTModel
import HTModelFixtures

// Models for the accessor, descriptor, Codable and XML tests, written by hand in the generator's
// overall shape (final classes deriving from HTHTTPModel, optional stored properties, the two NEI
// metadata lists, the default mapping) but not its exact accessors: they use key-path accessors where the
// generator emits one closure per accessor (see Tests/HTCodegenCoreTests/Goldens/demo/demo+Models.swift).
// The models HTNetworkingCompatTests maps too are in Tests/HTModelFixtures, most of them generated from
// its spec by the build plugin, so that the tests also run the accessor path users run.

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
    struct Storage: HTOptionalFieldsStorage {
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
