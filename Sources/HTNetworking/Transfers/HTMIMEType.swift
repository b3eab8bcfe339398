/// Content types of common files, by extension, for multipart file parts.
package enum HTMIMEType {
    /// The type for a file named `fileName`, or `application/octet-stream` for unknown extensions.
    package static func forFileName(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return octetStream }
        return byExtension[fileName[fileName.index(after: dot)...].lowercased()] ?? octetStream
    }

    /// Bytes of no particular type.
    package static let octetStream = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "json": "application/json", "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip",
        "gz": "application/gzip", "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html",
        "css": "text/css", "js": "text/javascript", "md": "text/markdown",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "svg": "image/svg+xml", "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "aac": "audio/aac",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]
}
