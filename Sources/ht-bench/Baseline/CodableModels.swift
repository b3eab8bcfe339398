// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (this file only: the property names are the JSON keys, snake_case, so Codable needs no CodingKeys)
// The JSONDecoder/JSONEncoder baseline of ht-bench: hand-written Codable types with the same fields
// as the generated models (Sources/ht-bench/Specs), each optional, named as the JSON keys so the
// synthesized conformances need no CodingKeys. Types are structs, as a Codable user would write them
// (a class only where a type contains itself); `Variable` fields are `BenchJSON`, except the
// id-keyed maps of citm_catalog.json and weibo.json, typed as dictionaries (the natural Codable
// form, and faster for JSONDecoder than a generic JSON value).

import Foundation

// MARK: - twitter.json

struct CodableTwitterSearch: Codable {
    var statuses: [CodableTwitterStatus]?
    var search_metadata: CodableTwitterSearchMetadata?
}

final class CodableTwitterStatus: Codable {
    var metadata: CodableTwitterStatusMetadata?
    var created_at: String?
    var id: Int?
    var id_str: String?
    var text: String?
    var source: String?
    var truncated: Bool?
    var in_reply_to_status_id: Int?
    var in_reply_to_status_id_str: String?
    var in_reply_to_user_id: Int?
    var in_reply_to_user_id_str: String?
    var in_reply_to_screen_name: String?
    var user: CodableTwitterUser?
    var geo: BenchJSON?
    var coordinates: BenchJSON?
    var place: BenchJSON?
    var contributors: BenchJSON?
    var retweet_count: Int?
    var favorite_count: Int?
    var entities: CodableTwitterEntities?
    var favorited: Bool?
    var retweeted: Bool?
    var lang: String?
    var retweeted_status: CodableTwitterStatus?
    var possibly_sensitive: Bool?
}

struct CodableTwitterStatusMetadata: Codable {
    var result_type: String?
    var iso_language_code: String?
}

struct CodableTwitterUser: Codable {
    var id: Int?
    var id_str: String?
    var name: String?
    var screen_name: String?
    var location: String?
    var description: String?
    var url: String?
    var entities: CodableTwitterUserEntities?
    var protected: Bool?
    var followers_count: Int?
    var friends_count: Int?
    var listed_count: Int?
    var created_at: String?
    var favourites_count: Int?
    var utc_offset: Int?
    var time_zone: String?
    var geo_enabled: Bool?
    var verified: Bool?
    var statuses_count: Int?
    var lang: String?
    var contributors_enabled: Bool?
    var is_translator: Bool?
    var is_translation_enabled: Bool?
    var profile_background_color: String?
    var profile_background_image_url: String?
    var profile_background_image_url_https: String?
    var profile_background_tile: Bool?
    var profile_image_url: String?
    var profile_image_url_https: String?
    var profile_banner_url: String?
    var profile_link_color: String?
    var profile_sidebar_border_color: String?
    var profile_sidebar_fill_color: String?
    var profile_text_color: String?
    var profile_use_background_image: Bool?
    var default_profile: Bool?
    var default_profile_image: Bool?
    var following: Bool?
    var follow_request_sent: Bool?
    var notifications: Bool?
}

struct CodableTwitterUserEntities: Codable {
    var description: CodableTwitterURLList?
    var url: CodableTwitterURLList?
}

struct CodableTwitterURLList: Codable {
    var urls: [CodableTwitterURL]?
}

struct CodableTwitterEntities: Codable {
    var hashtags: [CodableTwitterHashtag]?
    var symbols: [BenchJSON]?
    var urls: [CodableTwitterURL]?
    var user_mentions: [CodableTwitterUserMention]?
    var media: [CodableTwitterMedia]?
}

struct CodableTwitterUserMention: Codable {
    var screen_name: String?
    var name: String?
    var id: Int?
    var id_str: String?
    var indices: [Int]?
}

struct CodableTwitterURL: Codable {
    var url: String?
    var expanded_url: String?
    var display_url: String?
    var indices: [Int]?
}

