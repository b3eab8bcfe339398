import HTNetworking

// Hand-written: the generator refuses a path that is an absolute URL (issue #35: a spec must not send
// a request away from the client's base URL), but the runtime still sends a hand-written request whose
// `path` is one; its tests need such a request. Same shape as the one `users.htspec.json` generated.

/// `GET https://files.example.com:8443/v2/items/:itemId`: an absolute URL with a port and a path
/// parameter.
package struct AbsoluteRequest: HTBaseRequest, Sendable {
    package typealias Response = HTJSON

    package static var method: HTHTTPMethod { .get }
    package static var path: String { "https://files.example.com:8443/v2/items/:itemId" }

    /// The path parameter.
    package var itemId: String

    /// A request for the item `itemId`.
    package init(itemId: String) {
        self.itemId = itemId
    }

    package var parameters: HTJSONObject {
        var parameters = HTJSONObject()
        parameters.append("itemId", self.itemId.htJSON)
        return parameters
    }
}
