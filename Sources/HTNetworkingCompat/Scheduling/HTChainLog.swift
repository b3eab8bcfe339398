import HTNetworking

/// What chains write to the client's logger, under `HTLogComponent.scheduling` (where batches and
/// retries write too): a failed step as a warning, with the request's URL redacted by the logger's
/// redaction.
enum HTChainLog {
    /// Step `step` (1 for the first) of a chain failed with `error`; the later steps are not run.
    /// A cancelled step is written at debug level (cancelling is the caller's choice).
    static func stepFailed(_ logger: HTLogger, step: Int, error: any Error) {
        let cancelled = (error as? HTNetworkingError)?.isCancelled ?? (error is CancellationError)
        logger.log(
            cancelled ? .debug : .warning, .scheduling,
            "chain: step \(step) failed: \(logger.redaction.redactedDescription(of: error))")
    }
}
