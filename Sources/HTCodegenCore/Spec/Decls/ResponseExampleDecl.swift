/// A named example of one of an operation's documented responses (an OpenAPI `examples` entry of the
/// response's JSON media type): a mock scenario picks it by name (`example: "notFound"`,
/// ``MockScenario``).
package struct ResponseExampleDecl: Sendable {
    /// The example's name, the key of the `examples` map.
    package var name: String
    /// The status of the response it belongs to.
    package var status: ErrorResponseDecl.Status
    /// Its `value`.
    package var value: JSONNode
    /// Where it is declared (its key).
    package var location: SourceLocation

    /// Creates an example.
    package init(name: String, status: ErrorResponseDecl.Status, value: JSONNode, location: SourceLocation) {
        self.name = name
        self.status = status
        self.value = value
        self.location = location
    }
}
