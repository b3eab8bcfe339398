/// What a batch does when one of its requests fails.
public enum HTBatchMode: Sendable, Hashable {
    /// The first failure cancels the requests still running (they end as `cancelled`) and those not
    /// started yet (they are never sent); the batch reports that first failure. Like the original's
    /// merged signals (`batchSignalsOfRequests:`), whose first error ended the batch, and YTKNetwork's
    /// `YTKBatchRequest`.
    case failFast
    /// Every request runs to its end whatever the others do; the batch reports each one's result.
    case collectAll
}
