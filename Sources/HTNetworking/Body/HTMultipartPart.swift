import Foundation

/// One part of a ``HTRequestBody/multipart(_:)`` body: a text field, a JSON field or a file.
///
/// ```swift
/// HTMultipartPart(name: "title", value: "Holiday")             // text: Holiday
/// HTMultipartPart(name: "count", value: 3)                     // text: 3
/// HTMultipartPart(name: "tags", value: ["a", "b"])             // application/json: ["a","b"]
/// HTMultipartPart(name: "photo", data: jpeg, fileName: "beach.jpg", contentType: "image/jpeg")
/// HTMultipartPart(name: "note", value: "Hi", contentType: "text/plain", headers: ["X-Lang": "en"])
/// ```
///
/// On the wire (RFC 7578) each part has a `Content-Disposition: form-data; name="..."` header (with
/// `; filename="..."` for files) whose quoted values have `"`, CR and LF percent-encoded, as browsers
/// do, so no name can end the parameter or the header; a `Content-Type` header for JSON and data parts
/// and for parts given one (CR and LF removed); the part's own ``headers``, sorted by name; then the
/// content as it is.
public struct HTMultipartPart: Sendable, Hashable {
    /// The field name.
    public let name: String
    /// The file name the receiver sees (`filename=`), for file parts.
    public let fileName: String?
    /// The part's `Content-Type`, or `nil` for a text part (which the receiver reads as `text/plain`).
    public let contentType: String?
    /// The part's bytes.
    public let content: Data
    /// More headers of the part (an OpenAPI `encoding` entry's `headers`), written after
    /// `Content-Disposition` and `Content-Type` in the order of their names. A name is written
    /// without the characters a header name cannot have, a value without CR and LF;
    /// `Content-Disposition` and `Content-Type` here are left out (the part writes its own).
    public let headers: [String: String]

    /// A field from a JSON value: a string, number or boolean is sent as its text (numbers as
    /// ``HTJSON/coercedString`` gives them), with no `Content-Type`; an object, an array or
    /// `null` (and a number JSON can't write as text, NaN or an infinity) as JSON with the content type
    /// `application/json`.
    ///
    /// - Parameters:
    ///   - name: the field name.
    ///   - value: the value.
    ///   - contentType: the part's `Content-Type` instead (text or JSON, as above, but so labelled),
    ///     such as an OpenAPI `encoding`'s `contentType`: `text/plain; charset=utf-8`, `application/json`.
    ///   - headers: more headers of the part.
    public init(name: String, value: HTJSON, contentType: String? = nil, headers: [String: String] = [:]) {
        self.name = name
        self.fileName = nil
        self.headers = headers
        switch value {
        case .string, .integer, .double, .number, .bool:
            if let text = HTValueCoercion.string(value) {
                self.contentType = contentType
                self.content = Data(text.utf8)
                return
            }
        default:
            break
        }
        self.contentType = contentType ?? "application/json"
        self.content = value.serializedData()
    }

    /// A part of bytes: a file when `fileName` is set, else a data field.
    ///
    /// - Parameters:
    ///   - name: the field name.
    ///   - data: the bytes, sent as they are.
    ///   - fileName: the file name the receiver sees, or `nil`.
    ///   - contentType: the part's type.
    ///   - headers: more headers of the part.
    public init(
        name: String, data: Data, fileName: String? = nil, contentType: String = "application/octet-stream",
        headers: [String: String] = [:]
    ) {
        self.name = name
        self.fileName = fileName
        self.contentType = contentType
        self.content = data
        self.headers = headers
    }

    /// The delimiter line and headers before the part's content, for a body with `boundary`.
    func header(boundary: String) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(HTMultipartFormData.quoted(name))\""
        if let fileName {
            text += "; filename=\"\(HTMultipartFormData.quoted(fileName))\""
        }
        text += "\r\n"
        if let contentType {
            text += "Content-Type: \(HTMultipartFormData.headerValue(contentType))\r\n"
        }
        for (name, value) in writtenHeaders {
            text += "\(name): \(HTMultipartFormData.headerValue(value))\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// ``headers`` as written: names reduced to the characters of an HTTP token (RFC 9110 `tchar`),
    /// empty ones and the part's own `Content-Disposition` and `Content-Type` left out, sorted by name.
    var writtenHeaders: [(name: String, value: String)] {
        guard !headers.isEmpty else { return [] }
        var written: [(name: String, value: String)] = []
        for (name, value) in headers {
            let token = String(String.UnicodeScalarView(name.unicodeScalars.filter(Self.isTokenScalar)))
            let lowered = token.lowercased()
            if token.isEmpty || lowered == "content-disposition" || lowered == "content-type" { continue }
            written.append((token, value))
        }
        return written.sorted { $0.name < $1.name }
    }

    /// Whether `scalar` may be in an HTTP token (RFC 9110 `tchar`).
    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// The whole `multipart/form-data` body of `parts` with `boundary`, which must occur in none of them
    /// (``unusedBoundary(startingWith:in:)``).
    static func body(of parts: [HTMultipartPart], boundary: String) -> Data {
        var body = Data()
        body.reserveCapacity(parts.reduce(64) { $0 + $1.content.count + 128 })
        for part in parts {
            body.append(part.header(boundary: boundary))
            body.append(part.content)
            body.append(contentsOf: [0x0D, 0x0A])
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// A random boundary, `HTNetworking-` and 32 hex digits from the system's secure generator, that
    /// occurs in none of `parts` (another one is drawn when it does).
    static func randomBoundary(for parts: [HTMultipartPart]) -> String {
        var generator = SystemRandomNumberGenerator()
        return randomBoundary(for: parts, using: &generator)
    }

    /// ``randomBoundary(for:)`` with the random numbers of `generator`: up to 16 draws, then (for a
    /// generator that keeps giving boundaries the parts hold) the first unused
    /// ``unusedBoundary(startingWith:in:)`` after the last draw.
    static func randomBoundary<G: RandomNumberGenerator>(for parts: [HTMultipartPart], using generator: inout G)
        -> String
    {
        var candidate = ""
        for _ in 0..<16 {
            candidate = "HTNetworking-" + hex(generator.next()) + hex(generator.next())
            if !occurs(candidate, in: parts) { return candidate }
        }
        return unusedBoundary(startingWith: candidate, in: parts)
    }

    /// `stem` when it occurs in none of `parts`, else the first of `stem-1`, `stem-2`, ... that does
    /// not (one always exists: the parts are finite).
    static func unusedBoundary(startingWith stem: String, in parts: [HTMultipartPart]) -> String {
        if !occurs(stem, in: parts) { return stem }
        var counter = 1
        while occurs("\(stem)-\(counter)", in: parts) { counter += 1 }
        return "\(stem)-\(counter)"
    }

    /// Whether `boundary` occurs anywhere in a part: its content, name, file name or content type.
    static func occurs(_ boundary: String, in parts: [HTMultipartPart]) -> Bool {
        let needle = Array(boundary.utf8)
        return parts.contains { part in
            contains(part.content, needle) || part.name.contains(boundary)
                || (part.fileName?.contains(boundary) ?? false) || (part.contentType?.contains(boundary) ?? false)
                || part.headers.contains { $0.key.contains(boundary) || $0.value.contains(boundary) }
        }
    }

    /// Whether `data` holds the bytes of `needle` (a plain scan: boundaries are short and start with a
    /// byte that is rare in most content).
    private static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, data.count >= needle.count else { return false }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let last = bytes.count - needle.count
            var index = 0
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
