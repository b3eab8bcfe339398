import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTClient {
    /// Sends `request` with `form` as its `multipart/form-data` body and returns the mapped response
    /// (the original's `constructingBodyBlock` uploads, which needed `needCustomRequest`).
    ///
    /// ```swift
    /// var form = HTMultipartFormData()
    /// form.append("Alice", name: "name")
    /// form.appendFile(at: photoURL, name: "avatar")
    /// let profile = try await client.upload(UpdateAvatarRequest(userId: 7), form: form)
    /// ```
    ///
    /// The request is built and sent as by ``send(_:)`` (URL, path and query parameters, headers,
    /// interceptors, mocks, the transport for its request type, the timeout, which bounds the whole
    /// upload); for methods with a body, its body parameters become text fields at the start of the
    /// form, as AFNetworking did (not when the request has its own ``HTBaseRequest/body``, which the
    /// form replaces, or ``HTBaseRequest/sendsParametersInQuery``: its parameters stay in the query
    /// string). The body is written to a file, files copied into it in chunks, and sent from that file
    /// (by an upload task with ``HTUploadTransport``, else as a body stream); interceptors and mocks see
    /// it as the request's `httpBodyStream`. The file is private (mode `0600`
    /// in ``HTClientConfiguration/uploadDirectory``, a `0700` folder) and removed when the upload ends,
    /// however it ends; one left by a process killed during an upload is removed when the next client is
    /// made. The response is checked and mapped as for ``send(_:)`` (not cached), and
    /// ``cancelAll()`` and ``inFlightCount`` count the upload like any request.
    ///
    /// - Throws: `invalidRequest` when a file of the form can't be read; otherwise as ``send(_:)``.
    public func upload<R: HTBaseRequest>(
        _ request: sending R, form: HTMultipartFormData
    ) async throws(HTNetworkingError) -> sending R.Response {
        try await uploadResponse(for: request, form: form).value
    }

    /// Sends `request` with `form` as its body, like ``upload(_:form:)``, and returns the mapped value
    /// with the raw response.
    public func uploadResponse<R: HTBaseRequest>(
        for request: sending R, form: HTMultipartFormData
    ) async throws(HTNetworkingError) -> sending HTResponse<R.Response> {
        let description = HTRequestDescription(
            method: R.method.rawValue, url: R.path, requestType: HTRequestTypeName.of(R.self))
        var fullForm = HTMultipartFormData(boundary: form.boundary)
        if !HTRequestBuilder.parametersGoToQuery(R.self, hasBody: request.body != nil) {
            for (name, value) in Self.bodyFields(of: request) {
                fullForm.append(value, name: name)
            }
        }
        fullForm.parts += form.parts

        let bodyFile: HTUploadBodyFile
        let length: Int64
        do {
            bodyFile = try HTUploadBodyFile.create(in: configuration.uploadDirectory)
        } catch {
            let failure = HTNetworkingError(
                .invalidRequest("the multipart body file could not be created: \(error)"), request: description)
            HTTransferLog.failed(configuration.logger, .upload, failure)
            throw failure
        }
        defer { bodyFile.remove() }
        do {
            length = try await Self.writeOffThread(fullForm, to: bodyFile)
        } catch {
            let failure = HTNetworkingError(
                .invalidRequest("the multipart body could not be written: \(error)"), request: description)
            HTTransferLog.failed(configuration.logger, .upload, failure)
            throw failure
        }
        if Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }

        // The request as `send` prepares it, with the body file first in the chain and under the transport.
        let body = HTFileBody(file: bodyFile.url, contentType: fullForm.contentType, contentLength: length)
        var prepared = try prepare(request, cache: .none)
        prepared.interceptors.insert(HTFileBodyInterceptor(body: body), at: 0)
        prepared.transport = HTFileBodyTransport(base: prepared.transport, body: body)
        let logger = configuration.logger
        HTTransferLog.started(logger, .upload, prepared.description)
        do {
            let result = try await response(for: prepared)
            HTTransferLog.finished(logger, .upload, prepared.description, statusCode: result.statusCode, bytes: length)
            return result
        } catch {
            HTTransferLog.failed(logger, .upload, error)
            throw error
        }
    }

    /// The parameters the client would put in the body, as form fields: without path and header
    /// parameters, flattened like a form body (arrays repeat the name, objects become JSON text).
    static func bodyFields<R: HTBaseRequest>(of request: R) -> [(String, String)] {
        var parameters = request.parameters
        for name in R.headerPropertyList {
            parameters[name] = nil
        }
        for segment in R.path.split(separator: "/") {
            if segment.hasPrefix(":"), segment.count > 1 {
                parameters[String(segment.dropFirst())] = nil
            } else if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                parameters[String(segment.dropFirst().dropLast())] = nil
            }
        }
        return HTFormEncoding.pairs(parameters)
    }

    /// Writes `form` to `file` on a global queue, so copying large files does not hold one of the
    /// few threads that run Swift tasks.
    private static func writeOffThread(_ form: HTMultipartFormData, to file: HTUploadBodyFile) async throws -> Int64 {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try file.write(form) })
            }
        }
    }
}
