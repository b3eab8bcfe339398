/// What downloads and uploads write to the client's logger, under ``HTLogComponent/transfers``: start
/// and finish at debug level, failures as warnings (cancellation at debug level: it is the caller's
/// choice). Requests are written with their URL redacted by the logger's ``HTLogger/redaction``.
enum HTTransferLog {
    /// Which way the body goes.
    enum Direction: String {
        case download
        case upload
    }

    /// A transfer of `request` starts.
    static func started(_ logger: HTLogger, _ direction: Direction, _ request: HTRequestDescription) {
        guard logger.isEnabled(.debug, for: .transfers) else { return }
        logger.debug(
            .transfers, "\(direction.rawValue) started: \(request.description(redactingWith: logger.redaction))")
    }

    /// A transfer of `request` finished with `statusCode`; `bytes` is the body transferred (the file
    /// written for a download, the multipart body sent for an upload).
    static func finished(
        _ logger: HTLogger, _ direction: Direction, _ request: HTRequestDescription, statusCode: Int, bytes: Int64
    ) {
        guard logger.isEnabled(.debug, for: .transfers) else { return }
        logger.debug(
            .transfers,
            "\(direction.rawValue) finished: \(statusCode), \(bytes) bytes, \(request.description(redactingWith: logger.redaction))"
        )
    }

    /// A transfer failed with `error`.
    static func failed(_ logger: HTLogger, _ direction: Direction, _ error: HTNetworkingError) {
        if case .cancelled = error.kind {
            logger.debug(
                .transfers,
                "\(direction.rawValue) cancelled: \(error.request.description(redactingWith: logger.redaction))")
        } else if logger.isEnabled(.warning, for: .transfers) {
            logger.warning(
                .transfers, "\(direction.rawValue) failed: \(error.description(redactingWith: logger.redaction))")
        }
    }
}
