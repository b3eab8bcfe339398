/// One step of a path into a JSON document: an object key or an array index.
public enum HTJSONPathComponent: Sendable, Hashable, CustomStringConvertible {
    /// A member of an object.
    case key(String)
    /// An element of an array.
    case index(Int)

    public var description: String {
        switch self {
        case .key(let key): return key
        case .index(let index): return "[\(index)]"
        }
    }
}

/// A path into a JSON document, printed the way people write it: `articles[3].author.email`.
public struct HTJSONPath: Sendable, Hashable, CustomStringConvertible {
    /// The components from the root.
    public var components: [HTJSONPathComponent]

    /// Creates a path from its components.
    public init(_ components: [HTJSONPathComponent] = []) {
        self.components = components
    }

    /// Parses a dotted key path such as `data.items`; each dot-separated part is an object key.
    public init(keyPath: String) {
        self.components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text.isEmpty ? "<root>" : text
    }

    /// A path with one more component.
    package func appending(_ component: HTJSONPathComponent) -> HTJSONPath {
        HTJSONPath(components + [component])
    }
}

/// A value the mapper could not convert. In lenient mode (the default) it leaves the property unset and
/// is reported as a warning; in strict mode it fails the mapping.
public struct HTMappingDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Where in the JSON document the value was.
    public var path: HTJSONPath
    /// What was expected and what was found.
    public var message: String

    /// Creates a diagnostic.
    public init(path: HTJSONPath, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Options that control object mapping.
public struct HTMappingOptions: Sendable, Hashable {
    /// When `true`, the first value that cannot be converted fails the whole mapping with an
    /// ``HTMappingError`` instead of leaving the property unset.
    public var strict: Bool

    /// Whether a JSON key that matches no mapped key exactly may still reach a property through its
    /// canonical form (RestGoatee's implicit mapping: `foo_bar`, `foo-bar` and `FooBar` all reach
    /// `fooBar`). On by default; see ``HTObjectMapping`` for the rules.
    public var implicitKeyMatching: Bool

    /// Whether strict mapping fails on an enum value the spec does not list, for every ``HTStringEnum``
    /// (one enum can ask for it alone with ``HTStringEnum/htRejectsUnknownValues``). Off by default:
    /// enums are open, so a server can add members without breaking apps. Lenient mapping ignores it.
    public var rejectsUnknownEnumValues: Bool

    /// Creates options. Mapping is lenient unless `strict` is set; implicit key matching is on unless
    /// `implicitKeyMatching` is `false`; unknown enum values are kept unless `rejectsUnknownEnumValues`
    /// is set (and mapping is strict).
    public init(strict: Bool = false, implicitKeyMatching: Bool = true, rejectsUnknownEnumValues: Bool = false) {
        self.strict = strict
        self.implicitKeyMatching = implicitKeyMatching
        self.rejectsUnknownEnumValues = rejectsUnknownEnumValues
    }

    /// The default options: lenient.
    public static let lenient = HTMappingOptions()
    /// Strict mapping: any unconvertible value is an error.
    public static let strict = HTMappingOptions(strict: true)
}

/// The state of one mapping run: its options, and the values it could not convert, each with its path
/// in the document.
///
/// A type's ``HTJSONValueConvertible/htDecode(_:context:)`` reports a value it cannot convert with
/// ``report(_:)`` or ``reportMismatch(expected:found:)`` and returns `nil`; the mapper works out the
/// path. To map with an ``HTObjectMapping`` or ``HTJSONValueConvertible/htMap(_:context:)``, create a
/// context and read its ``diagnostics`` afterwards.
public struct HTMappingContext: Sendable {
    // The mapper does not push a path component for every value it maps: that would cost an append and
    // a removal per value on the success path. Instead a diagnostic is recorded with the path known where
    // it is reported (`path`: the starting path plus whatever `at(_:_:)` pushed), and each level of the
    // mapper that sees new diagnostics after mapping a child inserts the child's key or index into their
    // paths on the way back (`prefixDiagnostics(since:with:)`). Paths are therefore only built for
    // values that fail.

    /// The options of this run.
    public let options: HTMappingOptions
    /// The values that could not be converted so far.
    public private(set) var diagnostics: [HTMappingDiagnostic] = []
    /// The path of the value being mapped.
    package private(set) var path: [HTJSONPathComponent]
    /// The diagnostic of the first required field without a value (``HTFieldPresence/required``): a
    /// model that lacks one is not built, and the whole mapping fails with it, in lenient mode too.
    package var failure: HTMappingDiagnostic? { failureIndex.map { diagnostics[$0] } }
    /// The index in ``diagnostics`` of ``failure`` (its path grows as the mapper returns to the root).
    private var failureIndex: Int?
    /// Whether the object is mapped over an existing model (``HTModelMappable/htUpdated(from:options:)``),
    /// whose values stay where the object has no key: a missing required key is no failure then.
    package var mapsOverModel = false
    /// How `Date` values are read: ``HTDateFormat/automatic``, or the format of the field being mapped
    /// when it declares one (an accessor made with `dateFormat:` sets it for its field's value).
    @usableFromInline package var dateFormat: HTDateFormat = .automatic

    /// Creates a context starting at `path` (for example the response key path).
    public init(options: HTMappingOptions = .lenient, path: HTJSONPath = HTJSONPath()) {
        self.options = options
        self.path = path.components
    }

    /// Runs `body` with `component` pushed on the path.
    package mutating func at<T>(_ component: HTJSONPathComponent, _ body: (inout HTMappingContext) -> T) -> T {
        path.append(component)
        defer { path.removeLast() }
        return body(&self)
    }

    /// Runs `body` with `components` pushed on the path (one per level of a nested key path).
    package mutating func at<T>(_ components: [HTJSONPathComponent], _ body: (inout HTMappingContext) -> T) -> T {
        path.append(contentsOf: components)
        defer { path.removeLast(components.count) }
        return body(&self)
    }

    /// Records that the value at the current path could not be converted.
    public mutating func report(_ message: String) {
        diagnostics.append(HTMappingDiagnostic(path: HTJSONPath(path), message: message))
    }

    /// Records that a required field at the current path has no value: a diagnostic, and the failure of
    /// the whole mapping (``failure``) unless an earlier one failed it.
    package mutating func fail(_ message: String) {
        report(message)
        if failureIndex == nil { failureIndex = diagnostics.count - 1 }
    }

    /// Records a diagnostic about the child `component` of the value at the current path.
    package mutating func report(_ message: String, at component: HTJSONPathComponent) {
        diagnostics.append(HTMappingDiagnostic(path: HTJSONPath(path + [component]), message: message))
    }

    /// The number of diagnostics so far: compare it before and after mapping a child to know whether
    /// the child reported anything.
    @inlinable
    package var diagnosticCount: Int { diagnostics.count }

    /// Inserts `component` into the paths of the diagnostics recorded since the first `start`, where the
    /// mapper would have pushed it: call it after mapping the child `component` when
    /// ``diagnosticCount`` grew.
    @usableFromInline
    package mutating func prefixDiagnostics(since start: Int, with component: HTJSONPathComponent) {
        prefixDiagnostics(since: start, with: CollectionOfOne(component))
    }

    /// Inserts `components` (a nested key path) into the paths of the diagnostics recorded since the
    /// first `start` (see ``prefixDiagnostics(since:with:)-(_,HTJSONPathComponent)``).
    package mutating func prefixDiagnostics<C: Collection>(since start: Int, with components: C)
    where C.Element == HTJSONPathComponent {
        let depth = path.count
        var index = Swift.max(start, 0)
        while index < diagnostics.count {
            var shifted = diagnostics[index].path.components
            shifted.insert(contentsOf: components, at: Swift.min(depth, shifted.count))
            diagnostics[index].path = HTJSONPath(shifted)
            index += 1
        }
    }

    /// Records a type mismatch: `expected` is what the property needs, `found` the JSON value.
    public mutating func reportMismatch(expected: String, found: HTJSON) {
        report("expected \(expected), found \(found.kindDescription)")
    }

    /// Throws the ``failure`` (a required field without a value), else the first diagnostic when the
    /// options are strict.
    package func checkStrict() throws(HTMappingError) {
        if let failure {
            throw HTMappingError(path: failure.path, message: failure.message)
        }
        if options.strict, let first = diagnostics.first {
            throw HTMappingError(path: first.path, message: first.message)
        }
    }
}

/// A mapping that failed: the response did not have the shape the request promised, or (in strict
/// mode) a value could not be converted.
public struct HTMappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the JSON document.
    public var path: HTJSONPath
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(path: HTJSONPath, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "mapping failed at \(path): \(message)" }
}

extension HTJSON {
    /// A short description of the value's kind for diagnostics, e.g. `string "abc"` or `object`.
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "boolean \(value)"
        case .integer(let value): return "number \(value)"
        case .double(let value): return "number \(value)"
        case .number(let value): return "number \(value.text)"
        case .string(let value):
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "string \"\(shown)\""
        case .array(let values): return "array of \(values.count)"
        case .object: return "object"
        }
    }
}
