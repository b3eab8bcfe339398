/// Which ``HTResponseSerializer`` reads a response, by its `Content-Type` (the original's
/// `RKMIMETypeSerialization`). Each client has its own registry, in its configuration.
///
/// A registry maps MIME type patterns to serializers:
/// - `type/subtype`, e.g. `application/json`: that type exactly;
/// - `type/*+suffix` or `*/*+suffix`, e.g. `*/*+json`: a structured-syntax suffix (`application/vnd.api+json`);
/// - `type/*`, e.g. `text/*`: every subtype of a type;
/// - `*/*`: everything.
///
/// The most specific pattern wins in that order; a response with no `Content-Type`, or one nothing
/// matches (`text/html` in ``standard``), is read by the ``fallback`` (JSON). The body itself is never
/// sniffed: JSON labelled `text/plain` is text. ``standard`` reads JSON (`application/json`,
/// `text/json`, `*/*+json`), XML (`application/xml`, `text/xml`, `*/*+xml`) and plain text
/// (`text/plain`).
///
/// ```swift
/// var configuration = HTClientConfiguration(baseURL: url)
/// configuration.serializers.map("text/html", to: "application/json")   // a server that mislabels JSON
/// configuration.serializers.register(HTXMLResponseSerializer(converter: myXMLReader), for: "application/xml")
/// ```
public struct HTSerializerRegistry: Sendable {
    /// What reads a response no pattern matches (JSON unless changed).
    public var fallback: any HTResponseSerializer

    private var entries: [String: any HTResponseSerializer]

    /// An empty registry: everything goes to `fallback`.
    public init(fallback: any HTResponseSerializer = HTJSONResponseSerializer()) {
        self.fallback = fallback
        self.entries = [:]
    }

    /// JSON for `application/json`, `text/json` and `*/*+json`; XML (``HTXMLReader``) for
    /// `application/xml`, `text/xml` and `*/*+xml`; text for `text/plain`; JSON for the rest.
    public static let standard: HTSerializerRegistry = {
        var registry = HTSerializerRegistry()
        let json = HTJSONResponseSerializer()
        registry.register(json, for: "application/json")
        registry.register(json, for: "text/json")
        registry.register(json, for: "*/*+json")
        let xml = HTXMLResponseSerializer()
        registry.register(xml, for: "application/xml")
        registry.register(xml, for: "text/xml")
        registry.register(xml, for: "*/*+xml")
        registry.register(HTTextResponseSerializer(), for: "text/plain")
        return registry
    }()

    /// The patterns that have a serializer, sorted.
    package var patterns: [String] {
        entries.keys.sorted()
    }

    /// Makes `serializer` read responses whose MIME type matches `pattern`, replacing any serializer
    /// registered for the same pattern.
    public mutating func register(_ serializer: any HTResponseSerializer, for pattern: String) {
        entries[Self.normalized(pattern)] = serializer
    }

    /// Makes `mimeType` read by the serializer that reads `existing` now (e.g. `text/html` as JSON).
    /// If nothing is registered for `existing`, `mimeType` is read by the fallback.
    public mutating func map(_ mimeType: String, to existing: String) {
        let target =
            HTContentType(existing).map { self.serializer(for: $0) } ?? entries[Self.normalized(existing)] ?? fallback
        entries[Self.normalized(mimeType)] = target
    }

    /// Removes the serializer registered for `pattern`.
    public mutating func remove(_ pattern: String) {
        entries[Self.normalized(pattern)] = nil
    }

    /// The serializer for a response's content type (the fallback when there is none or none matches).
    package func serializer(for contentType: HTContentType?) -> any HTResponseSerializer {
        guard let contentType, !entries.isEmpty else { return fallback }
        if let exact = entries[contentType.mimeType] { return exact }
        if let suffix = contentType.suffix {
            if let match = entries[contentType.type + "/*+" + suffix] ?? entries["*/*+" + suffix] { return match }
        }
        return entries[contentType.type + "/*"] ?? entries["*/*"] ?? fallback
    }

    /// The serializer for a `Content-Type` header value.
    package func serializer(forContentType header: String?) -> any HTResponseSerializer {
        serializer(for: header.flatMap(HTContentType.init))
    }

    /// Lower-cased, without parameters or spaces.
    private static func normalized(_ pattern: String) -> String {
        let mime = pattern.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(mime.filter { $0 != " " && $0 != "\t" }).lowercased()
    }
}
