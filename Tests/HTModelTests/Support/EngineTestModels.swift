import Foundation
import HTModel

// Models for the engine, implicit-matching, hook and fuzz tests. `HTImplicitModel` and `HTTweet` are in
// the exact shape the generator emits now (key-path accessors plus the `htDecodeProperty` /
// `htEncodeProperty` switches); `HTImplicitAccessorModel` has the same properties but no switches, so it
// maps through the protocol's default (the accessors) and the two paths can be compared.

/// Properties whose JSON keys differ from the spellings servers use (`foo_bar`, `USER_ID`, …).
final class HTImplicitModel: HTHTTPModel, HTModelMappable {
    var fooBar: String?
    var userID: Int?
    var createdAt: String?
    var url2x: String?
    var score: Double?
    var child: HTImplicitModel?
    var children: [HTImplicitModel]?

    required init() { super.init() }

    static let customTypePropertyDic: [String: any HTModelMappable.Type] = [
        "child": HTImplicitModel.self, "children": HTImplicitModel.self,
    ]
    static let baseTypePropertyList: [String] = ["fooBar", "userID", "createdAt", "url2x", "score"]
    static let htAccessors: [HTPropertyAccessor<HTImplicitModel>] = [
        HTPropertyAccessor<HTImplicitModel>("fooBar", \HTImplicitModel.fooBar),
        HTPropertyAccessor<HTImplicitModel>("userID", \HTImplicitModel.userID),
        HTPropertyAccessor<HTImplicitModel>("createdAt", \HTImplicitModel.createdAt),
        HTPropertyAccessor<HTImplicitModel>("url2x", \HTImplicitModel.url2x),
        HTPropertyAccessor<HTImplicitModel>("score", \HTImplicitModel.score),
        HTPropertyAccessor<HTImplicitModel>("child", \HTImplicitModel.child),
        HTPropertyAccessor<HTImplicitModel>("children", \HTImplicitModel.children),
    ]
    static let htMapping: HTObjectMapping<HTImplicitModel> = .defaultMapping()

    static func htDecodeProperty(_ index: Int, of model: HTImplicitModel, from json: HTJSON, context: inout HTMappingContext) {
        switch index {
        case 0: HTMapper.decode(json, into: &model.fooBar, context: &context)
        case 1: HTMapper.decode(json, into: &model.userID, context: &context)
        case 2: HTMapper.decode(json, into: &model.createdAt, context: &context)
        case 3: HTMapper.decode(json, into: &model.url2x, context: &context)
        case 4: HTMapper.decode(json, into: &model.score, context: &context)
        case 5: HTMapper.decode(json, into: &model.child, context: &context)
        case 6: HTMapper.decode(json, into: &model.children, context: &context)
        default: break
        }
    }

    static func htEncodeProperty(_ index: Int, of model: HTImplicitModel, to writer: HTJSONWriter) -> Bool {
        switch index {
        case 0: return HTMapper.encode(model.fooBar, to: writer)
        case 1: return HTMapper.encode(model.userID, to: writer)
        case 2: return HTMapper.encode(model.createdAt, to: writer)
        case 3: return HTMapper.encode(model.url2x, to: writer)
        case 4: return HTMapper.encode(model.score, to: writer)
        case 5: return HTMapper.encode(model.child, to: writer)
        case 6: return HTMapper.encode(model.children, to: writer)
        default: return false
        }
    }
}

/// The same properties as `HTImplicitModel`, mapped through the accessors (no generated switches).
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
    var retweet_count: Int?
    var score: Double?
    var created_at: Date?
    var source: URL?
    var lang: HTAccountState?
    var coordinates: [[Double]]?
    var entities: HTJSON?
    var user: HTUser?
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

    static func htDecodeProperty(_ index: Int, of model: HTTweet, from json: HTJSON, context: inout HTMappingContext) {
        switch index {
        case 0: HTMapper.decode(json, into: &model.id, context: &context)
        case 1: HTMapper.decode(json, into: &model.text, context: &context)
        case 2: HTMapper.decode(json, into: &model.favorited, context: &context)
        case 3: HTMapper.decode(json, into: &model.retweet_count, context: &context)
        case 4: HTMapper.decode(json, into: &model.score, context: &context)
        case 5: HTMapper.decode(json, into: &model.created_at, context: &context)
        case 6: HTMapper.decode(json, into: &model.source, context: &context)
        case 7: HTMapper.decode(json, into: &model.lang, context: &context)
        case 8: HTMapper.decode(json, into: &model.coordinates, context: &context)
        case 9: HTMapper.decode(json, into: &model.entities, context: &context)
        case 10: HTMapper.decode(json, into: &model.user, context: &context)
        case 11: HTMapper.decode(json, into: &model.retweeted_status, context: &context)
        case 12: HTMapper.decode(json, into: &model.replies, context: &context)
        default: break
        }
    }

    static func htEncodeProperty(_ index: Int, of model: HTTweet, to writer: HTJSONWriter) -> Bool {
        switch index {
        case 0: return HTMapper.encode(model.id, to: writer)
        case 1: return HTMapper.encode(model.text, to: writer)
        case 2: return HTMapper.encode(model.favorited, to: writer)
        case 3: return HTMapper.encode(model.retweet_count, to: writer)
        case 4: return HTMapper.encode(model.score, to: writer)
        case 5: return HTMapper.encode(model.created_at, to: writer)
        case 6: return HTMapper.encode(model.source, to: writer)
        case 7: return HTMapper.encode(model.lang, to: writer)
        case 8: return HTMapper.encode(model.coordinates, to: writer)
        case 9: return HTMapper.encode(model.entities, to: writer)
        case 10: return HTMapper.encode(model.user, to: writer)
        case 11: return HTMapper.encode(model.retweeted_status, to: writer)
        case 12: return HTMapper.encode(model.replies, to: writer)
        default: return false
        }
    }
}