struct CodableTwitterMedia: Codable {
    var id: Int?
    var id_str: String?
    var indices: [Int]?
    var media_url: String?
    var media_url_https: String?
    var url: String?
    var display_url: String?
    var expanded_url: String?
    var type: String?
    var sizes: CodableTwitterSizes?
    var source_status_id: Int?
    var source_status_id_str: String?
}

struct CodableTwitterSizes: Codable {
    var medium: CodableTwitterSize?
    var small: CodableTwitterSize?
    var thumb: CodableTwitterSize?
    var large: CodableTwitterSize?
}

struct CodableTwitterSize: Codable {
    var w: Int?
    var h: Int?
    var resize: String?
}

struct CodableTwitterHashtag: Codable {
    var text: String?
    var indices: [Int]?
}

struct CodableTwitterSearchMetadata: Codable {
    var completed_in: Double?
    var max_id: Int?
    var max_id_str: String?
    var next_results: String?
    var query: String?
    var refresh_url: String?
    var count: Int?
    var since_id: Int?
    var since_id_str: String?
}

// MARK: - citm_catalog.json

struct CodableCitmCatalog: Codable {
    var areaNames: [String: String]?
    var audienceSubCategoryNames: [String: String]?
    var blockNames: [String: String]?
    var events: [String: CodableCitmEvent]?
    var performances: [CodableCitmPerformance]?
    var seatCategoryNames: [String: String]?
    var subTopicNames: [String: String]?
    var subjectNames: [String: String]?
    var topicNames: [String: String]?
    var topicSubTopics: [String: [Int]]?
    var venueNames: [String: String]?
}

struct CodableCitmPerformance: Codable {
    var eventId: Int?
    var id: Int?
    var logo: String?
    var name: String?
    var prices: [CodableCitmPrice]?
    var seatCategories: [CodableCitmSeatCategory]?
    var seatMapImage: String?
    var start: Int?
    var venueCode: String?
}

struct CodableCitmPrice: Codable {
    var amount: Int?
    var audienceSubCategoryId: Int?
    var seatCategoryId: Int?
}

struct CodableCitmSeatCategory: Codable {
    var areas: [CodableCitmArea]?
    var seatCategoryId: Int?
}

struct CodableCitmArea: Codable {
    var areaId: Int?
    var blockIds: [Int]?
}

/// An entry of citm_catalog.json's `events` map (a `Variable` field of the generated models).
struct CodableCitmEvent: Codable {
    var description: String?
    var id: Int?
    var logo: String?
    var name: String?
    var subTopicIds: [Int]?
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]?
}

// MARK: - canada.json

struct CodableCanadaFeatureCollection: Codable {
    var type: String?
    var features: [CodableCanadaFeature]?
}

struct CodableCanadaFeature: Codable {
    var type: String?
    var properties: CodableCanadaProperties?
    var geometry: CodableCanadaGeometry?
}

struct CodableCanadaProperties: Codable {
    var name: String?
}

struct CodableCanadaGeometry: Codable {
    var type: String?
    var coordinates: [[[Double]]]?
}

// MARK: - weibo.json

struct CodableWeiboStatus: Codable {
    var favorited: Bool?
    var attitudes_status: Int?
    var created_at: String?
    var id: Int?
    var truncated: Bool?
    var in_reply_to_screen_name: String?
    var mblogid: String?
    var text: String?
    var idstr: String?
    var source_type: Int?
    var geo: String?
    var user: CodableWeiboUser?
    var comments_count: Int?
    var thumbnail_pic: String?
    var source: String?
    var recom_state: Int?
    var source_allowclick: Int?
    var biz_feature: Int?
    var mblogtypename: String?
    var annotations: [CodableWeiboAnnotation]?
    var filterID: String?
    var bmiddle_pic: String?
    var scheme: String?
    var visible: CodableWeiboVisible?
    var in_reply_to_status_id: String?
    var mid: String?
    var pic_ids: [String]?
    var reposts_count: Int?
    var mlevel: Int?
    var attitudes_count: Int?
    var darwin_tags: [BenchJSON]?
    var userType: Int?
    var pic_infos: [String: CodableWeiboPicInfo]?
    var in_reply_to_user_id: String?
    var original_pic: String?
}

