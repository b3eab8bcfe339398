import Foundation
import HTNetworking
import HTTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A made-up binary "private protocol" (like the original's TCP protocol beside HTTP): requests and
/// responses as length-prefixed frames.
///
/// Request frame: `HTF1`, kind 1, a 32-bit id, the method (16-bit length), the path with its query
/// (32-bit length), a 16-bit header count with each name (16-bit length) and value (32-bit length),
/// then the body (32-bit length). Response frame: `HTF1`, kind 2, the id, a 16-bit status, the headers
/// and the body the same way. Integers are big-endian.
enum FrameCodec {
    struct RequestFrame: Equatable, Sendable {
        var id: UInt32
        var method: String
        var target: String
        var headers: [String: String]
        var body: Data
    }

    struct ResponseFrame: Equatable, Sendable {
        var id: UInt32
        var status: UInt16
        var headers: [String: String]
        var body: Data
    }

    enum FrameError: Error, Equatable {
        case badMagic
        case wrongKind(UInt8)
        case truncated
        case badText
    }

    static let magic = Data("HTF1".utf8)

    static func encode(_ frame: RequestFrame) -> Data {
        var writer = Writer()
        writer.data.append(magic)
        writer.u8(1)
        writer.u32(frame.id)
        writer.text16(frame.method)
        writer.text32(frame.target)
        writer.headers(frame.headers)
        writer.u32(UInt32(frame.body.count))
        writer.data.append(frame.body)
        return writer.data
    }

    static func encode(_ frame: ResponseFrame) -> Data {
        var writer = Writer()
        writer.data.append(magic)
        writer.u8(2)
        writer.u32(frame.id)
        writer.u16(frame.status)
        writer.headers(frame.headers)
        writer.u32(UInt32(frame.body.count))
        writer.data.append(frame.body)
        return writer.data
    }

    static func decodeRequest(_ data: Data) throws(FrameError) -> RequestFrame {
        var reader = Reader(bytes: [UInt8](data))
        try reader.header(kind: 1)
        let id = try reader.u32()
        let method = try reader.text(try Int(reader.u16()))
        let target = try reader.text(try Int(reader.u32()))
        let headers = try reader.headers()
        let body = try reader.bytes(try Int(reader.u32()))
        return RequestFrame(id: id, method: method, target: target, headers: headers, body: Data(body))
    }

    static func decodeResponse(_ data: Data) throws(FrameError) -> ResponseFrame {
        var reader = Reader(bytes: [UInt8](data))
        try reader.header(kind: 2)
        let id = try reader.u32()
        let status = try reader.u16()
        let headers = try reader.headers()
        let body = try reader.bytes(try Int(reader.u32()))
        return ResponseFrame(id: id, status: status, headers: headers, body: Data(body))
    }

    private struct Writer {
        var data = Data()
        mutating func u8(_ value: UInt8) { data.append(value) }
        mutating func u16(_ value: UInt16) { data.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }
        mutating func u32(_ value: UInt32) {
            data.append(contentsOf: [
                UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
            ])
        }
        mutating func text16(_ text: String) {
            u16(UInt16(text.utf8.count))
            data.append(contentsOf: text.utf8)
        }
        mutating func text32(_ text: String) {
            u32(UInt32(text.utf8.count))
            data.append(contentsOf: text.utf8)
        }
        mutating func headers(_ headers: [String: String]) {
            u16(UInt16(headers.count))
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                text16(name)
                text32(value)
            }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        mutating func bytes(_ count: Int) throws(FrameError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - offset else { throw .truncated }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }
        mutating func u8() throws(FrameError) -> UInt8 { try bytes(1).first! }
        mutating func u16() throws(FrameError) -> UInt16 { try bytes(2).reduce(0) { $0 << 8 | UInt16($1) } }
        mutating func u32() throws(FrameError) -> UInt32 { try bytes(4).reduce(0) { $0 << 8 | UInt32($1) } }
        mutating func text(_ count: Int) throws(FrameError) -> String {
            guard let text = String(validating: try bytes(count), as: UTF8.self) else { throw .badText }
            return text
        }
        mutating func header(kind: UInt8) throws(FrameError) {
            guard bytes.count >= 4, Data(bytes[0..<4]) == FrameCodec.magic else { throw .badMagic }
            offset = 4
            let found = try u8()
            guard found == kind else { throw .wrongKind(found) }
        }
        mutating func headers() throws(FrameError) -> [String: String] {
            var headers: [String: String] = [:]
            for _ in 0..<(try u16()) {
                let name = try text(Int(try u16()))
                headers[name] = try text(Int(try u32()))
            }
            return headers
        }
    }
}

/// The other end of the private protocol, in process: it receives request frames as bytes and answers
/// response frames as bytes. `/echo...` answers what it received (in the loopback server's echo shape);
/// `/hang` never answers (until cancelled); `/garbage` answers bytes that are not a frame.
actor FrameServer {
    private(set) var received: [FrameCodec.RequestFrame] = []

    func exchange(_ bytes: Data) async throws -> Data {
        let request = try FrameCodec.decodeRequest(bytes)
        received.append(request)
        let path = String(request.target.split(separator: "?", maxSplits: 1).first ?? "")
        switch path {
        case "/hang":
            try await Task.sleep(for: .seconds(3600))
            return Data()
        case "/garbage":
            return Data("HTTP/1.1 200 OK\r\n\r\n".utf8)
        default:
            var headers = HTJSONObject()
            for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
                headers.append(name.lowercased(), .string(value))
            }
            let echo: HTJSON = [
                "method": .string(request.method), "path": .string(path), "headers": .object(headers),
                "body": .string(String(decoding: request.body, as: UTF8.self)),
            ]
            let response = FrameCodec.ResponseFrame(
                id: request.id, status: 200,
                headers: ["Content-Type": "application/json", "X-Frame-Id": String(request.id)],
                body: echo.serializedData())
            return FrameCodec.encode(response)
        }
    }
}

/// An `HTTransport` that speaks the frame protocol to a ``FrameServer``.
struct FrameTransport: HTTransport {
    let server: FrameServer
    private let ids = LockedBox<UInt32>(0)

    init(server: FrameServer) {
        self.server = server
    }

    func send(_ request: URLRequest) async throws -> HTTransportResponse {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw URLError(.badURL)
        }
        let id = ids.withLock { value -> UInt32 in
            value &+= 1
            return value
        }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let frame = FrameCodec.RequestFrame(
            id: id, method: request.httpMethod ?? "GET", target: target, headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody ?? Data())
        let answer = try await server.exchange(FrameCodec.encode(frame))
        let response: FrameCodec.ResponseFrame
        do {
            response = try FrameCodec.decodeResponse(answer)
        } catch {
            throw URLError(.cannotParseResponse)
        }
        guard response.id == id else { throw URLError(.badServerResponse) }
        return HTTransportResponse(
            statusCode: Int(response.status), headers: response.headers, body: response.body, url: url)
    }
}
