/// `paths` to interfaces: one per operation, named from its `operationId` (else its method and path,
/// ``OpenAPINaming``). Two operations may get one name here; their requests' Swift names are made unique
/// with the rest of the target's names (``SwiftNames``), where a given name comes before a derived one.
extension OpenAPIReadContext {
    /// The HTTP methods a path item may hold, in the order OpenAPI lists them.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// One operation found in `paths`.
    struct OperationSource {
        var path: JSONMember
        var method: JSONMember
        /// The operation object: the method's value, or what it refers to when it is a `$ref`.
        var node: JSONNode
        /// The file ``node`` is in: its own references (parameters, bodies, responses) are relative to it.
        var file: Int
        var pathParameters: [ParameterSource]
        /// The path item's `servers`.
        var pathServers: [ServerDecl] = []
        var name = ""
        var nameLocation: SourceLocation
        /// Whether ``name`` was made from the method and path (no usable `operationId`).
        var isDerivedName = false
    }

    /// The interfaces of the document's `paths`, in document order.
    mutating func interfaces(_ paths: JSONNode?, documentSecurity: [[String]]?) -> [InterfaceDecl] {
        guard let paths else { return [] }
        guard let members = paths.objectMembers else {
            diagnostics.error("\"paths\" must be an object, found \(paths.kindName)", at: paths.location)
            return []
        }
        var operations: [OperationSource] = []
        for pathMember in members where !pathMember.key.hasPrefix("x-") {
            // A key such as `http://other.host/x` would send the request away from the base URL.
            guard pathMember.key.hasPrefix("/") else {
                diagnostics.error(
                    "the path key '\(pathMember.key)' does not start with '/'; OpenAPI path keys are relative to the server URL and start with '/'",
                    at: pathMember.keyLocation)
                continue
            }
            guard let (item, itemFile) = dereferenced(pathMember.value, inFile: 0) else { continue }
            guard item.objectMembers != nil else {
                diagnostics.warning("a path item must be an object, found \(item.kindName); ignored", at: item.location)
                continue
            }
            let pathParameters = parameterSources(item["parameters"]?.value, inFile: itemFile)
            let pathServers = servers(item["servers"]?.value)
            for method in item.objectMembers ?? [] where Self.methods.contains(method.key) {
                // An operation may be a `$ref` to another file (OpenAPI 3.0 does not allow it, real
                // multi-file documents do it): its own references are then relative to that file.
                guard let (node, file) = dereferenced(method.value, inFile: itemFile) else { continue }
                guard node.objectMembers != nil else {
                    diagnostics.warning("an operation must be an object; ignored", at: node.location)
                    continue
                }
                operations.append(
                    OperationSource(
                        path: pathMember, method: method, node: node, file: file, pathParameters: pathParameters,
                        pathServers: pathServers, nameLocation: method.keyLocation))
            }
        }
        nameOperations(&operations)
        var interfaces: [InterfaceDecl] = []
        for operation in operations {
            do {
                interfaces.append(try interface(operation, documentSecurity: documentSecurity))
            } catch {
                diagnostics.warning(
                    "\(error.message); the operation '\(operation.name)' (\(operation.method.key.uppercased()) \(operation.path.key)) is not generated",
                    at: error.location)
            }
        }
        return interfaces
    }

    /// Names every operation: by its `operationId`, else by its method and path.
    private func nameOperations(_ operations: inout [OperationSource]) {
        for index in operations.indices {
            let node = operations[index].node
            if let id = node["operationId"], let text = id.value.stringValue,
                let name = OpenAPINaming.operationName(fromID: text)
            {
                operations[index].name = name
                operations[index].nameLocation = id.value.location
            } else {
                let operation = operations[index]
                operations[index].name = OpenAPINaming.operationName(
                    method: operation.method.key, path: operation.path.key)
                operations[index].isDerivedName = true
            }
        }
    }

