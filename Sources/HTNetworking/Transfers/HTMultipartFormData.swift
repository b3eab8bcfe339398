import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `multipart/form-data` body (RFC 7578): text fields, data and files, in order.
///
/// Files are referenced, not read: an upload (``HTClient/upload(_:form:)``) copies them into its body
/// file in fixed-size chunks, so a form holding a large file never holds it in memory.
///
/// ```swift
/// var form = HTMultipartFormData()
/// form.append("Holiday", name: "title")
/// form.append(thumbnail, name: "thumbnail", fileName: "thumb.png", contentType: "image/png")
/// form.appendFile(at: videoURL, name: "video")
/// let result = try await client.upload(UploadVideoRequest(), form: form)
/// ```
public struct HTMultipartFormData: Sendable {
    /// Where a part's content comes from.
    package enum Content: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A file, read when the body is written.
        case file(URL)
    }

    /// One part of the form.
    package struct Part: Sendable, Hashable {
        /// The field name.
        package var name: String
        /// The file name, for file parts (`filename=` in the part's `Content-Disposition`).
        package var fileName: String?
        /// The part's `Content-Type`; `nil` for text fields (which the receiver reads as text).
        package var contentType: String?
        /// The content.
        package var content: Content

        /// Creates a part.
        package init(name: String, fileName: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.fileName = fileName
            self.contentType = contentType
            self.content = content
        }
    }

    /// The parts, in order.
    package var parts: [Part]
    /// The boundary between parts. It is random, so it does not occur in the content.
    package let boundary: String

    /// Creates an empty form whose parts are separated by `boundary` (random by default, so that it
    /// occurs in no content).
    public init(boundary: String = "HTNetworking-Boundary-" + UUID().uuidString) {
        self.parts = []
        self.boundary = boundary
    }

    /// The `Content-Type` of the body, with the boundary.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends a text field.
    public mutating func append(_ value: String, name: String) {
        parts.append(Part(name: name, content: .data(Data(value.utf8))))
    }

    /// Appends bytes; with a `fileName` the receiver sees them as an uploaded file.
    ///
    /// - Parameters:
    ///   - data: the part's bytes.
    ///   - name: the form field's name.
    ///   - fileName: the file name the receiver sees; `nil` for a plain data field.
    ///   - contentType: the part's type; by default `application/octet-stream` for files and
    ///     none for plain data.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, contentType: String? = nil) {
        let type = contentType ?? (fileName == nil ? nil : HTMIMEType.forFileName(fileName ?? ""))
        parts.append(Part(name: name, fileName: fileName, contentType: type, content: .data(data)))
    }

    /// Appends the file at `fileURL`, which is read when the body is written.
    ///
    /// - Parameters:
    ///   - fileURL: the file to send.
    ///   - name: the form field's name.
    ///   - fileName: the name the receiver sees; the file's own name by default.
    ///   - contentType: the part's type; guessed from the file name's extension by default.
    public mutating func appendFile(at fileURL: URL, name: String, fileName: String? = nil, contentType: String? = nil)
    {
        let shownName = fileName ?? fileURL.lastPathComponent
        parts.append(
            Part(
                name: name, fileName: shownName, contentType: contentType ?? HTMIMEType.forFileName(shownName),
                content: .file(fileURL)))
    }

    /// The size of the body in bytes, from the parts' sizes (files are not read).
    ///
    /// - Throws: when a file's size can't be read (it does not exist, or is not a regular file).
    package func contentLength() throws -> Int64 {
        var total: Int64 = 0
        for part in parts {
            total += Int64(header(for: part).count)
            switch part.content {
            case .data(let data): total += Int64(data.count)
            case .file(let url): total += try Self.fileSize(url)
            }
            total += 2  // CRLF after the content
        }
        return total + Int64(closingDelimiter.count)
    }

    /// Writes the body to `destination` (replacing it; a new file is made mode `0600`, since a form may
    /// hold passwords), copying files in chunks of `chunkSize` bytes.
    ///
    /// - Returns: the number of bytes written.
    /// - Throws: when a file can't be read or the destination can't be written.
    @discardableResult
    package func writeBody(to destination: URL, chunkSize: Int = 256 * 1024) throws -> Int64 {
        let descriptor = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? output.close() }
        return try writeBody(to: output, chunkSize: chunkSize)
    }

    /// Writes the body to `output` from its current offset, copying files in chunks of `chunkSize` bytes.
    func writeBody(to output: FileHandle, chunkSize: Int = 256 * 1024) throws -> Int64 {
        var written: Int64 = 0
        func write(_ data: Data) throws {
            try output.write(contentsOf: data)
            written += Int64(data.count)
        }
        let crlf = Data("\r\n".utf8)
        for part in parts {
            try write(header(for: part))
            switch part.content {
            case .data(let data):
                try write(data)
            case .file(let url):
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: max(1, chunkSize)), !chunk.isEmpty {
                    try write(chunk)
                }
            }
            try write(crlf)
        }
        try write(closingDelimiter)
        return written
    }

    /// The delimiter line and headers before a part's content.
    func header(for part: Part) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
        if let fileName = part.fileName {
            text += "; filename=\"\(Self.quoted(fileName))\""
        }
        text += "\r\n"
        if let contentType = part.contentType {
            text += "Content-Type: \(Self.headerValue(contentType))\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    private var closingDelimiter: Data { Data("--\(boundary)--\r\n".utf8) }

    /// A name or file name inside a quoted header parameter: `"`, CR and LF percent-encoded, as browsers
    /// do (HTML's form submission algorithm), so no value can end the parameter or the header.
    static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A header value with CR and LF removed, so it can't start another header.
    static func headerValue(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }.map(Character.init))
    }

    static func fileSize(_ url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard (attributes[.type] as? FileAttributeType) == .typeRegular, let size = attributes[.size] as? NSNumber
        else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return size.int64Value
    }
}
