import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `Content-Length` a response declared, held against the body that arrived: a body shorter than
/// its declared length is a transport error, and so is a `Content-Length` that is not a length (not
/// only digits, several values that differ, or more than `Int64` holds).
///
/// URLSession catches a body cut short of a length it could read, but not the other cases: libcurl
/// (FoundationNetworking) reads a length it can't parse, such as 23 digits, as no length at all, reads
/// until the connection closes and reports a complete response, so 9 bytes under a 23-digit length
/// arrived as a whole 200.
///
/// Responses that have no body whatever their header says (to `HEAD`, 1xx, 204, 304) and bodies with a
/// `Content-Encoding` (they arrive decoded, so their length is not the declared one) are held only to a
/// length that parses.
enum HTDeclaredLength {
    /// What a `Content-Length` field says.
    enum Parsed: Equatable {
        /// A length.
        case bytes(Int64)
        /// Only digits, but more than `Int64` holds.
        case tooLarge
        /// Not a length: empty, not only digits, or a list of values that differ.
        case invalid
    }

    /// Reads a `Content-Length` field value. A list (`9, 9`, what repeated fields become) is a length
    /// when all its values are the same (RFC 9110, section 8.6).
    static func parse(_ field: String) -> Parsed {
        // The usual field, one length of at most 18 digits (which `Int64` always holds), is read at once:
        // the general reading below goes through Foundation's trimming, about 20,000 instructions.
        let utf8 = field.utf8
        if !utf8.isEmpty, utf8.count <= 18, utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return .bytes(utf8.reduce(0) { $0 &* 10 &+ Int64($1 &- 0x30) })
        }
        var result: Parsed?
        for element in field.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = element.trimmingCharacters(in: [" ", "\t"])
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return .invalid }
            let value: Parsed = Int64(digits).map(Parsed.bytes) ?? .tooLarge
            if let result, result != value { return .invalid }
            result = value
        }
        return result ?? .invalid
    }

    /// Throws when `receivedBytes`, the body that arrived for `response` to a request with `method`, is
    /// not what the response's `Content-Length` declared.
    ///
    /// - Throws: `URLError(.badServerResponse)` for a `Content-Length` that is not a length,
    ///   `URLError(.networkConnectionLost)` (what Apple's URLSession reports) for a body shorter than it.
    static func check(receivedBytes: Int64, of response: HTTPURLResponse, method: String?) throws(URLError) {
        guard let field = response.value(forHTTPHeaderField: "Content-Length") else { return }
        let declared: Int64
        switch parse(field) {
        case .bytes(let bytes):
            declared = bytes
        case .tooLarge:
            throw failure(.badServerResponse, "the response's Content-Length \"\(field)\" is larger than any body")
        case .invalid:
            throw failure(.badServerResponse, "the response's Content-Length \"\(field)\" is not a length")
        }
        let status = response.statusCode
        guard method?.uppercased() != "HEAD", status >= 200, status != 204, status != 304 else { return }
        if let coding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces),
            !coding.isEmpty, coding.lowercased() != "identity"
        {
            return
        }
        if receivedBytes < declared {
            throw failure(
                .networkConnectionLost,
                "the response ended after \(receivedBytes) of the \(declared) bytes its Content-Length declared")
        }
    }

    private static func failure(_ code: URLError.Code, _ message: String) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