    /// The interface of one operation.
    private mutating func interface(_ source: OperationSource, documentSecurity: [[String]]?) throws(SkipOperation)
        -> InterfaceDecl
    {
        let node = source.node
        let file = source.file
        let name = source.name
        var queryNames: Set<String> = []
        let path = Self.sentPath(source.path, queryNames: &queryNames)
        let operationParameters = parameterSources(node["parameters"]?.value, inFile: file)
        var inputs: [FieldDecl] = []
        var names: [String: String] = [:]
        for parameter in Self.merged(pathLevel: source.pathParameters, operation: operationParameters) {
            guard var field = try input(parameter, operationName: name) else { continue }
            if field.placement.isPath, queryNames.contains(field.name) { field.placement = .query(.formExploded) }
            if let other = names[field.name] {
                let message =
                    "the parameter '\(field.name)' is both in \(other) and in \(parameter.placement); one request cannot have two inputs of one name"
                if field.isRequired { throw SkipOperation(message: message, location: field.location) }
                diagnostics.warning(message + "; the one in \(parameter.placement) is ignored", at: field.location)
                continue
            }
            names[field.name] = parameter.placement
            inputs.append(field)
        }
        // Path template parameters the operation does not declare: strings, as the path needs them.
        let declaredPath = Set(inputs.filter { $0.placement.isPath }.map(\.name))
        let pathParameters = PathTemplate(path).parameters
        for parameter in pathParameters where !declaredPath.contains(parameter) {
            if names[parameter] != nil {
                throw SkipOperation(
                    message: "the path has '{\(parameter)}' but the parameter of that name is not in the path",
                    location: source.path.keyLocation)
            }
            diagnostics.warning(
                "the path has '{\(parameter)}' but the operation declares no such path parameter; it is a required String",
                at: source.path.keyLocation)
            var field = FieldDecl(
                name: parameter, location: source.path.keyLocation,
                type: TypeRef(name: "String", location: source.path.keyLocation), description: nil, isRequired: true)
            field.placement = .path
            names[parameter] = "path"
            inputs.append(field)
        }
        let templateParameters = Set(pathParameters)
        inputs.removeAll { field in
            guard field.placement.isPath, !templateParameters.contains(field.name) else { return false }
            diagnostics.warning(
                "the path parameter '\(field.name)' is not in the path '\(source.path.key)'; ignored",
                at: field.location)
            return true
        }
        var interface = InterfaceDecl(
            name: name, location: source.nameLocation, method: source.method.key.uppercased(),
            methodLocation: source.method.keyLocation, path: path, pathLocation: source.path.keyLocation,
            description: node.string("description") ?? node.string("summary"), inputs: .fields(inputs),
            outputs: .none, headers: [])
        interface.isDerivedName = source.isDerivedName
        interface.operationID = node.string("operationId")
        interface.tags = node["tags"]?.value.arrayElements?.compactMap(\.stringValue) ?? []
        if node.string("description") != nil, let summary = node.string("summary") { interface.title = summary }
        interface.isDeprecated = node.bool("deprecated") == true
        if let body = node["requestBody"]?.value {
            interface.body = requestBody(body, inFile: file, operationName: name)
        }
        let responses = responses(node["responses"]?.value, inFile: file, operationName: name)
        interface.response = responses.decl
        interface.accept = responses.accept
        interface.successStatus = responses.successStatus
        interface.errorResponses = responses.errors
        interface.responseExamples = responses.examples
        interface.statusResponses = responses.statuses
        interface.responseHeaders = responses.headers
        interface.stream = responses.stream
        interface.security = security(node["security"]?.value) ?? documentSecurity
        if let paging = node["x-ht-paging"] {
            interface.paging = PagingSyntax.read(
                paging.value, what: "x-ht-paging of the operation '\(name)'", origin: .spec, into: &diagnostics)
        }
        // Callbacks are sent to the app: their payloads are models, no requests (OpenAPIPayloads.swift).
        if let callbacks = node["callbacks"]?.value { declareCallbackPayloads(callbacks, inFile: file) }
        // The operation's servers, else its path's: the first is the request's base URL when absolute.
        let operationServers = servers(node["servers"]?.value)
        if let server = operationServers.first ?? source.pathServers.first {
            let lower = server.url.lowercased()
            if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
                interface.baseURL = server.url
            } else {
                diagnostics.warning(
                    "the server '\(server.url)' is relative; the request goes to the client's base URL (set baseURL on the request to change it)",
                    at: server.location)
            }
        }
        return interface
    }

    /// The path the operation is sent to: the key up to a `#` (a fragment is never sent; some documents
    /// add one to tell operations on one path apart). A `{parameter}` may be part of a segment
    /// (`/posts/{id}.json`): the runtime fills it there (`PathTemplateRules.pieces(of:)`).
    ///
    /// `queryNames` gets the names of the `name={name}` pairs taken out of a fixed query: parameters of
    /// those names are sent in the query even when the document says `in: path`.
    static func sentPath(_ member: JSONMember, queryNames: inout Set<String>) -> String {
        var path = member.key
        if let mark = path.firstIndex(of: "#") { path = String(path[..<mark]) }
        // A fixed query in the key (`/modules?api-version=1&type={type}`): its `name={name}` pairs are
        // the query parameters of that name, which the request sends itself.
        if let mark = path.firstIndex(of: "?") {
            let pairs = path[path.index(after: mark)...].split(separator: "&").filter { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[1].hasPrefix("{"), parts[1].hasSuffix("}") else { return true }
                queryNames.insert(String(parts[1].dropFirst().dropLast()))
                return false
            }
            path = String(path[..<mark]) + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
        }
        return path
    }

    /// The requirements a `security` array lists, each the names of its schemes (its keys; none for
    /// `{}`); `nil` when `node` is missing.
    func security(_ node: JSONNode?) -> [[String]]? {
        guard let requirements = node?.arrayElements else { return nil }
        return requirements.map { requirement in (requirement.objectMembers ?? []).map(\.key) }
    }
}
