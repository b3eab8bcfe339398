import Foundation

/// One part of a ``HTRequestBody/multipart(_:)`` body: a text field, a JSON field or a file.
///
/// ```swift
/// HTMultipartPart(name: "title", value: "Holiday")             // text: Holiday
/// HTMultipartPart(name: "count", value: 3)                     // text: 3
/// HTMultipartPart(name: "tags", value: ["a", "b"])             // application/json: ["a","b"]
/// HTMultipartPart(name: "photo", data: jpeg, fileName: "beach.jpg", contentType: "image/jpeg")
/// ```
///
/// On the wire (RFC 7578) each part has a `Content-Disposition: form-data; name="..."` header (with
/// `; filename="..."` for files) whose quoted values have `"`, CR and LF percent-encoded, as browsers
/// do, so no name can end the parameter or the header; a `Content-Type` header for JSON and data parts
/// (CR and LF removed); then the content as it is.
public struct HTMultipartPart: Sendable, Hashable {
    /// The field name.
    public let name: String
    /// The file name the receiver sees (`filename=`), for file parts.
    public let fileName: String?
    /// The part's `Content-Type`, or `nil` for a text part (which the receiver reads as `text/plain`).
    public let contentType: String?
    /// The part's bytes.
    public let content: Data

    /// A field from a JSON value: a string, number or boolean is sent as its text (numbers as
    /// ``HTJSON/coercedString`` gives them), with no `Content-Type`; an object, an array or
    /// `null` (and a number JSON can't write as text, NaN or an infinity) as JSON with the content type
    /// `application/json`.
    public init(name: String, value: HTJSON) {
        self.name = name
        self.fileName = nil
        switch value {
        case .string, .integer, .double, .number, .bool:
            if let text = HTValueCoercion.string(value) {
                self.contentType = nil
                self.content = Data(text.utf8)
                return
            }
        default:
            break
        }
        self.contentType = "application/json"
        self.content = value.serializedData()
    }

    /// A part of bytes: a file when `fileName` is set, else a data field.
    ///
    /// - Parameters:
    ///   - name: the field name.
    ///   - data: the bytes, sent as they are.
    ///   - fileName: the file name the receiver sees, or `nil`.
    ///   - contentType: the part's type.
    public init(name: String, data: Data, fileName: String? = nil, contentType: String = "application/octet-stream") {
        self.name = name
        self.fileName = fileName
        self.contentType = contentType
        self.content = data
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
        text += "\r\n"
        return Data(text.utf8)
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
