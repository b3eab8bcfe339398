/// A request's documented error responses (OpenAPI `4XX`, `5XX`, `default` and single codes with a
/// schema): a nested `ErrorResponse` enum and `documentedError(status:body:)`, which the client calls
/// for a response whose status it does not accept and whose body is JSON. The client keeps the result
/// in `HTNetworkingError.documentedError`, so the app catches the status error and switches on it:
///
/// ```swift
/// enum ErrorResponse: Error, Sendable {
///     case status404(HTError)                  // 404
///     case clientError(status: Int, HTError)   // 4XX
///     case serverError(status: Int, HTError)   // 5XX
///     case other(status: Int, HTError)         // default
/// }
/// ```
///
/// A body that does not decode (lenient mapping still fails on a body of the wrong shape) leaves
/// `documentedError` `nil`; an undocumented status is the ordinary status error.
extension SwiftRenderer {
    func renderErrorResponses(_ responses: [ResolvedErrorResponse], into writer: inout SwiftWriter) {
        guard !responses.isEmpty else { return }
        writer.line()
        writer.line("/// The error responses the spec documents. The client decodes the body of a response with such a")
        writer.line("/// status into `HTNetworkingError.documentedError`; catch the error and switch on this type.")
        writer.block("\(access)enum ErrorResponse: Error, Sendable") { writer in
            for response in responses {
                let label = Self.errorCase(response.status)
                writer.line("/// \(Self.statusText(response.status))" + docSuffix(response.description))
                let payload = swiftType(response.type)
                if case .code = response.status {
                    writer.line("case \(label)(\(payload))")
                } else {
                    writer.line("case \(label)(status: Int, \(payload))")
                }
            }
        }
        writer.line()
        writer.line(
            "/// The `ErrorResponse` of a response with this status and JSON body; `nil` when the spec documents")
        writer.line("/// no such status or the body does not decode.")
        writer.block("\(access)static func documentedError(status: Int, body: HTJSON) -> (any Error & Sendable)?") {
            writer in
            let onlyDefault = responses.count == 1 && responses[0].status == .default
            if onlyDefault {
                renderErrorDecode(responses[0], into: &writer)
                return
            }
            writer.line("switch status {")
            for response in responses {
                writer.line(response.status == .default ? "default:" : "case \(Self.statusPattern(response.status)):")
                writer.indented { writer in renderErrorDecode(response, into: &writer) }
            }
            if !responses.contains(where: { $0.status == .default }) {
                writer.line("default:")
                writer.line("    return nil")
            }
            writer.line("}")
        }
    }

    private func renderErrorDecode(_ response: ResolvedErrorResponse, into writer: inout SwiftWriter) {
        let label = Self.errorCase(response.status)
        writer.line("guard let value = try? \(swiftType(response.type)).htMap(body) else { return nil }")
        if case .code = response.status {
            writer.line("return ErrorResponse.\(label)(value)")
        } else {
            writer.line("return ErrorResponse.\(label)(status: status, value)")
        }
    }

    /// The case name of a status; every case but a single code's carries the status too.
    static func errorCase(_ status: ErrorResponseDecl.Status) -> String {
        switch status {
        case .code(let code): return "status\(code)"
        case .range(4): return "clientError"
        case .range(5): return "serverError"
        case .range(let digit): return "status\(digit)XX"
        case .default: return "other"
        }
    }

    /// The `switch` pattern of a status (`default` has none: it is the `default:` of the `switch`).
    static func statusPattern(_ status: ErrorResponseDecl.Status) -> String {
        switch status {
        case .code(let code): return String(code)
        case .range(let digit): return "\(digit * 100)..<\(digit * 100 + 100)"
        case .default: return "_"
        }
    }

    /// How a doc comment names a status.
    static func statusText(_ status: ErrorResponseDecl.Status) -> String {
        switch status {
        case .code(let code): return "\(code)."
        case .range(let digit): return "\(digit)XX."
        case .default: return "Any other status."
        }
    }

    private func docSuffix(_ description: String?) -> String {
        let line = SwiftNaming.commentLine(description ?? "")
        return line.isEmpty ? "" : " " + line
    }
}
