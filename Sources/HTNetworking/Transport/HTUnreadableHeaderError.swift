import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What FoundationNetworking (Linux) reports when it cannot parse a response's header block, made to
/// say so: `URLError(.cannotParseResponse)` instead of libcurl's bare "Failed writing header" with code
/// -1.
///
/// FoundationNetworking reads each header line libcurl hands it as UTF-8 (`String(data:encoding:)`)
/// and aborts the transfer when a line is not UTF-8 or not `name: value`; libcurl then ends it with
/// `CURLE_WRITE_ERROR`. So a header value with a Latin-1 byte above 0x7F (obs-text, legal in HTTP, as
/// in `caf\xE9`) fails the whole request on Linux, before any of it reaches the transport, and no
/// setting of URLSession or libcurl changes that. Apple's URLSession keeps such a response.
enum HTUnreadableHeaderError {
    /// libcurl's message for a header callback that refused a line.
    static let libcurlMessage = "Failed writing header"

    /// `error` explained when it is FoundationNetworking's refusal of a response header, else `error`.
    static func explained(_ error: any Error, url: URL?) -> any Error {
        guard let error = error as? URLError, error.code == .unknown,
            error.localizedDescription == libcurlMessage
        else { return error }
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: "FoundationNetworking could not read the response's header (libcurl: "
                + "\(libcurlMessage)): on Linux a header line that is not UTF-8, such as a value with a byte "
                + "above 0x7F, or not 'name: value', ends the request",
            NSUnderlyingErrorKey: error,
        ]
        if let url { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.cannotParseResponse, userInfo: userInfo)
    }
}
