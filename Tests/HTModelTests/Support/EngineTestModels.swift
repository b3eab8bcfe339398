import Foundation
@_spi(Generated) import HTModel
import HTModelFixtures

// Models for the engine, implicit-matching, hook and fuzz tests. `HTImplicitModel` and `HTTweet` are in
// the shape the generator emits (one table of key-path accessors); `HTImplicitAccessorModel` has the same
// properties with NEI's metadata lists written out by hand, so the derived and the explicit lists can be
// compared.

/// Properties whose JSON keys differ from the spellings servers use (`foo_bar`, `USER_ID`, …).
final class HTImplicitModel: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var fooBar: String?
        var userID: Int?
        var createdAt: String?
        var url2x: String?
        var score: Double?
        var child: HTImplicitModel?
        var children: [HTImplicitModel]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let htAccessors: [HTPropertyAccessor<HTImplicitModel>] = [
        .init("fooBar", \.fooBar),
        .init("userID", \.userID),
        .init("createdAt", \.createdAt),
        .init("url2x", \.url2x),
        .init("score", \.score),
        .init("child", \.child),
        .init("children", \.children),
    ]
    static let htMapping: HTObjectMapping<HTImplicitModel> = .defaultMapping()
}

/// The same properties as `HTImplicitModel`, with `init()` and NEI's metadata lists written out by hand.
final class HTImplicitAccessorModel: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var fooBar: String?
        var userID: Int?
        var createdAt: String?
        var url2x: String?
        var score: Double?
        var child: HTImplicitAccessorModel?
        var children: [HTImplicitAccessorModel]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "child": HTImplicitAccessorModel.self, "children": HTImplicitAccessorModel.self,
    ]
    static let baseTypePropertyList: [String] = ["fooBar", "userID", "createdAt", "url2x", "score"]
    static let htAccessors: [HTPropertyAccessor<HTImplicitAccessorModel>] = [
        HTPropertyAccessor<HTImplicitAccessorModel>("fooBar", \HTImplicitAccessorModel.Storage.fooBar),
        HTPropertyAccessor<HTImplicitAccessorModel>("userID", \HTImplicitAccessorModel.Storage.userID),
        HTPropertyAccessor<HTImplicitAccessorModel>("createdAt", \HTImplicitAccessorModel.Storage.createdAt),
        HTPropertyAccessor<HTImplicitAccessorModel>("url2x", \HTImplicitAccessorModel.Storage.url2x),
        HTPropertyAccessor<HTImplicitAccessorModel>("score", \HTImplicitAccessorModel.Storage.score),
        HTPropertyAccessor<HTImplicitAccessorModel>("child", \HTImplicitAccessorModel.Storage.child),
        HTPropertyAccessor<HTImplicitAccessorModel>("children", \HTImplicitAccessorModel.Storage.children),
    ]
    static let htMapping: HTObjectMapping<HTImplicitAccessorModel> = .defaultMapping()
}

/// A tweet-like model for fuzzing: scalars of every kind, a nested model, itself recursively, an
/// array of arrays, an open enum and a `Variable`.
final class HTTweet: HTHTTPModel, HTModelMappable, @unchecked Sendable {
    // @unchecked Sendable, safety: the one stored property is a `let` of a Sendable struct.
    struct Storage: HTOptionalFieldsStorage {
        var id: Int64?
        var text: String?
        var favorited: Bool?
        // Named as the JSON key on purpose.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var retweet_count: Int?
        var score: Double?
        // Named as the JSON key on purpose.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var created_at: Date?
        var source: URL?
        var lang: HTAccountState?
        var coordinates: [[Double]]?
        var entities: HTJSON?
        var user: HTUser?
        // Named as the JSON key on purpose.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var retweeted_status: HTTweet?
        var replies: [HTTweet]?
    }
    let htStorage: Storage
    init(htStorage: Storage) {
        self.htStorage = htStorage
        super.init()
    }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "replies": HTTweet.self, "retweeted_status": HTTweet.self, "user": HTUser.self,
    ]
    static let baseTypePropertyList: [String] = [
        "id", "text", "favorited", "retweet_count", "score", "created_at", "source", "lang", "coordinates", "entities",
    ]
    static let htAccessors: [HTPropertyAccessor<HTTweet>] = [
        HTPropertyAccessor<HTTweet>("id", \HTTweet.Storage.id),
        HTPropertyAccessor<HTTweet>("text", \HTTweet.Storage.text),
        HTPropertyAccessor<HTTweet>("favorited", \HTTweet.Storage.favorited),
        HTPropertyAccessor<HTTweet>("retweet_count", \HTTweet.Storage.retweet_count),
        HTPropertyAccessor<HTTweet>("score", \HTTweet.Storage.score),
        HTPropertyAccessor<HTTweet>("created_at", \HTTweet.Storage.created_at),
        HTPropertyAccessor<HTTweet>("source", \HTTweet.Storage.source),
        HTPropertyAccessor<HTTweet>("lang", \HTTweet.Storage.lang),
        HTPropertyAccessor<HTTweet>("coordinates", \HTTweet.Storage.coordinates),
        HTPropertyAccessor<HTTweet>("entities", \HTTweet.Storage.entities),
        HTPropertyAccessor<HTTweet>("user", \HTTweet.Storage.user),
        HTPropertyAccessor<HTTweet>("retweeted_status", \HTTweet.Storage.retweeted_status),
        HTPropertyAccessor<HTTweet>("replies", \HTTweet.Storage.replies),
    ]
    static let htMapping: HTObjectMapping<HTTweet> = .defaultMapping()
}
