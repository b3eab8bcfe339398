/// Reads YAML 1.2 into the same positioned tree as ``JSONDocumentParser``, so a spec or config in YAML
/// goes through the rest of the generator unchanged and every diagnostic points at `file.yaml:line:column`.
///
/// Nesting is limited (``maxDepth``), and so is alias expansion (``maxAliasExpansion``): no input can
/// overflow the stack or expand into an out-of-memory.
package enum YAMLDocumentParser {
    /// The deepest nesting accepted, as for JSON.
    package static let maxDepth = JSONDocumentParser.maxDepth
    /// How many nodes aliases may add to a document in all (each use of an alias adds the nodes of
    /// what it refers to).
    package static let maxAliasExpansion = 1_000_000

    /// Parses a file that holds one document (a spec or a config): an empty file, or one with more
    /// than one document, is an error. Returns the document and the warnings (unknown tags).
    package static func parse(
        _ bytes: [UInt8], file: String
    ) throws(YAMLSyntaxError) -> (node: JSONNode, warnings: [Diagnostic]) {
        let (documents, warnings) = try parseStream(bytes, file: file)
        guard let first = documents.first else {
            throw YAMLSyntaxError(
                diagnostic: Diagnostic(
                    .error, "the file holds no YAML document", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        if documents.count > 1 {
            throw YAMLSyntaxError(
                diagnostic: Diagnostic(
                    .error, "the file holds \(documents.count) YAML documents; a spec is one document",
                    at: documents[1].location))
        }
        return (first, warnings)
    }

    /// Parses every document of a YAML stream.
    package static func parseStream(
        _ bytes: [UInt8], file: String
    ) throws(YAMLSyntaxError) -> (documents: [JSONNode], warnings: [Diagnostic]) {
        var composer = YAMLComposer(bytes: bytes, file: file)
        let documents = try composer.composeStream()
        return (documents, composer.warnings)
    }
}
