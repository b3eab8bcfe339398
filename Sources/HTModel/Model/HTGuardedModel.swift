/// A `Sendable` model class: its properties live in one struct, ``Storage``, that is read and written
/// only under the model's lock (``HTModelLock``). Generated models conform; the properties are read and
/// written through the model, as if they were its own (`user.name = "ann"`), each access atomic.
///
/// ```swift
/// final class HTUser: HTHTTPModel, HTModelMappable, HTGuardedModel, @unchecked Sendable {
///     // @unchecked Sendable, safety: the one stored property, _htStorage, is read and written only
///     // under the model's lock (this protocol's subscript, HTPropertyAccessor's guarded accessors).
///     struct Storage: Sendable {
///         var id: Int?
///         var name: String?
///     }
///     var _htStorage = Storage()
///
///     static let htAccessors: [HTPropertyAccessor<HTUser>] = [
///         .init("id", guarded: { $1(&$0._htStorage.id) }),
///         .init("name", guarded: { $1(&$0._htStorage.name) }),
///     ]
///     static let htMapping: HTObjectMapping<HTUser> = .defaultMapping()
/// }
/// ```
///
/// A read-modify-write (`user.count! += 1`) is two accesses, as with any shared class: coordinate
/// those yourself. One dynamic-member subscript, here, serves every model: a property wrapper or a
/// subscript per model would say the same, at several times the compile cost of generated code.
@dynamicMemberLookup
public protocol HTGuardedModel: AnyObject, Sendable {
    /// The model's properties, in declaration order.
    associatedtype Storage: Sendable

    /// The properties without their lock: only for the model's accessor table (``HTPropertyAccessor``),
    /// which takes the lock itself. Read and write properties through the model.
    var _htStorage: Storage { get set }
}

extension HTGuardedModel {
    /// The property at `property` of ``Storage``, read or written under the model's lock. The replaced
    /// value is released after unlocking, so a `deinit` it triggers never runs under the lock.
    @inlinable
    public subscript<Value>(dynamicMember property: WritableKeyPath<Storage, Value>) -> Value {
        get { HTModelLock.withLock(self) { _htStorage[keyPath: property] } }
        set {
            var value = newValue
            HTModelLock.withLock(self) { swap(&_htStorage[keyPath: property], &value) }
        }
    }
}
