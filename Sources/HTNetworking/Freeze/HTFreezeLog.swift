/// What the freeze manager writes to a logger, under ``HTLogComponent/freeze``: a request frozen,
/// resent or dropped by its policy at debug level; a resend that failed, a request dropped after
/// failing, and problems found loading the journal as warnings. Requests are written with their URL
/// redacted by the logger's ``HTLogger/redaction``.
enum HTFreezeLog {
    /// Logs `event`.
    static func log(_ event: HTFreezeEvent, to logger: HTLogger) {
        let redaction = logger.redaction
        switch event {
        case .frozen(let request):
            guard logger.isEnabled(.debug, for: .freeze) else { return }
            logger.debug(
                .freeze, "frozen \(request.id): \(request.requestDescription.description(redactingWith: redaction))")
        case .resendSucceeded(let request, let response):
            guard logger.isEnabled(.debug, for: .freeze) else { return }
            logger.debug(
                .freeze,
                "resent \(request.id) (\(response.statusCode)): \(request.requestDescription.description(redactingWith: redaction))"
            )
        case .resendFailed(let request, let error, let willRetry):
            guard logger.isEnabled(.warning, for: .freeze) else { return }
            logger.warning(
                .freeze,
                "resend of \(request.id) failed\(willRetry ? ", will retry" : ""): \(error.description(redactingWith: redaction))"
            )
        case .dropped(let request, let reason):
            let line =
                "dropped \(request.id) (\(reason)): \(request.requestDescription.description(redactingWith: redaction))"
            switch reason {
            case .policy: logger.debug(.freeze, line)
            case .failed: logger.warning(.freeze, line)
            }
        }
    }

    /// Logs what loading the journal at `path` found, when it was not clean.
    static func log(_ report: HTFreezeJournalLoadReport, path: String, to logger: HTLogger) {
        guard !report.isClean, logger.isEnabled(.warning, for: .freeze) else { return }
        var problems: [String] = []
        if !report.damaged.isEmpty {
            problems.append("\(report.damaged.count) damaged ranges (\(report.damagedBytes) bytes) skipped")
        }
        if !report.unopened.isEmpty { problems.append("\(report.unopened.count) sealed records could not be opened") }
        if let setAside = report.setAsideFile { problems.append("unreadable file set aside as \(setAside)") }
        if let setAside = report.setAsideTail { problems.append("unread rest of the file kept as \(setAside)") }
        if let rewriteError = report.rewriteError {
            problems.append("not rewritten (\(rewriteError)); the repair waits for a later compaction")
        }
        logger.warning(
            .freeze, "journal \(path): \(report.entriesLoaded) requests loaded; " + problems.joined(separator: "; "))
    }

    /// Logs that the journal could not be opened or written.
    static func journalFailed(_ error: any Error, to logger: HTLogger) {
        logger.warning(.freeze, "journal: \(logger.redaction.redactedDescription(of: error))")
    }
}
