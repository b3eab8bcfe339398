import Foundation

/// Redaction of `multipart/form-data` bodies (``HTRequestBody/multipart(_:)``, uploads) for the log.
extension HTLogRedaction {
    /// A `multipart/form-data` body as log text, one line per part, with its secrets redacted and no
    /// file bytes:
    ///
    /// ```text
    /// part "title": Holiday
    /// part "password": <redacted>
    /// part "meta" (application/json): {"owner":"ada","token":"<redacted>"}
    /// part "photo" (image/jpeg, file "beach.jpg"): 48213 bytes
    /// ```
    ///
    /// A part named as a secret body field (``isSecretBodyField(_:)``) shows `<redacted>`; a JSON part
    /// goes through ``redactedJSON(_:)``; a text part (no type, or `text/*`) through
    /// ``redactedText(_:)``; a file part (with a `filename`) and a part of any other type show their
    /// size only. A body that does not parse as multipart data shows its size only.
    ///
    /// - Parameters:
    ///   - body: the bytes as sent.
    ///   - boundary: the `boundary` parameter of the body's `Content-Type`.
    package func redactedMultipart(_ body: Data, boundary: String) -> String {
        guard let parts = Self.multipartParts(body, boundary: boundary) else {
            return "<\(body.count) bytes of multipart/form-data that does not parse>"
        }
        return parts.map(describe).joined(separator: "\n")
    }

    /// One part as read back from the wire.
    private struct WirePart {
        var name: String
        var fileName: String?
        var contentType: String?
        var content: Data
    }

    private func describe(_ part: WirePart) -> String {
        let name = redactedText(part.name)
        var details: [String] = []
        if let type = part.contentType { details.append(redactedText(type)) }
        if let fileName = part.fileName { details.append("file \"\(redactedText(fileName))\"") }
        let label = "part \"\(name)\"" + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")
        if isSecretBodyField(part.name) { return label + ": " + Self.placeholder }
        if part.fileName != nil { return label + ": \(part.content.count) bytes" }
        let type = part.contentType.flatMap(HTContentType.init)
        if let type, type.subtype == "json" || type.suffix == "json" {
            if let json = try? HTJSONParser().parse(part.content) {
                return label + ": " + redactedJSON(json).serializedString()
            }
            return label + ": \(part.content.count) bytes"
        }
        if part.contentType == nil || type?.type == "text" {
            return label + ": " + redactedText(String(decoding: part.content, as: UTF8.self))
        }
        return label + ": \(part.content.count) bytes"
    }

    /// The parts of a `multipart/form-data` body, or `nil` when it is not one with this boundary.
    private static func multipartParts(_ body: Data, boundary: String) -> [WirePart]? {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        guard !boundary.isEmpty, var position = find(delimiter, in: bytes, from: 0) else { return nil }
        position += delimiter.count
        var parts: [WirePart] = []
        let closing = Array("\r\n--\(boundary)".utf8)
        while true {
            if bytes[position...].starts(with: [0x2D, 0x2D]) { return parts }
            guard bytes[position...].starts(with: [0x0D, 0x0A]) else { return nil }
            position += 2
            guard let end = find(closing, in: bytes, from: position) else { return nil }
            let part = bytes[position..<end]
            position = end + closing.count
            guard let headerEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: part.startIndex), headerEnd + 4 <= end
            else { return nil }
            var wire = WirePart(name: "", content: Data(bytes[(headerEnd + 4)..<end]))
            let headerText = String(decoding: bytes[part.startIndex..<headerEnd], as: UTF8.self)
            var named = false
            for line in headerText.split(separator: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1)
                guard pair.count == 2 else { return nil }
                let value = pair[1].trimmingCharacters(in: .whitespaces)
                switch pair[0].trimmingCharacters(in: .whitespaces).lowercased() {
                case "content-disposition":
                    guard let name = quotedParameter("name", in: value) else { return nil }
                    wire.name = name
                    wire.fileName = quotedParameter("filename", in: value)
                    named = true
                case "content-type":
                    wire.contentType = value
                default:
                    break
                }
            }
            guard named else { return nil }
            parts.append(wire)
        }
    }

    /// The value of `name="..."` in a `Content-Disposition` value (values hold no `"`: writers
    /// percent-encode it).
    private static func quotedParameter(_ name: String, in value: String) -> String? {
        for piece in value.split(separator: ";") {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var text = Substring(pair[1].trimmingCharacters(in: .whitespaces))
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = text.dropFirst().dropLast() }
            return String(text)
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
