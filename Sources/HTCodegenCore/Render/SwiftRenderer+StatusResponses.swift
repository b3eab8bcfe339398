/// What a request's success responses say beyond one body: a `Response` enumeration read by status when
/// the statuses differ in body, and the `ResponseHeaders` its success responses document.
///
/// ```swift
/// internal enum Response: HTStatusResponse {
///     /// 200. Returns the requested file.
///     case ok(Data)
///     /// 202. The file is not ready yet.
///     case accepted
///     internal static func reading(status: Int) -> HTStatusReading<Self>? { ... }
///     internal var htJSON: HTJSON { ... }
/// }
///
/// internal struct ResponseHeaders: HTResponseHeaderFields {
///     /// `Retry-After` (202). The time in seconds after which to retry.
///     internal let retryAfter: Int?
///     internal init(_ response: HTTransportResponse) { ... }
/// }
/// ```
extension SwiftRenderer {
    /// The case name of a success status: its reason phrase for the common ones (`ok`, `accepted`),
    /// `status207`-style otherwise; `2XX` is `success`, which carries the status too.
    static func successCase(_ status: ErrorResponseDecl.Status) -> String {
        guard case .code(let code) = status else { return "success" }
        switch code {
        case 200: return "ok"
        case 201: return "created"
        case 202: return "accepted"
        case 203: return "nonAuthoritativeInformation"
        case 204: return "noContent"
        case 205: return "resetContent"
        case 206: return "partialContent"
        default: return "status\(code)"
        }
    }

    /// The nested `Response` enumeration of a request whose success statuses differ in body.
    func renderStatusResponse(_ statuses: [ResolvedStatusResponse], into writer: inout SwiftWriter) {
        writer.line("/// The response, by status: the client reads the body as its status documents.")
        writer.block("\(access)enum Response: HTStatusResponse") { writer in
            for status in statuses {
                let line = SwiftNaming.commentLine(status.description ?? "")
                writer.line("/// \(Self.statusText(status.status))" + (line.isEmpty ? "" : " " + line))
                let label = Self.successCase(status.status)
                let payload = payloadType(status)
                switch (status.status, payload) {
                case (.code, nil): writer.line("case \(label)")
                case (.code, let payload?): writer.line("case \(label)(\(payload))")
                case (_, nil): writer.line("case \(label)(status: Int)")
                case (_, let payload?): writer.line("case \(label)(status: Int, \(payload))")
                }
            }
            writer.line()
            writer.line("/// How the body of a response with `status` is read.")
            writer.block("\(access)static func reading(status: Int) -> HTStatusReading<Self>?") { writer in
                writer.line("switch status {")
                for status in statuses {
                    writer.line("case \(Self.statusPattern(status.status)):")
                    writer.line("    return \(readingExpression(status))")
                }
                writer.line("default:")
                writer.line("    return nil")
                writer.line("}")
            }
            writer.line()
            writer.line("/// The body as JSON (`null` for none).")
            writer.block("\(access)var htJSON: HTJSON") { writer in
                writer.line("switch self {")
                for status in statuses {
                    let label = Self.successCase(status.status)
                    let isCode: Bool
                    if case .code = status.status { isCode = true } else { isCode = false }
                    if payloadType(status) == nil {
                        writer.line("case .\(label): return .null")
                    } else {
                        writer.line("case .\(label)(\(isCode ? "" : "_, ")let value): return value.htJSON")
                    }
                }
                writer.line("}")
            }
        }
    }

    /// The type a status's case carries, or `nil` for no body.
    private func payloadType(_ status: ResolvedStatusResponse) -> String? {
        if status.response.isEmpty { return nil }
        return status.response.type.map(swiftType) ?? "HTJSON"
    }

    /// How one status is read: `.json(HTPet.self, Self.ok)`, `.data(Self.ok)`, `.empty(.accepted)`.
    private func readingExpression(_ status: ResolvedStatusResponse) -> String {
        let label = Self.successCase(status.status)
        let isCode: Bool
        if case .code = status.status { isCode = true } else { isCode = false }
        guard let payload = payloadType(status) else {
            return isCode ? ".empty(.\(label))" : ".empty(.\(label)(status: status))"
        }
        let wrap = isCode ? "Self.\(label)" : "{ .\(label)(status: status, $0) }"
        // A body read as it came (not JSON): bytes, or text in its charset.
        if status.accept != nil, payload == "Data" || payload == "String" {
            return payload == "Data" ? ".data(\(wrap))" : ".text(\(wrap))"
        }
        return ".json(\(payload).self, \(wrap))"
    }

    /// The nested `ResponseHeaders` struct of a request whose success responses document headers.
    mutating func renderResponseHeaders(_ headers: [ResolvedResponseHeader], into writer: inout SwiftWriter) {
        guard !headers.isEmpty else { return }
        let names = propertyNames(headers.map { (Resolver.headerPropertyName($0.name), $0.location) })
        writer.line()
        writer.line("/// The headers the success responses document: `ResponseHeaders(response)` of")
        writer.line("/// `client.response(for:)`. A header the response lacks, or that does not convert, is `nil`.")
        writer.block("\(access)struct ResponseHeaders: HTResponseHeaderFields") { writer in
            for (header, name) in zip(headers, names) {
                let shown = String(SwiftNaming.commentLine(header.name).map { $0 == "`" ? "'" : $0 })
                let line = SwiftNaming.commentLine(header.description ?? "")
                writer.line(
                    "/// `\(shown)` (\(header.statuses.joined(separator: ", ")))." + (line.isEmpty ? "" : " " + line))
                writer.line("\(access)let \(SwiftNaming.escaped(name)): \(swiftType(header.type))?")
            }
            writer.line()
            writer.line("/// The headers of `response`.")
            writer.block("\(access)init(_ response: HTTransportResponse)") { writer in
                for (header, name) in zip(headers, names) {
                    let type = swiftType(header.type)
                    writer.line(
                        "self.\(SwiftNaming.escaped(name)) = response.header(\(SwiftNaming.stringLiteral(header.name)), as: \(type).self)"
                    )
                }
            }
        }
    }
}
