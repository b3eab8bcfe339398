/// Reads a file that holds one JSON or YAML document into the positioned tree (``JSONNode``): YAML
/// when the file's name says so (``SpecFileNaming/isYAML(_:)``, ``YAMLDocumentParser``), JSON otherwise
/// (``JSONDocumentParser``). Specs, the files their references name and mock scenarios are read
/// through it.
package enum DocumentParser {
    /// The document and the warnings reading it gave (a YAML tag it does not know), or the syntax
    /// error, at its position.
    package static func parse(_ bytes: [UInt8], file: String) throws(JSONDocumentParser.SyntaxError) -> (
        node: JSONNode, warnings: [Diagnostic]
    ) {
        guard SpecFileNaming.isYAML(file) else { return (try JSONDocumentParser.parse(bytes, file: file), []) }
        do {
            return try YAMLDocumentParser.parse(bytes, file: file)
        } catch {
            throw JSONDocumentParser.SyntaxError(diagnostic: error.diagnostic)
        }
    }
}
