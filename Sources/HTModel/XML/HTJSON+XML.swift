import Foundation

extension HTJSON {
    /// Reads an XML document into a JSON value (see ``HTXMLReader`` for the rules).
    public init(parsingXML data: Data, options: HTXMLReader.Options = .init()) throws(HTXMLParseError) {
        self = try HTXMLReader(options: options).read(data)
    }

    /// Reads an XML document from text into a JSON value (see ``HTXMLReader`` for the rules).
    public init(parsingXML text: String, options: HTXMLReader.Options = .init()) throws(HTXMLParseError) {
        self = try HTXMLReader(options: options).read(text)
    }
}
