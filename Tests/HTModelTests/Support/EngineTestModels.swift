import Foundation
import HTModel

// Models for the engine, implicit-matching, hook and fuzz tests. `HTImplicitModel` and `HTTweet` are in
// the shape the generator emits (one table of key-path accessors); `HTImplicitAccessorModel` has the same
// properties with NEI's metadata lists written out by hand, so the derived and the explicit lists can be
// compared.

/// Properties whose JSON keys differ from the spellings servers use (`foo_bar`, `USER_ID`, …).
final class HTImplicitModel: HTHTTPModel, HTModelMappable {
    var fooBar: String?
    var userID: Int?
    var createdAt: String?
    var url2x: String?
    var score: Double?
    var child: HTImplicitModel?
    var children: [HTImplicitModel]?

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
final class HTImplicitAccessorModel: HTHTTPModel, HTModelMappable {
    var fooBar: String?
    var userID: Int?
    var createdAt: String?
    var url2x: String?
    var score: Double?
    var child: HTImplicitAccessorModel?
    var children: [HTImplicitAccessorModel]?

    required init() { super.init() }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "child": HTImplicitAccessorModel.self, "children": HTImplicitAccessorModel.self,
    ]
    static let baseTypePropertyList: [String] = ["fooBar", "userID", "createdAt", "url2x", "score"]
    static let htAccessors: [HTPropertyAccessor<HTImplicitAccessorModel>] = [
        HTPropertyAccessor<HTImplicitAccessorModel>("fooBar", \HTImplicitAccessorModel.fooBar),
        HTPropertyAccessor<HTImplicitAccessorModel>("userID", \HTImplicitAccessorModel.userID),
        HTPropertyAccessor<HTImplicitAccessorModel>("createdAt", \HTImplicitAccessorModel.createdAt),
        HTPropertyAccessor<HTImplicitAccessorModel>("url2x", \HTImplicitAccessorModel.url2x),
        HTPropertyAccessor<HTImplicitAccessorModel>("score", \HTImplicitAccessorModel.score),
        HTPropertyAccessor<HTImplicitAccessorModel>("child", \HTImplicitAccessorModel.child),
        HTPropertyAccessor<HTImplicitAccessorModel>("children", \HTImplicitAccessorModel.children),
    ]
    static let htMapping: HTObjectMapping<HTImplicitAccessorModel> = .defaultMapping()
}

/// A tweet-like model for fuzzing: scalars of every kind, a nested model, itself recursively, an
/// array of arrays, an open enum and a `Variable`.
final class HTTweet: HTHTTPModel, HTModelMappable {
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

    required init() { super.init() }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "replies": HTTweet.self, "retweeted_status": HTTweet.self, "user": HTUser.self,
    ]
    static let baseTypePropertyList: [String] = [
        "id", "text", "favorited", "retweet_count", "score", "created_at", "source", "lang", "coordinates", "entities",
    ]
    static let htAccessors: [HTPropertyAccessor<HTTweet>] = [
        HTPropertyAccessor<HTTweet>("id", \HTTweet.id),
        HTPropertyAccessor<HTTweet>("text", \HTTweet.text),
        HTPropertyAccessor<HTTweet>("favorited", \HTTweet.favorited),
        HTPropertyAccessor<HTTweet>("retweet_count", \HTTweet.retweet_count),
        HTPropertyAccessor<HTTweet>("score", \HTTweet.score),
        HTPropertyAccessor<HTTweet>("created_at", \HTTweet.created_at),
        HTPropertyAccessor<HTTweet>("source", \HTTweet.source),
        HTPropertyAccessor<HTTweet>("lang", \HTTweet.lang),
        HTPropertyAccessor<HTTweet>("coordinates", \HTTweet.coordinates),
        HTPropertyAccessor<HTTweet>("entities", \HTTweet.entities),
        HTPropertyAccessor<HTTweet>("user", \HTTweet.user),
        HTPropertyAccessor<HTTweet>("retweeted_status", \HTTweet.retweeted_status),
        HTPropertyAccessor<HTTweet>("replies", \HTTweet.replies),
    ]
    static let htMapping: HTObjectMapping<HTTweet> = .defaultMapping()
}
