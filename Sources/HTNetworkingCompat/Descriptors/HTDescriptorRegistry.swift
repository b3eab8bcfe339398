import Foundation
import HTNetworking

/// The response and request descriptors of a client (the descriptor half of RestKit's
/// `RKObjectManager`): it picks the descriptors for a response, maps the response through them, and
/// turns objects into request parameters.
///
/// ## Which response descriptors apply
///
/// As in RestKit, every descriptor whose methods, path pattern and status codes match the response
/// applies, and each maps the value at its own key path, so one response can fill several key paths
/// (`{"user": {…}, "articles": […]}`). Several descriptors for the **same** key path compete, and one
/// wins:
///
/// 1. the more specific path pattern (``HTPathPattern/isMoreSpecific(than:)``: `/users/me` over
///    `/users/:id`); any pattern over none;
/// 2. then named methods over ``HTMethodSet/any``;
/// 3. then fewer status codes (`200` over `2xx`);
/// 4. then the descriptor added last, which is RestKit's rule: its mappings dictionary is keyed by key
///    path, and later descriptors overwrite earlier ones. (RestKit applies only this last rule; the
///    first three let general descriptors and specific ones be registered in any order.)
///
/// Results come in the order the key paths' first descriptors were added.
public struct HTDescriptorRegistry: Sendable {
    /// The response descriptors, in the order they were added.
    public private(set) var responseDescriptors: [HTResponseDescriptor]
    /// The request descriptors, in the order they were added.
    public private(set) var requestDescriptors: [HTRequestDescriptor]

    /// Creates a registry.
    public init(responseDescriptors: [HTResponseDescriptor] = [], requestDescriptors: [HTRequestDescriptor] = []) {
        self.responseDescriptors = responseDescriptors
        self.requestDescriptors = requestDescriptors
    }

    /// Adds a response descriptor.
    public mutating func add(_ descriptor: HTResponseDescriptor) {
        responseDescriptors.append(descriptor)
    }

    /// Adds a request descriptor.
    public mutating func add(_ descriptor: HTRequestDescriptor) {
        requestDescriptors.append(descriptor)
    }

    // MARK: Responses

    /// The descriptors that apply to a response: one per key path, chosen as the type's documentation
    /// says, in the order their key paths' first descriptors were added.
    ///
    /// - Parameters:
    ///   - method: the request's HTTP method.
    ///   - path: the URL path relative to the base URL, as sent (see ``relativePath(of:baseURL:)``).
    ///   - statusCode: the response's status code.
    public func responseDescriptors(method: String, path: String, statusCode: Int) -> [HTResponseDescriptor] {
        var winners: [(keyPath: String?, descriptor: HTResponseDescriptor)] = []
        for descriptor in responseDescriptors
        where descriptor.matches(method: method, path: path, statusCode: statusCode) {
            if let slot = winners.firstIndex(where: { $0.keyPath == descriptor.keyPath }) {
                if !Self.isMoreSpecific(winners[slot].descriptor, than: descriptor) {
                    winners[slot].descriptor = descriptor
                }
            } else {
                winners.append((descriptor.keyPath, descriptor))
            }
        }
        return winners.map(\.descriptor)
    }