struct CodableWeiboUser: Codable {
    var cover_image_phone: String?
    var id: Int?
    var bi_followers_count: Int?
    var urank: Int?
    var profile_image_url: String?
    var icons: [CodableWeiboIcon]?
    var `class`: Int?
    var verified_contact_email: String?
    var province: String?
    var verified: Bool?
    var url: String?
    var statuses_count: Int?
    var geo_enabled: Bool?
    var follow_me: Bool?
    var description: String?
    var type: Int?
    var followers_count: Int?
    var verified_contact_mobile: String?
    var location: String?
    var mbrank: Int?
    var avatar_large: String?
    var star: Int?
    var verified_trade: String?
    var profile_url: String?
    var weihao: String?
    var online_status: Int?
    var badge_top: String?
    var verified_contact_name: String?
    var screen_name: String?
    var verified_source_url: String?
    var pagefriends_count: Int?
    var name: String?
    var verified_reason: String?
    var friends_count: Int?
    var mbtype: Int?
    var block_app: Int?
    var has_ability_tag: Int?
    var avatar_hd: String?
    var credit_score: Int?
    var remark: String?
    var created_at: String?
    var block_word: Int?
    var ulevel: Int?
    var allow_all_act_msg: Bool?
    var verified_state: Int?
    var domain: String?
    var verified_reason_modified: String?
    var level: Int?
    var allow_all_comment: Bool?
    var verified_level: Int?
    var verified_reason_url: String?
    var gender: String?
    var favourites_count: Int?
    var idstr: String?
    var verified_type: Int?
    var city: String?
    var verified_source: String?
    var badge: CodableWeiboBadge?
    var user_ability: Int?
    var extend: CodableWeiboUserExtend?
    var lang: String?
    var ptype: Int?
    var following: Bool?
}

struct CodableWeiboIcon: Codable {
    var url: String?
}

struct CodableWeiboBadge: Codable {
    var gongyi: Int?
    var gongyi_level: Int?
    var enterprise: Int?
    var zongyiji: Int?
    var suishoupai_2014: Int?
    var travel2013: Int?
    var anniversary: Int?
    var taobao: Int?
    var hongbao_2014: Int?
    var dzwbqlv_2015: Int?
    var uc_domain: Int?
    var bind_taobao: Int?
    var dailv: Int?
    var pzsd_2015: Int?
}

struct CodableWeiboUserExtend: Codable {
    var privacy: CodableWeiboPrivacy?
    var mbprivilege: String?
}

struct CodableWeiboPrivacy: Codable {
    var mobile: Int?
}

struct CodableWeiboAnnotation: Codable {
    var client_mblogid: String?
    var mapi_request: Bool?
}

struct CodableWeiboVisible: Codable {
    var type: Int?
    var list_id: Int?
}

/// An entry of weibo.json's `pic_infos` map (a `Variable` field of the generated models).
struct CodableWeiboPicInfo: Codable {
    var thumbnail: CodableWeiboPicture?
    var bmiddle: CodableWeiboPicture?
    var large: CodableWeiboPicture?
    var largest: CodableWeiboPicture?
    var original: CodableWeiboPicture?
    var middleplus: CodableWeiboPicture?
    var pic_id: String?
    var photo_tag: Int?
    var filter_id: String?
    var object_id: String?
}

/// One size of a weibo.json picture; `width` and `height` are numbers or strings holding numbers.
struct CodableWeiboPicture: Codable {
    var cut_type: Int?
    var type: String?
    var url: String?
    var width: BenchLenientInt?
    var height: BenchLenientInt?
}

// MARK: - github-user.json

struct CodableGithubUser: Codable {
    var login: String?
    var id: Int?
    var avatar_url: String?
    var gravatar_id: String?
    var url: String?
    var html_url: String?
    var followers_url: String?
    var following_url: String?
    var gists_url: String?
    var starred_url: String?
    var subscriptions_url: String?
    var organizations_url: String?
    var repos_url: String?
    var events_url: String?
    var received_events_url: String?
    var type: String?
    var site_admin: Bool?
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var hireable: Bool?
    var bio: String?
    var public_repos: Int?
    var public_gists: Int?
    var followers: Int?
    var following: Int?
}
