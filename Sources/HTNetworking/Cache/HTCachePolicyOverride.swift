/// A policy that replaces every request's own for the requests sent inside ``with(_:isolation:operation:)``
/// (a task-local value, so it follows child tasks and nothing else).
///
/// ```swift
/// // Force a refresh that still updates the cache:
/// let fresh = try await HTCachePolicyOverride.with(.writeOnly) { try await client.send(request) }
/// ```
public enum HTCachePolicyOverride {
    @TaskLocal static var value: HTCachePolicyID?

    /// The policy in force for the current task, if any.
    package static var current: HTCachePolicyID? { value }

    /// Runs `operation` with every request using `policy`.
    public static func with<T, Failure: Error>(
        _ policy: HTCachePolicyID, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws(Failure) -> T
    ) async throws(Failure) -> T {
        // `withValue` has untyped `throws`; the typed error travels in a Result instead (no cast).
        let result: Result<T, Failure> = await $value.withValue(
            policy,
            operation: { () async -> Result<T, Failure> in
                do throws(Failure) { return .success(try await operation()) } catch { return .failure(error) }
            }, isolation: isolation)
        return try result.get()
    }
}
