import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests and maps their responses (the original's `RKObjectManager` with `HTBaseRequest`'s
/// start methods). An app may have several independent clients.
///
/// ```swift
/// let client = HTClient(baseURL: URL(string: "https://api.example.com")!)
/// let photos = try await client.send(HTGetUserPhotoListRequest(userName: "alice"))
/// ```
public final class HTClient: Sendable {
    /// The settings.
    public let configuration: HTClientConfiguration
    /// How requests are sent.
    public let transport: any HTTransport

    /// Creates a client.
    public init(configuration: HTClientConfiguration, transport: any HTTransport = HTURLSessionTransport()) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Creates a client for `baseURL` with default settings.
    public convenience init(baseURL: URL, transport: any HTTransport = HTURLSessionTransport()) {
        self.init(configuration: HTClientConfiguration(baseURL: baseURL), transport: transport)
    }

    /// Sends `request` and returns the mapped response value.
    public func send<R: HTBaseRequest>(_ request: sending R) async throws(HTNetworkingError) -> sending R.Response {
        try await response(for: request).value
    }

    /// Sends `request` and returns the mapped value with the raw response and mapping diagnostics.
    public func response<R: HTBaseRequest>(for request: sending R) async throws(HTNetworkingError) -> sending HTResponse<R.Response> {
        let urlRequest = try self.urlRequest(for: request)
        let description = HTRequestDescription(
            method: R.method.rawValue, url: urlRequest.url?.absoluteString ?? R.path, requestType: String(describing: R.self))
        let accepted = request.acceptedStatusCodes ?? configuration.acceptedStatusCodes
        let options = request.mappingOptions ?? configuration.mappingOptions
        // The response cache (Cache/HTCacheExchange.swift): a hit skips the transport; a 304 to a
        // revalidation serves the stored response; a mapped network response is stored per policy.
        var cache = HTCacheExchange(for: request, urlRequest: urlRequest, configuration: configuration)
        if let hit = cache.hit {
            if var cached = try? Self.map(hit, as: R.self, accepted: accepted, options: options, description: description) {
                cached.isFromCache = true
                return cached
            }
            cache.discardHit()
        }
        let (raw, fromCache) = cache.resolve(try await perform(cache.request, description: description))
        var response = try Self.map(raw, as: R.self, accepted: accepted, options: options, description: description)
        response.isFromCache = fromCache
        cache.store(raw, fromCache: fromCache)
        return response
    }

    /// The `URLRequest` the client would send for `request`.
    public func urlRequest<R: HTBaseRequest>(for request: R) throws(HTNetworkingError) -> URLRequest {
        try HTRequestBuilder.urlRequest(for: request, configuration: configuration)
    }

    private func perform(_ urlRequest: URLRequest, description: HTRequestDescription) async throws(HTNetworkingError) -> HTTransportResponse {
        if Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }
        do {
            return try await transport.send(urlRequest)
        } catch let error as HTNetworkingError {
            throw error
        } catch let error as URLError {
            if error.code == .cancelled || Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }
            throw HTNetworkingError(.transport(code: error.code.rawValue, message: error.localizedDescription), request: description)
        } catch is CancellationError {
            throw HTNetworkingError(.cancelled, request: description)
        } catch {
            if Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }
            throw HTNetworkingError(.transport(code: nil, message: String(describing: error)), request: description)
        }
    }

    /// Checks the status, parses the body and maps the payload at the request's key path.
    static func map<R: HTBaseRequest>(
        _ raw: HTTransportResponse, as type: R.Type, accepted: Set<Int>, options: HTMappingOptions,
        description: HTRequestDescription
    ) throws(HTNetworkingError) -> HTResponse<R.Response> {
        guard accepted.contains(raw.statusCode) else {
            throw HTNetworkingError(
                .status(code: raw.statusCode, body: raw.body), request: description, statusCode: raw.statusCode,
                responseHeaders: raw.headers)
        }
        let json: HTJSON
        if raw.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            json = .null
        } else {
            do {
                json = try HTJSONParser().parse(raw.body)
            } catch {
                throw HTNetworkingError(.decoding(error), request: description, statusCode: raw.statusCode)
            }
        }
        var payload = json
        let keyPath = R.responseKeyPath.map { HTJSONPath(keyPath: $0) } ?? HTJSONPath()
        for component in keyPath.components {
            guard case .key(let key) = component, case .object(let object) = payload, let next = object[key] else {
                if R.Response.self == HTJSON.self {
                    payload = .null
                    break
                }
                throw HTNetworkingError(
                    .mapping(HTMappingError(path: keyPath, message: "the response has no value at this key path")),
                    request: description, statusCode: raw.statusCode)
            }
            payload = next
        }
        var context = HTMappingContext(options: options, path: keyPath)
        do {
            let value = try R.Response.htMap(payload, context: &context)
            return HTResponse(value: value, raw: raw, diagnostics: context.diagnostics)
        } catch {
            throw HTNetworkingError(.mapping(error), request: description, statusCode: raw.statusCode)
        }
    }
}
