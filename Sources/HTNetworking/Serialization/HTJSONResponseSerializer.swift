import Foundation

/// Reads JSON bodies with the runtime's own parser (``HTJSONParser``). A body of only whitespace is
/// `null`.
public struct HTJSONResponseSerializer: HTResponseSerializer {
    /// The parser's options (e.g. the maximum nesting depth).
    public var options: HTJSONParser.Options

    /// Creates the serializer.
    public init(options: HTJSONParser.Options = .init()) {
        self.options = options
    }

    public var name: String { "JSON" }

    /// Parses `body`; throws ``HTJSONParseError`` with the offset of the problem.
    public func json(from body: Data, contentType: HTContentType?) throws -> HTJSON {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .null }
        return try HTJSONParser(options: options).parse(body)
    }
}
