/// The mock server's log line for one request: method, path, status, duration in milliseconds, and
/// the reason of a 400 (`GET /pets?limit=abc 400 0.21 ms query parameter 'limit' must be ...`).
package enum MockRequestLog {
    /// The line, without a line end.
    package static func line(
        method: String, target: String, status: Int, milliseconds: Double, reason: String? = nil
    ) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let shown = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        var line = "\(method) \(target) \(status) \(shown) ms"
        if let reason { line += " " + reason }
        return line
    }
}
