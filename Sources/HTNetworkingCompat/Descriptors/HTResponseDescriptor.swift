import HTNetworking

/// Which responses a mapping applies to, and where in their bodies the objects are (RestKit's
/// `RKResponseDescriptor`): methods, a path pattern, status codes, and a key path.
///
/// ```swift
/// // {"page": {"title": "…", "body": "…"}} from any URL, with status 200
/// let page = HTResponseDescriptor(mapping: try HTObjectMapping<WikiPage>(attributes: ["title", "body"]),
///                                 keyPath: "page", statusCodes: 200)
/// // {"articles": [{…}, {…}]} from GET /users/:id/articles with any 2xx status
/// let articles = HTResponseDescriptor(for: HTArticle.self, method: "GET",
///                                     pathPattern: "/users/:id/articles", keyPath: "articles")
/// ```
///
/// The value at the key path may be one object (one model) or an array of objects (one model each):
/// the descriptor is the same for both, as in RestKit.
public struct HTResponseDescriptor: Sendable, CustomStringConvertible {
    /// The methods of the requests whose responses this applies to.
    public let methods: HTMethodSet
    /// The pattern the response URL's path must match, or `nil` for any path.
    public let pathPattern: HTPathPattern?
    /// Where the objects are in the body (`data.items`), or `nil` for the whole body.
    public let keyPath: String?
    /// The status codes this applies to.
    public let statusCodes: HTStatusCodeSet
    /// The model type the objects map to.
    public let modelType: any HTModelMappable.Type
    /// Maps one JSON object to a model.
    /// `nil` when the object lacks a field the model requires (recorded in the context as a failure).
    let mapObject: @Sendable (HTJSONObject, inout HTMappingContext) -> (any HTModelMappable)?

    /// Creates a descriptor with a mapping.
    ///
    /// - Parameters:
    ///   - mapping: how the objects map to `Model`.
    ///   - method: the request methods (any by default).
    ///   - pathPattern: the response path pattern (`/users/:id/photos`), or `nil` for any path.
    ///   - keyPath: where the objects are; `nil` or empty for the whole body.
    ///   - statusCodes: the status codes (2xx by default).
    public init<Model: HTModelMappable>(
        mapping: HTObjectMapping<Model>,
        method: HTMethodSet = .any,
        pathPattern: HTPathPattern? = nil,
        keyPath: String? = nil,
        statusCodes: HTStatusCodeSet = .successful
    ) {
        self.methods = method
        self.pathPattern = pathPattern
        self.keyPath = keyPath?.isEmpty == false ? keyPath : nil
        self.statusCodes = statusCodes
        self.modelType = Model.self
        self.mapObject = { object, context -> (any HTModelMappable)? in mapping.model(from: object, context: &context) }
    }

    /// Creates a descriptor that maps with the model's own mapping (`HTModelMappable.htMapping`).
    public init<Model: HTModelMappable>(
        for type: Model.Type,
        method: HTMethodSet = .any,
        pathPattern: HTPathPattern? = nil,
        keyPath: String? = nil,
        statusCodes: HTStatusCodeSet = .successful
    ) {
        self.init(
            mapping: Model.htMapping, method: method, pathPattern: pathPattern, keyPath: keyPath,
            statusCodes: statusCodes)
    }

    /// Whether this descriptor applies to a response with `statusCode` to a `method` request for `path`
    /// (a URL path as sent; a query is ignored).
    public func matches(method: String, path: String, statusCode: Int) -> Bool {
        methods.contains(method) && statusCodes.contains(statusCode) && (pathPattern?.matches(path) ?? true)
    }

    /// The models at this descriptor's key path in `body`: one for an object, one per object element
    /// for an array, none when the key path holds nothing or `null` (`nil` is returned then, so the
    /// caller can tell "nothing there" from "an empty array"). Elements that are not objects, and
    /// values of other kinds, are reported in `context` and left out.
    public func mapObjects(in body: HTJSON, context: inout HTMappingContext) -> [any HTModelMappable]? {
        var value = body
        var components: [HTJSONPathComponent] = []
        if let keyPath {
            for key in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                guard case .object(let object) = value, let next = object[key] else { return nil }
                value = next
                components.append(.key(key))
            }
        }
        return context.at(components) { context -> [any HTModelMappable]? in
            switch value {
            case .null:
                return nil
            case .object(let object):
                return mapObject(object, &context).map { [$0] } ?? []
            case .array(let elements):
                var models: [any HTModelMappable] = []
                models.reserveCapacity(elements.count)
                for (index, element) in elements.enumerated() {
                    context.at(.index(index)) { context in
                        if case .object(let object) = element {
                            if let model = mapObject(object, &context) { models.append(model) }
                        } else {
                            context.reportMismatch(expected: "object (\(modelType.htTypeDescription))", found: element)
                        }
                    }
                }
                return models
            default:
                context.reportMismatch(
                    expected: "object or array of objects (\(modelType.htTypeDescription))", found: value)
                return []
            }
        }
    }

    /// `<HTResponseDescriptor GET /users/:id keyPath=data statusCodes=200-299 → HTUser>`.
    public var description: String {
        "<HTResponseDescriptor \(methods) \(pathPattern?.pattern ?? "*") keyPath=\(keyPath ?? "nil") "
            + "statusCodes=\(statusCodes) → \(modelType.htTypeDescription)>"
    }
}
