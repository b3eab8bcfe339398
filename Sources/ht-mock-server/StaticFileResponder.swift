import Foundation
import HTCodegenCore

/// `--static DIR`: answers `GET /name` with the file `DIR/name`, read on each request, as a plain
/// static-file server does; the baseline the benchmark compares the mock server with, on the same
/// listener, so that only the answering differs.
struct StaticFileResponder: Sendable {
    let directory: String

    func respond(to request: MockHTTPRequest) -> MockHTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .error(405, "only GET and HEAD")
        }
        let segments = request.path.split(separator: "/")
        guard !segments.contains(where: { $0 == ".." || $0 == "." }),
            let data = FileManager.default.contents(atPath: directory + "/" + segments.joined(separator: "/"))
        else {
            return .error(404, "no file \(request.path)")
        }
        let type = request.path.hasSuffix(".json") ? "application/json" : "application/octet-stream"
        return MockHTTPResponse(status: 200, contentType: type, body: [UInt8](data))
    }
}
