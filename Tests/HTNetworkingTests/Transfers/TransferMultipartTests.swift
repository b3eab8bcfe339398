import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// The multipart body itself, without a server.
@Suite("Transfers: multipart body")
struct TransferMultipartTests {
    @Test("the body has the RFC 7578 layout, byte for byte, and contentLength matches it")
    func layout() throws {
        let folder = try TestSupport.temporaryDirectory("multipart")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("file body\n".utf8).write(to: file)

        var form = HTMultipartFormData(boundary: "B0UND")
        form.append("Ada", name: "name")
        form.append(Data([0, 1, 2]), name: "blob")
        form.append(Data("png".utf8), name: "icon", fileName: "icon.png")
        form.appendFile(at: file, name: "doc")

        let body = folder.appendingPathComponent("body")
        let written = try form.writeBody(to: body, chunkSize: 3)
        let expected = Data(
            ("--B0UND\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nAda\r\n"
                + "--B0UND\r\nContent-Disposition: form-data; name=\"blob\"\r\n\r\n\u{0}\u{1}\u{2}\r\n"
                + "--B0UND\r\nContent-Disposition: form-data; name=\"icon\"; filename=\"icon.png\"\r\nContent-Type: image/png\r\n\r\npng\r\n"
                + "--B0UND\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\nfile body\n\r\n"
                + "--B0UND--\r\n").utf8)
        let actual = try Data(contentsOf: body)
        #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(actual == expected)
        #expect(written == Int64(expected.count))
        #expect(try form.contentLength() == Int64(expected.count))
        #expect(form.contentType == "multipart/form-data; boundary=B0UND")
    }

    @Test("quotes and line breaks in names can't break out of the header")
    func escaping() throws {
        var form = HTMultipartFormData(boundary: "x")
        form.append(Data(), name: "a\"b\r\nX-Evil: 1", fileName: "c\".txt", contentType: "text/plain\r\nX-Evil: 2")
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: body) }
        try form.writeBody(to: body)
        let header = String(decoding: try Data(contentsOf: body), as: UTF8.self)
        #expect(
            header
                == "--x\r\nContent-Disposition: form-data; name=\"a%22b%0D%0AX-Evil: 1\"; filename=\"c%22.txt\"\r\nContent-Type: text/plainX-Evil: 2\r\n\r\n\r\n--x--\r\n"
        )
    }

    @Test("a missing file fails when the body is written or measured")
    func missingFile() {
        var form = HTMultipartFormData()
        form.appendFile(at: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)"), name: "f")
        #expect(throws: (any Error).self) { try form.contentLength() }
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: body) }
        #expect(throws: (any Error).self) { try form.writeBody(to: body) }
    }

    @Test("content types from file names")
    func mimeTypes() {
        #expect(HTMIMEType.forFileName("a.JPG") == "image/jpeg")
        #expect(HTMIMEType.forFileName("archive.tar.gz") == "application/gzip")
        #expect(HTMIMEType.forFileName("data.json") == "application/json")
        #expect(HTMIMEType.forFileName("README") == "application/octet-stream")
        #expect(HTMIMEType.forFileName(".hidden") == "application/octet-stream")
        #expect(HTMIMEType.forFileName("x.unknownext") == "application/octet-stream")
    }
}
