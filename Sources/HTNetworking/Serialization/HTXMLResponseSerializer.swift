import Foundation

/// Turns an XML document into ``HTJSON`` for ``HTXMLResponseSerializer``: the model layer's ``HTXMLReader`` by
/// default, or another reader with other element-to-JSON rules.
public protocol HTXMLConverter: Sendable {
    /// The document as JSON; throws when it is not well-formed XML.
    func json(fromXML data: Data) throws -> HTJSON
}

extension HTXMLReader: HTXMLConverter {
    /// Reads the document with the reader's rules (see ``HTXMLReader``).
    public func json(fromXML data: Data) throws -> HTJSON {
        try read(data)
    }
}

/// Reads XML bodies into JSON, so XML responses map to models like JSON ones. The standard registry
/// uses it for `application/xml`, `text/xml` and `*/*+xml`.
///
/// ```swift
/// // <user><id>7</id><name>Ada</name></user> maps to a model at the response key path "user".
/// configuration.serializers.register(HTXMLResponseSerializer(reader: HTXMLReader(options: .init(arrayElements: ["photo"]))),
///                                    for: "application/xml")
/// ```
public struct HTXMLResponseSerializer: HTResponseSerializer {
    /// What reads the XML.
    package let converter: any HTXMLConverter

    /// Creates a serializer that reads XML with `converter`.
    public init(converter: any HTXMLConverter) {
        self.converter = converter
    }

    /// Creates a serializer that reads XML with the model layer's reader.
    public init(reader: HTXMLReader = HTXMLReader()) {
        self.converter = reader
    }

    public var name: String { "XML" }

    public func json(from body: Data, contentType: HTContentType?) throws -> HTJSON {
        try converter.json(fromXML: body)
    }
}
