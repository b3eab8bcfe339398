/// Carries a value produced as `sending` out of a child task, whose result type must be `Sendable`,
/// to the parent that awaits it. The batch runner uses it to hand back mapped values that need not be
/// `Sendable` (hand-written model classes; generated models are) from requests sent in parallel.
///
/// `@unchecked Sendable`, safe because: the only initializer takes the value as `sending`, so the
/// value's region holds nothing the producing task can still reach; the producing child task returns
/// the box as its result and keeps no copy; the consumer (the task group's owner) opens it with
/// ``take()`` once, after the child has finished. The type is internal and used only in that pattern,
/// so the value is never reachable from two tasks at once.
struct HTDisconnectedValue<Value>: @unchecked Sendable {
    // @unchecked Sendable, safety: see above; `value` is private, set once from a `sending` argument.
    private let value: Value

    /// Wraps `value`, which nothing else references.
    init(_ value: sending Value) {
        self.value = value
    }

    /// The value, given up by the box.
    consuming func take() -> sending Value {
        value
    }
}