    /// Maps a parsed response body through the descriptors that apply to it.
    ///
    /// An empty body (`null`, which is what the client makes of an empty response) gives an empty
    /// result, as RestKit treats empty responses as success.
    ///
    /// - Throws: ``HTResponseMappingError/noMatchingDescriptor(method:path:statusCode:)`` when no descriptor
    ///   applies; ``HTResponseMappingError/nothingAtKeyPaths(_:)`` when none of their key paths holds
    ///   anything; ``HTResponseMappingError/mapping(_:)`` in strict mode when a value cannot be converted.
    public func mapResponse(
        _ body: HTJSON, method: String, path: String, statusCode: Int, options: HTMappingOptions = .lenient
    ) throws(HTResponseMappingError) -> HTMappingResult {
        let descriptors = responseDescriptors(method: method, path: path, statusCode: statusCode)
        guard !descriptors.isEmpty else {
            throw .noMatchingDescriptor(method: method, path: path, statusCode: statusCode)
        }
        if case .null = body { return HTMappingResult(entries: []) }
        var context = HTMappingContext(options: options)
        var entries: [HTMappingResult.Entry] = []
        for descriptor in descriptors {
            if let objects = descriptor.mapObjects(in: body, context: &context) {
                entries.append(
                    HTMappingResult.Entry(keyPath: descriptor.keyPath, descriptor: descriptor, objects: objects))
            }
        }
        do {
            try context.checkStrict()
        } catch {
            throw .mapping(error)
        }
        guard !entries.isEmpty else { throw .nothingAtKeyPaths(descriptors.map(\.keyPath)) }
        return HTMappingResult(entries: entries, diagnostics: context.diagnostics)
    }

    /// Maps a response for `url`, whose path is taken relative to `baseURL` (see
    /// ``relativePath(of:baseURL:)``). A URL outside the base URL matches no descriptor.
    public func mapResponse(
        _ body: HTJSON, method: String, url: URL, baseURL: URL?, statusCode: Int, options: HTMappingOptions = .lenient
    ) throws(HTResponseMappingError) -> HTMappingResult {
        guard let path = Self.relativePath(of: url, baseURL: baseURL) else {
            throw .noMatchingDescriptor(method: method, path: url.absoluteString, statusCode: statusCode)
        }
        return try mapResponse(body, method: method, path: path, statusCode: statusCode, options: options)
    }

    /// The path of `url` relative to `baseURL`, percent-encoded as sent: `https://h/api/v1/users/7?x=1`
    /// with base `https://h/api/v1/` gives `/users/7`. `nil` when the URL is not under the base URL
    /// (another scheme, host or port, or a path outside the base path). Without a base URL, the URL's
    /// whole path.
    public static func relativePath(of url: URL, baseURL: URL?) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        guard let baseURL else { return path }
        guard let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            base.scheme?.lowercased() == components.scheme?.lowercased(),
            base.host?.lowercased() == components.host?.lowercased(),
            base.port == components.port
        else { return nil }
        var basePath = base.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        if basePath.isEmpty { return path }
        if path == basePath { return "/" }
        guard path.hasPrefix(basePath + "/") else { return nil }
        return String(path.dropFirst(basePath.count))
    }

    /// Whether `lhs` beats `rhs` for the same key path by rules 1 to 3 of the type's documentation.
    static func isMoreSpecific(_ lhs: HTResponseDescriptor, than rhs: HTResponseDescriptor) -> Bool {
        switch (lhs.pathPattern, rhs.pathPattern) {
        case (.some, .none): return true
        case (.none, .some): return false
        case (.some(let left), .some(let right)):
            if left.isMoreSpecific(than: right) { return true }
            if right.isMoreSpecific(than: left) { return false }
        case (.none, .none): break
        }
        if lhs.methods.isAny != rhs.methods.isAny { return !lhs.methods.isAny }
        return lhs.statusCodes.count < rhs.statusCodes.count
    }

    // MARK: Requests

    /// The request descriptor for `object` sent with `method`: one for exactly its type, preferring
    /// named methods over ``HTMethodSet/any``, then the one added last.
    public func requestDescriptor(for object: any HTModelMappable, method: String) -> HTRequestDescriptor? {
        var best: HTRequestDescriptor?
        for descriptor in requestDescriptors where descriptor.matches(object, method: method) {
            if let current = best, !current.methods.isAny, descriptor.methods.isAny { continue }
            best = descriptor
        }
        return best
    }

    /// The parameters for `object` sent with `method`, through its request descriptor; `nil` when no
    /// descriptor applies.
    public func parameters(for object: any HTModelMappable, method: String) -> HTJSONObject? {
        requestDescriptor(for: object, method: method)?.parameters(for: object)
    }
}
