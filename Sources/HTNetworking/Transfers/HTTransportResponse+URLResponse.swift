import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTransportResponse {
    /// The response of a URLSession task.
    init(_ response: URLResponse, body: Data) throws {
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        self.init(statusCode: http.statusCode, headers: headers, body: body, url: http.url)
    }
}
