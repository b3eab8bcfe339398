import Foundation

/// The pages of a request's results, from the first to the last, each fetched when the loop asks for it
/// (``HTClient/pages(of:paging:)``). Breaking out of the loop fetches no more.
public struct HTPages<Request: HTBaseRequest & Sendable>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = HTPage<Request.Response>
    /// The client's error type.
    public typealias Failure = HTNetworkingError

    let client: HTClient
    let request: Request
    let paging: HTPaging

    /// An iterator that fetches the first page when first asked.
    public func makeAsyncIterator() -> Iterator {
        var first = HTPageRequest(base: request)
        switch paging.kind {
        case .pageNumber(let parameter, let number): first.parameter = (parameter, .integer(Int64(number)))
        case .offset(let parameter): first.parameter = (parameter, .integer(0))
        case .cursor, .linkHeader: break
        }
        return Iterator(client: client, paging: paging, pending: first)
    }

    /// Fetches one page at a time.
    public struct Iterator: AsyncIteratorProtocol {
        let client: HTClient
        let paging: HTPaging
        var pending: HTPageRequest<Request>?
        /// Why the page after the last one returned cannot be fetched (a link to another origin): thrown
        /// when the loop asks for it.
        var refusal: HTNetworkingError?
        var index = 0
        var itemsSoFar = 0

        /// The next page, or `nil` after the last.
        public mutating func next() async throws(HTNetworkingError) -> Element? {
            try await next(isolation: nil)
        }

        /// The next page, or `nil` after the last, on the caller's actor.
        ///
        /// - Throws: the request's error; `invalidRequest` for a `Link` to another origin than the
        ///   page's (the request is not sent).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(HTNetworkingError)
            -> Element?
        {
            if let refusal {
                self.refusal = nil
                throw refusal
            }
            guard let request = pending, index < paging.maximumPages else { return nil }
            pending = nil
            let response = try await client.response(for: request)
            let body = try? HTJSONParser().parse(response.raw.body)
            let count = Self.value(in: body, at: paging.itemsKeyPath ?? Request.responseKeyPath)?.arrayValue?.count
            let total = paging.totalKeyPath.flatMap { Self.value(in: body, at: $0)?.intValue }
            // A page after the first with no items is past the last: not a page.
            if index > 0, count == 0 { return nil }
            let page = HTPage(response: response, index: index, total: total)
            index += 1
            itemsSoFar += count ?? 0
            let ended = count == nil || count == 0 || total.map { itemsSoFar >= $0 } == true
            switch paging.kind {
            case .cursor(let keyPath, let parameter):
                guard let cursor = Self.value(in: body, at: keyPath), Self.isCursor(cursor) else { break }
                pending = HTPageRequest(base: request.base, parameter: (parameter, cursor))
            case .pageNumber(let parameter, let first):
                guard !ended else { break }
                pending = HTPageRequest(base: request.base, parameter: (parameter, .integer(Int64(first + index))))
            case .offset(let parameter):
                guard !ended else { break }
                pending = HTPageRequest(base: request.base, parameter: (parameter, .integer(Int64(itemsSoFar))))
            case .linkHeader:
                guard let link = response.raw.header("Link"),
                    let next = HTLinkHeader.target(of: link, relation: "next", base: response.raw.url)
                else { break }
                guard let current = response.raw.url, HTOrigin(next) == HTOrigin(current), HTOrigin(next) != nil else {
                    refusal = HTNetworkingError(
                        .invalidRequest(
                            "the next page's link \(next.absoluteString) is on another origin than the page's; it is not followed"
                        ),
                        request: HTRequestDescription(
                            method: Request.method.rawValue, url: next.absoluteString,
                            requestType: HTRequestTypeName.of(Request.self)))
                    break
                }
                pending = HTPageRequest(base: request.base, url: next)
            }
            return page
        }

        /// The value at `keyPath` in `body` (the whole body for `nil`).
        static func value(in body: HTJSON?, at keyPath: String?) -> HTJSON? {
            guard let keyPath else { return body }
            return body?.value(atKeyPath: keyPath)
        }

        /// Whether a cursor value names a next page: a non-empty string or a number.
        static func isCursor(_ value: HTJSON) -> Bool {
            switch value {
            case .string(let text): return !text.isEmpty
            case .integer, .number: return true
            default: return false
            }
        }
    }
}

extension HTClient {
    /// The pages of `request`'s results as `paging` says, fetched one at a time as the loop asks:
    ///
    /// ```swift
    /// for try await page in client.pages(of: ListOrdersRequest(status: .open), paging: .pageNumber("page")) {
    ///     orders += page.value
    /// }
    /// ```
    ///
    /// Each page is sent as `send` sends the request (interceptors, credentials, cache), with the paging
    /// parameter set, or to the `Link` header's next URL (only on the page's own origin).
    public func pages<R: HTBaseRequest & Sendable>(of request: R, paging: HTPaging) -> HTPages<R> {
        HTPages(client: self, request: request, paging: paging)
    }

    /// The pages of a request that says how it is paged (``HTPagedRequest/paging``).
    public func pages<R: HTPagedRequest>(of request: R) -> HTPages<R> {
        HTPages(client: self, request: request, paging: R.paging)
    }
}
