import Foundation
import HTNetworking
import HTTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What the request-body suites (RequestBodyTests, RequestBodyUnitTests, FrozenBodyTests) check requests with.

/// Records every URL request that passes through it.
struct RecordingInterceptor: HTInterceptor {
    let seen = Recorded<URLRequest>()
    func intercept(_ request: URLRequest, context: HTInterceptorContext, next: HTInterceptorNext) async throws
        -> HTTransportResponse
    {
        seen.append(request)
        return try await next(request)
    }
}

/// The parts of a `multipart/form-data` body, read back for tests (an independent reader, not the
/// runtime's).
struct ParsedPart: Equatable {
    var headers: [String]
    var content: Data
}

func parseMultipart(_ body: Data, contentType: String?) -> [ParsedPart]? {
    guard let contentType, contentType.hasPrefix("multipart/form-data; boundary=") else { return nil }
    let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
    let text = [UInt8](body)
    let delimiter = Array("--\(boundary)".utf8)
    let crlf: [UInt8] = [13, 10]
    var pieces: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    // Split on "--boundary" occurrences.
    while index < text.count {
        if text.count - index >= delimiter.count, Array(text[index..<(index + delimiter.count)]) == delimiter {
            pieces.append(current)
            current = []
            index += delimiter.count
        } else {
            current.append(text[index])
            index += 1
        }
    }
    pieces.append(current)
    // pieces[0] is the preamble (empty), the last is "--\r\n"; each part is "\r\n<headers>\r\n\r\n<content>\r\n".
    guard pieces.count >= 2, pieces[0].isEmpty, pieces.last == Array("--\r\n".utf8) else { return nil }
    var parts: [ParsedPart] = []
    for piece in pieces.dropFirst().dropLast() {
        guard piece.count >= 4, Array(piece.prefix(2)) == crlf, Array(piece.suffix(2)) == crlf else { return nil }
        let inner = Array(piece.dropFirst(2).dropLast(2))
        let separator = Array("\r\n\r\n".utf8)
        guard let split = (0...(inner.count - 4)).first(where: { Array(inner[$0..<($0 + 4)]) == separator }) else {
            return nil
        }
        let headers = String(decoding: inner[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        parts.append(ParsedPart(headers: headers, content: Data(inner[(split + 4)...])))
    }
    return parts
}
