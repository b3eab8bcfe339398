import Foundation

/// A stored property of a model class that several tasks can read and write at once: every read and
/// write takes a lock (from ``HTModelLocks``, picked by the model's address). Generated models declare
/// all their properties with it, which is what makes them `Sendable`:
///
/// ```swift
/// final class HTUser: HTHTTPModel, HTModelMappable, @unchecked Sendable {
///     @HTGuarded var name: String?
/// }
/// ```
///
/// Each access is atomic on its own; a read-modify-write (`user.count += 1`) is two accesses, as with
/// any shared class. Only a class can hold it (the wrapper reaches its lock through the enclosing
/// instance); the value must be `Sendable`.
@propertyWrapper
public struct HTGuarded<Value: Sendable>: Sendable {
    /// The value; touched only under the model's lock, by the subscript below.
    @usableFromInline var storage: Value

    /// Wraps the property's initial value.
    @inlinable
    public init(wrappedValue: Value) {
        storage = wrappedValue
    }

    /// Not available: the property is read through the enclosing instance, under its lock.
    @available(*, unavailable, message: "@HTGuarded properties can only be declared in classes")
    public var wrappedValue: Value {
        get { fatalError("@HTGuarded used outside a class") }
        set { fatalError("@HTGuarded used outside a class") }
    }

    /// Reads and writes the property of `model` under its lock. The replaced value is released after
    /// the lock is let go, so a `deinit` it triggers never runs under the lock.
    @inlinable
    public static subscript<Model: AnyObject>(
        _enclosingInstance model: Model,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, HTGuarded<Value>>
    ) -> Value {
        get {
            let lock = HTModelLocks.lock(for: model)
            lock.lock()
            defer { lock.unlock() }
            return model[keyPath: storageKeyPath].storage
        }
        set {
            var replaced = newValue
            let lock = HTModelLocks.lock(for: model)
            lock.lock()
            swap(&model[keyPath: storageKeyPath].storage, &replaced)
            lock.unlock()
        }
    }
}

extension HTGuarded where Value: ExpressibleByNilLiteral {
    /// An optional property without an initial value starts as `nil`.
    @inlinable
    public init() {
        storage = nil
    }

    /// The value of the property that `access` hands over, read under `model`'s lock (the getter of
    /// ``HTPropertyAccessor/init(_:key:required:guarded:)``).
    @inlinable
    static func read<Model: AnyObject>(_ model: Model, _ access: (Model, (inout Self) -> Void) -> Void) -> Value {
        var value: Value = nil
        let lock = HTModelLocks.lock(for: model)
        lock.lock()
        access(model) { value = $0.storage }
        lock.unlock()
        return value
    }

    /// Writes the property that `access` hands over under `model`'s lock; the replaced value is released
    /// after unlocking (the setter of ``HTPropertyAccessor/init(_:key:required:guarded:)``).
    @inlinable
    static func write<Model: AnyObject>(
        _ value: Value, to model: Model, _ access: (Model, (inout Self) -> Void) -> Void
    ) {
        var replaced = value
        let lock = HTModelLocks.lock(for: model)
        lock.lock()
        access(model) { swap(&$0.storage, &replaced) }
        lock.unlock()
    }
}
