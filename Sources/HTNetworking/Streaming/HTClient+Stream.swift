import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTClient {
    /// Sends `request` and returns its `text/event-stream` response as events, decoded as they arrive.
    ///
    /// ```swift
    /// let events = try await client.events(HTWatchOrdersRequest(), reconnect: HTEventStreamReconnection())
    /// for try await event in events where event.event == "order" {
    ///     show(event.data)
    /// }
    /// ```
    ///
    /// The request is built and routed as for ``send(_:)``: the client's credential providers, its and
    /// the request's interceptors (they see the status and headers, with an empty body, or the first
    /// 64 KiB of the body of a status the request does not accept), mocks when mocking is on (a mock's
    /// body is read in one piece), the transport for its request type (an ``HTStreamingTransport``
    /// delivers the body as it arrives). The timeout bounds the wait for the response's status and
    /// headers, which arrive with the first bytes of the body; after that, the transport's idle
    /// timeout applies (URLSession's `timeoutInterval`, from the request's timeout). Not the response
    /// cache, not ``cancelAll()`` once the stream is open (cancel the reading task), and no freeze.
    ///
    /// - Parameters:
    ///   - request: the request to send.
    ///   - reconnect: whether, when and how often to reconnect with `Last-Event-ID` when the stream ends
    ///     or drops; `nil` (the default) ends the stream with the connection.
    /// - Returns: the events; see ``HTStream`` for how it is read and what it throws.
    /// - Throws: as ``send(_:)`` does before the body: `status` (with up to 64 KiB of the body and
    ///   ``HTNetworkingError/documentedError``), `transport`, `cancelled`, `invalidRequest`,
    ///   `missingCredentials`.
    public func events<R: HTEventStreamRequest>(_ request: R, reconnect: HTEventStreamReconnection? = nil)
        async throws(HTNetworkingError) -> sending HTStream<HTServerSentEvent<R.EventPayload>>
    {
        let prepared = try prepare(request, cache: .none)
        let decoder = HTEventStreamDecoding<R.EventPayload>(
            options: prepared.rules.mappingOptions, request: prepared.description)
        guard let (head, body) = try await openStream(prepared, accept: "text/event-stream", lastEventID: nil) else {
            return HTStream(
                reader: HTStreamReader(
                    head: HTTransportResponse(statusCode: 204), body: HTStreamedBody(Data()), decoder: decoder,
                    request: prepared.description))
        }
        var reopen: HTStreamReader<HTServerSentEvent<R.EventPayload>>.Reopen?
        if reconnect != nil {
            reopen = { @Sendable [self] lastEventID throws(HTNetworkingError) in
                try await openStream(prepared, accept: "text/event-stream", lastEventID: lastEventID)
            }
        }
        return HTStream(
            reader: HTStreamReader(
                head: head, body: body, decoder: decoder, request: prepared.description, reconnection: reconnect,
                reopen: reopen))
    }

    /// Sends `request` and returns its JSON Lines or JSON text sequence response as values, decoded as
    /// they arrive.
    ///
    /// ```swift
    /// for try await entry in try await client.values(HTExportLogRequest(since: start)) {
    ///     print(entry.message)
    /// }
    /// ```
    ///
    /// Routed, timed and checked as ``events(_:reconnect:)`` is; it does not reconnect.
    ///
    /// - Returns: the values; see ``HTStream`` for how it is read and what it throws.
    /// - Throws: as ``events(_:reconnect:)``.
    public func values<R: HTValueStreamRequest>(_ request: R) async throws(HTNetworkingError)
        -> sending HTStream<R.StreamValue>
    {
        let prepared = try prepare(request, cache: .none)
        let decoder = HTValueStreamDecoding<R.StreamValue>(
            format: R.streamFormat, options: prepared.rules.mappingOptions, request: prepared.description)
        let (head, body) =
            try await openStream(prepared, accept: R.streamFormat.mediaType, lastEventID: nil)
            ?? (HTTransportResponse(statusCode: 204), HTStreamedBody(Data()))
        return HTStream(reader: HTStreamReader(head: head, body: body, decoder: decoder, request: prepared.description))
    }

    /// How many bytes of the body of a status a stream's request does not accept the error carries.
    static let streamErrorBodyLimit = 64 * 1024

    /// Sends a prepared streaming request through the interceptors and returns its head and body once
    /// the head has arrived with an accepted status; `nil` for `204 No Content`. Failures are logged.
    func openStream<R: HTBaseRequest>(_ prepared: HTPreparedRequest<R>, accept: String, lastEventID: String?)
        async throws(HTNetworkingError) -> (HTTransportResponse, HTStreamedBody)?
    {
        var urlRequest = prepared.urlRequest
        // The stream's media type, unless the request names its own (the builder's default is JSON).
        if R.accept == nil { urlRequest.setValue(accept, forHTTPHeaderField: "Accept") }
        if let lastEventID { urlRequest.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
        let accepted = prepared.rules.acceptedStatusCodes
        let mode = mockMode
        let transport = prepared.transport
        let options = prepared.transportOptions
        let opened = HTLocked<HTStreamedBody?>(nil)
        do throws(HTNetworkingError) {
            // The end of the chain: a streaming transport's body is kept aside and the interceptors
            // see the head only; anything else (mocks, other transports) answers with the whole body.
            let head = try await execute(
                urlRequest, description: prepared.description, interceptors: prepared.interceptors,
                ownCredentials: prepared.ownCredentials, securityRequirements: prepared.securityRequirements,
                mock: prepared.mock, requestType: prepared.requestType, transport: transport,
                timeout: prepared.timeout, options: options
            ) { request, send in
                guard mode == .off, let streaming = transport as? any HTStreamingTransport else {
                    return try await send(request)
                }
                let response = try await streaming.stream(request, options: options)
                guard accepted.contains(response.head.statusCode) else {
                    var head = response.head
                    head.body = await response.body.collect(upTo: Self.streamErrorBodyLimit)
                    return head
                }
                let previous = opened.withLock { opened in
                    defer { opened = response.body }
                    return opened
                }
                if let previous { HTStreamedBodyReader(previous).cancel() }
                return response.head
            }
            let body = opened.withLock { $0 }
            guard accepted.contains(head.statusCode) else {
                if let body { HTStreamedBodyReader(body).cancel() }
                var error = HTNetworkingError(
                    .status(code: head.statusCode, body: head.body), request: prepared.description, response: head)
                error.documentedError = HTResponseMapper.documentedError(of: head, for: R.self)
                throw error
            }
            if head.statusCode == 204 {
                if let body { HTStreamedBodyReader(body).cancel() }
                return nil
            }
            var bare = head
            bare.body = Data()
            return (bare, body ?? HTStreamedBody(head.body))
        } catch {
            log(error)
            throw error
        }
    }
}
