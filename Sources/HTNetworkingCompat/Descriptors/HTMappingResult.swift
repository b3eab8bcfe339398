import HTNetworking

/// The objects mapped from one response, grouped by the key path they came from (RestKit's
/// `RKMappingResult`).
///
/// ```swift
/// let result = try registry.mapResponse(body, method: "GET", path: "/home", statusCode: 200)
/// let user = result.first(HTUser.self)                           // the first HTUser anywhere
/// let articles = result.objects(atKeyPath: "articles", as: HTArticle.self)
/// let everything = result.array                                  // all objects, key path by key path
/// ```
public struct HTMappingResult {
    /// The objects from one key path.
    public struct Entry {
        /// The key path, `nil` for the whole body.
        public let keyPath: String?
        /// The descriptor that mapped them.
        public let descriptor: HTResponseDescriptor
        /// The objects, in document order.
        public let objects: [any HTModelMappable]
    }

    /// The entries, in the order their descriptors were added to the registry. Key paths that held
    /// nothing have no entry.
    public let entries: [Entry]
    /// Values that could not be converted and were left unset (lenient mapping), with their JSON paths.
    public let diagnostics: [HTMappingDiagnostic]

    /// Creates a result.
    public init(entries: [Entry], diagnostics: [HTMappingDiagnostic] = []) {
        self.entries = entries
        self.diagnostics = diagnostics
    }

    /// The key paths that produced objects, in entry order (`nil` for the whole body).
    public var keyPaths: [String?] { entries.map(\.keyPath) }

    /// Every object, key path by key path.
    public var array: [any HTModelMappable] { entries.flatMap(\.objects) }

    /// The first object of the first key path.
    public var firstObject: (any HTModelMappable)? {
        entries.lazy.compactMap(\.objects.first).first
    }

    /// The number of objects.
    public var count: Int { entries.reduce(0) { $0 + $1.objects.count } }

    /// Whether no object was mapped.
    public var isEmpty: Bool { count == 0 }

    /// The objects mapped from `keyPath` (`nil` for the whole body); empty when it held nothing.
    public func objects(atKeyPath keyPath: String?) -> [any HTModelMappable] {
        entries.first { $0.keyPath == keyPath }?.objects ?? []
    }

    /// The objects mapped from `keyPath` that are of type `T`.
    public func objects<T>(atKeyPath keyPath: String?, as type: T.Type) -> [T] {
        objects(atKeyPath: keyPath).compactMap { $0 as? T }
    }

    /// Every object of type `T`, key path by key path.
    public func objects<T>(ofType type: T.Type) -> [T] {
        array.compactMap { $0 as? T }
    }

    /// The first object of type `T`.
    public func first<T>(_ type: T.Type) -> T? {
        for entry in entries {
            for object in entry.objects {
                if let match = object as? T { return match }
            }
        }
        return nil
    }
}
