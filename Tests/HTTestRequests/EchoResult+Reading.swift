import HTNetworking

// What the tests read from an echo: the fields the generator renames (every request has a `method`, a
// `path` and `headers`, and generated names keep clear of them), and single headers and parameters.
extension EchoResult {
    /// The request's method (the JSON key `method`, generated as `method_`).
    package var method: String? { htStorage.method_ }

    /// The request's path without the query (the JSON key `path`, generated as `path_`).
    package var path: String? { htStorage.path_ }

    /// Each request header by lower-cased name (the JSON key `headers`, generated as `headers_`).
    package var headers: HTJSON? { htStorage.headers_ }

    /// The value of a request header as the server saw it (the server lower-cases names).
    package func header(_ name: String) -> String? {
        guard case .object(let object)? = headers, case .string(let value)? = object[name.lowercased()] else {
            return nil
        }
        return value
    }

    /// The values of a query parameter (or form field) as the server saw them.
    package static func values(_ name: String, in json: HTJSON?) -> [String]? {
        guard case .object(let object)? = json, case .array(let values)? = object[name] else { return nil }
        return values.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
    }
}
