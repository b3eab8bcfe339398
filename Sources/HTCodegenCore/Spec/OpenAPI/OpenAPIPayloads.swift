/// Webhooks (OpenAPI 3.1's top-level `webhooks`) and operation `callbacks`: requests the server sends to
/// the app, so no request struct is generated for them, but the models of their payloads are: each JSON
/// schema of a request body or a response of their operations becomes a type like an operation's (an
/// inline one named from the webhook or callback: `NewPetRequestBody`, `NewPetResponse200`), so the app
/// can map what it receives (`HTNewPetRequestBody.htMapped(from:)`) and build its answer.
extension OpenAPIReadContext {
    /// Declares the payload models of every webhook in `webhooks` (a map of names to path items).
    mutating func declareWebhookPayloads(_ webhooks: JSONNode) {
        guard let members = webhooks.objectMembers else {
            diagnostics.warning(
                "\"webhooks\" must be an object, found \(webhooks.kindName); ignored", at: webhooks.location)
            return
        }
        for member in members where !member.key.hasPrefix("x-") {
            declarePayloads(ofPathItem: member.value, inFile: 0, name: member.key)
        }
    }

    /// Declares the payload models of an operation's `callbacks` (a map of names to callback objects,
    /// each a map of runtime expressions to path items) in file `file`.
    mutating func declareCallbackPayloads(_ callbacks: JSONNode, inFile file: Int) {
        guard let members = callbacks.objectMembers else {
            diagnostics.warning(
                "\"callbacks\" must be an object, found \(callbacks.kindName); ignored", at: callbacks.location)
            return
        }
        for member in members where !member.key.hasPrefix("x-") {
            guard let (callback, callbackFile) = dereferenced(member.value, inFile: file) else { continue }
            let expressions = (callback.objectMembers ?? []).filter { !$0.key.hasPrefix("x-") }
            for (index, expression) in expressions.enumerated() {
                // One expression (the usual case) names its models after the callback alone.
                let name = index == 0 ? member.key : member.key + String(index + 1)
                declarePayloads(ofPathItem: expression.value, inFile: callbackFile, name: name)
            }
        }
    }

    /// Declares the models of the request bodies and responses of the operations of one path item.
    private mutating func declarePayloads(ofPathItem node: JSONNode, inFile file: Int, name: String) {
        guard let (item, itemFile) = dereferenced(node, inFile: file) else { return }
        guard let operations = item.objectMembers?.filter({ Self.methods.contains($0.key) }) else {
            diagnostics.warning("a path item must be an object, found \(item.kindName); ignored", at: item.location)
            return
        }
        for operation in operations {
            // One operation (the usual case) names its models after the webhook or callback alone.
            let base = operations.count == 1 ? name : OpenAPINaming.pascalCase(name, operation.key)
            if let body = operation.value["requestBody"]?.value {
                declarePayloads(
                    ofContentOf: body, inFile: itemFile, hint: OpenAPINaming.pascalCase(base, "RequestBody"))
            }
            for response in operation.value["responses"]?.value.objectMembers ?? []
            where Self.status(response.key) != nil {
                declarePayloads(
                    ofContentOf: response.value, inFile: itemFile,
                    hint: OpenAPINaming.pascalCase(
                        base, "Response" + (response.key == "default" ? "Default" : response.key.uppercased())))
            }
        }
    }

    /// Declares the type of each JSON schema of the `content` of `node` (a request body or a response,
    /// maybe a reference).
    private mutating func declarePayloads(ofContentOf node: JSONNode, inFile file: Int, hint: String) {
        guard let (described, describedFile) = dereferenced(node, inFile: file) else { return }
        let media = (described["content"]?.value.objectMembers ?? []).filter { MediaKind($0.key) == .json }
        for (index, member) in media.enumerated() {
            guard let schema = member.value["schema"]?.value else { continue }
            _ = schemaType(schema, inFile: describedFile, hint: index == 0 ? hint : hint + String(index + 1))
        }
    }
}
