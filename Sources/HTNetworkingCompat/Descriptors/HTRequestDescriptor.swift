import HTNetworking

/// How an object becomes request parameters (RestKit's `RKRequestDescriptor`): a request mapping plus a
/// root key path to nest the object's JSON under.
///
/// ```swift
/// let descriptor = HTRequestDescriptor(mapping: try HTObjectMapping<WikiPage>(attributes: ["title", "body"]),
///                                      rootKeyPath: "page")
/// descriptor.parameters(for: page)   // {"page": {"title": "An Example Page", "body": "Some example content"}}
/// ```
///
/// The mapping is used in reverse, as RestKit's `inverseMapping`: each entry's property is written to
/// its JSON key path. `nil` properties are left out.
public struct HTRequestDescriptor: Sendable, CustomStringConvertible {
    /// The model type this describes.
    public let modelType: any HTModelMappable.Type
    /// Where the object's JSON goes (`page`, or `data.page` for nested objects); `nil` for the top level.
    public let rootKeyPath: String?
    /// The methods of the requests this applies to.
    public let methods: HTMethodSet
    /// The object's JSON, or `nil` when the object is not a `modelType`.
    let encode: @Sendable (any HTModelMappable) -> HTJSONObject?

    /// Creates a descriptor.
    ///
    /// - Parameters:
    ///   - mapping: the request mapping; its JSON key paths are where the properties go.
    ///   - rootKeyPath: where the object's JSON is nested (`nil` or empty: not nested).
    ///   - method: the request methods (any by default).
    ///   - excluding: property names never sent (the original's blacklist).
    public init<Model: HTModelMappable>(
        mapping: HTObjectMapping<Model>,
        rootKeyPath: String?,
        method: HTMethodSet = .any,
        excluding: Set<String> = []
    ) {
        self.modelType = Model.self
        self.rootKeyPath = rootKeyPath?.isEmpty == false ? rootKeyPath : nil
        self.methods = method
        self.encode = { object in
            guard let model = object as? Model else { return nil }
            return mapping.json(from: model, excluding: excluding)
        }
    }

    /// Creates a descriptor that uses the model's own mapping (`HTModelMappable.htMapping`).
    public init<Model: HTModelMappable>(
        for type: Model.Type, rootKeyPath: String?, method: HTMethodSet = .any, excluding: Set<String> = []
    ) {
        self.init(mapping: Model.htMapping, rootKeyPath: rootKeyPath, method: method, excluding: excluding)
    }

    /// Whether this descriptor applies to `object` (exactly its type; subclasses have their own) sent
    /// with `method`.
    public func matches(_ object: any HTModelMappable, method: String) -> Bool {
        ObjectIdentifier(type(of: object)) == ObjectIdentifier(modelType) && methods.contains(method)
    }

    /// The parameters for `object`: its JSON, nested under ``rootKeyPath``. `nil` when the object is
    /// not a ``modelType``.
    public func parameters(for object: any HTModelMappable) -> HTJSONObject? {
        json(of: object).flatMap(nest)
    }

    /// The parameters for several objects: an array of their JSON, nested under ``rootKeyPath``
    /// (`{"pages": [{…}, {…}]}`), or the bare array when there is no root key path. `nil` when any
    /// object is not a ``modelType``.
    public func parameters(for objects: [any HTModelMappable]) -> HTJSON? {
        var elements: [HTJSON] = []
        elements.reserveCapacity(objects.count)
        for object in objects {
            guard let json = json(of: object) else { return nil }
            elements.append(json)
        }
        guard rootKeyPath != nil else { return .array(elements) }
        return nest(.array(elements)).map(HTJSON.object)
    }

    /// `object`'s JSON, or `nil` when the object is not a ``modelType``: what both `parameters(for:)`
    /// nest.
    private func json(of object: any HTModelMappable) -> HTJSON? {
        guard ObjectIdentifier(type(of: object)) == ObjectIdentifier(modelType), let json = encode(object) else {
            return nil
        }
        return .object(json)
    }

    /// `value` as an object, nested one level per component of the root key path.
    private func nest(_ value: HTJSON) -> HTJSONObject? {
        guard let rootKeyPath else {
            if case .object(let object) = value { return object }
            return nil
        }
        var nested = value
        for key in rootKeyPath.split(separator: ".", omittingEmptySubsequences: false).reversed() {
            nested = .object(HTJSONObject(members: [HTJSONObject.Member(key: String(key), value: nested)]))
        }
        if case .object(let object) = nested { return object }
        return nil
    }

    /// `<HTRequestDescriptor HTArticle rootKeyPath=article methods=ANY>`.
    public var description: String {
        "<HTRequestDescriptor \(modelType.htTypeDescription) rootKeyPath=\(rootKeyPath ?? "nil") methods=\(methods)>"
    }
}
