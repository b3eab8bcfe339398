/// The HTTP methods a descriptor applies to (RestKit's `RKHTTPMethodOptions`): any method, or a set of
/// method names compared without regard to case.
///
/// ```swift
/// let any: HTMethodSet = .any
/// let get: HTMethodSet = "GET"
/// let writes: HTMethodSet = ["POST", "PUT", "PATCH"]
/// ```
public struct HTMethodSet: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// The upper-cased method names, or `nil` for any method.
    public let methods: Set<String>?

    /// Every method.
    public static let any = HTMethodSet(methods: nil)

    /// Creates a set of method names (upper-cased here).
    public init<Names: Sequence<String>>(_ names: Names) {
        self.init(methods: Set(names.map { $0.uppercased() }))
    }

    private init(methods: Set<String>?) {
        self.methods = methods
    }

    /// A set of one method: `"GET"`.
    public init(stringLiteral value: String) {
        self.init([value])
    }

    /// A set of several methods: `["POST", "PUT"]`.
    public init(arrayLiteral elements: String...) {
        self.init(elements)
    }

    /// Whether the set applies to `method` (case-insensitive).
    public func contains(_ method: String) -> Bool {
        guard let methods else { return true }
        return methods.contains(method.uppercased())
    }

    /// Whether the set is ``any``.
    public var isAny: Bool { methods == nil }

    /// `ANY`, or the names sorted and joined by `|` (`GET|HEAD`).
    public var description: String {
        guard let methods else { return "ANY" }
        return methods.sorted().joined(separator: "|")
    }
}
