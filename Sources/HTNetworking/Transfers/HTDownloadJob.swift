import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One download, ready to run: the URL request, what counts as success, and where the body goes.
///
/// The body is written to a temporary file beside the destination (`.<name>.<random>.htdownload`),
/// which replaces the destination in one `rename` once the whole body has arrived with an accepted
/// status. After any failure or cancellation the temporary file is removed before the error is
/// reported, and the destination is as it was (absent, or the previous file).
struct HTDownloadJob: Sendable {
    /// The request to send, or why it could not be built.
    var urlRequest: Result<URLRequest, HTNetworkingError>
    /// The request, for errors and events.
    var description: HTRequestDescription
    /// The statuses that count as success.
    var acceptedStatusCodes: Set<Int>
    /// Where the body goes.
    var destination: URL
    /// How the request is sent.
    var route: HTDownloadRoute
    /// Where the download's start, finish and failure are written (``HTLogComponent/transfers``).
    var logger: HTLogger

    /// How many bytes of a rejected response's body the status error carries.
    static let errorBodyLimit = 64 * 1024

    /// Runs the download, reporting progress, and logs its start and its end.
    func run(progress: @escaping @Sendable (HTTransferProgress) -> Void) async throws(HTNetworkingError) -> (
        HTTransportResponse, HTDownloadedFile
    ) {
        HTTransferLog.started(logger, .download, description)
        do {
            let (response, file) = try await transfer(progress: progress)
            HTTransferLog.finished(
                logger, .download, description, statusCode: response.statusCode, bytes: file.byteCount)
            return (response, file)
        } catch {
            HTTransferLog.failed(logger, .download, error)
            throw error
        }
    }

    /// Runs the download, reporting progress.
    private func transfer(progress: @escaping @Sendable (HTTransferProgress) -> Void) async throws(HTNetworkingError)
        -> (HTTransportResponse, HTDownloadedFile)
    {
        let request = try urlRequest.get()
        if Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).htdownload", isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw HTNetworkingError(
                .invalidRequest("cannot create the folder \(directory.path): \(error)"), request: description)
        }
        defer { try? FileManager.default.removeItem(at: temporary) }

        let response: HTTransportResponse
        do {
            response = try await route.send(request, to: temporary, progress: progress)
        } catch {
            throw HTTransferError.networkingError(error, request: description)
        }

        let size = (try? HTMultipartFormData.fileSize(temporary)) ?? 0
        guard acceptedStatusCodes.contains(response.statusCode) else {
            let body =
                (try? FileHandle(forReadingFrom: temporary)).flatMap { handle in
                    defer { try? handle.close() }
                    return try? handle.read(upToCount: Self.errorBodyLimit)
                } ?? Data()
            throw HTNetworkingError(
                .status(code: response.statusCode, body: body), request: description, statusCode: response.statusCode,
                responseHeaders: response.headers)
        }
        // A Content-Length counts the encoded bytes; URLSession decodes gzip and friends, so only an
        // unencoded body can be checked against it.
        let encoding =
            response.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? "identity"
        if encoding == "identity", let declared = response.header("Content-Length").flatMap({ Int64($0) }),
            declared != size
        {
            throw HTNetworkingError(
                .transport(
                    code: URLError.Code.networkConnectionLost.rawValue,
                    message: "the body has \(size) bytes but Content-Length says \(declared)"),
                request: description, statusCode: response.statusCode)
        }
        if Task.isCancelled { throw HTNetworkingError(.cancelled, request: description) }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw HTNetworkingError(
                .invalidRequest("cannot move the download to \(destination.path): \(reason)"), request: description)
        }
        return (response, HTDownloadedFile(fileURL: destination, byteCount: size))
    }
}
