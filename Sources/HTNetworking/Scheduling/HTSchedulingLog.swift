/// What batches and retries write to the client's logger, under ``HTLogComponent/scheduling``:
/// routine steps at debug level (a batch starting and finishing, a retry scheduled), failures as
/// warnings (a batch with failed requests, retries given up). Requests are written with their URL
/// redacted by the logger's ``HTLogger/redaction``. (HTNetworkingCompat's chains write their failed
/// steps under the same component.)
enum HTSchedulingLog {
    /// A retry of `failure`'s request is scheduled: attempt `attempt` (2 for the first retry) after `delay`.
    static func retryScheduled(_ logger: HTLogger, failure: HTNetworkingError, attempt: Int, delay: Duration) {
        guard logger.isEnabled(.debug, for: .scheduling) else { return }
        logger.debug(
            .scheduling,
            "retry: attempt \(attempt) in \(seconds(delay)) s after: \(failure.description(redactingWith: logger.redaction))"
        )
    }

    /// The retries of a request ended in `failure` after `attempts` attempts.
    static func retriesGaveUp(_ logger: HTLogger, failure: HTNetworkingError, attempts: Int) {
        guard attempts > 1, logger.isEnabled(.warning, for: .scheduling) else { return }
        logger.warning(
            .scheduling,
            "retry: gave up after \(attempts) attempts: \(failure.description(redactingWith: logger.redaction))")
    }

    /// The client's retry budget had no retry left for the request `failure` ended.
    static func budgetExhausted(_ logger: HTLogger, failure: HTNetworkingError) {
        guard logger.isEnabled(.warning, for: .scheduling) else { return }
        logger.warning(
            .scheduling,
            "retry: not retried, the client's retry budget is spent: \(failure.description(redactingWith: logger.redaction))"
        )
    }

    /// A batch of `count` operations starts.
    static func batchStarted(_ logger: HTLogger, count: Int, mode: HTBatchMode, maxConcurrent: Int) {
        let limit = maxConcurrent == .max ? "no limit" : "at most \(maxConcurrent) at a time"
        logger.debug(.scheduling, "batch: \(count) requests started (\(mode), \(limit))")
    }

    /// A batch finished with `failed` of its `count` operations failed, the first in time `firstFailure`.
    static func batchFinished(_ logger: HTLogger, count: Int, failed: Int, firstFailure: (any Error)?) {
        if failed == 0 {
            logger.debug(.scheduling, "batch: \(count) requests finished, all succeeded")
        } else if logger.isEnabled(.warning, for: .scheduling) {
            let first = firstFailure.map { "; first failure: " + logger.redaction.redactedDescription(of: $0) } ?? ""
            logger.warning(.scheduling, "batch: \(count) requests finished, \(failed) failed\(first)")
        }
    }

    /// `duration` in seconds, with up to three decimals.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
    }
}
