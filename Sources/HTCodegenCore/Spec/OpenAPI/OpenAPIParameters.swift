/// Operation parameters to inputs: path-level and operation-level parameters merged (the operation's
/// wins by name and `in`), references followed, each placed where its `in` says.
///
/// Placements: `path` (`simple`, `label`, `matrix`, exploded or not), `query` (`form` exploded or not,
/// `spaceDelimited`, `pipeDelimited`, `deepObject`; arrays and objects in each), `header` (`simple`),
/// `cookie` (`form`). A style OpenAPI does not have there makes the operation skipped with a warning,
/// never sent wrong. `Accept`, `Content-Type` and `Authorization` header parameters are ignored, as
/// OpenAPI says. A parameter described by `content` instead of `schema` is typed from its media type's
/// schema, and sent as JSON text when that media type is JSON.
extension OpenAPIReadContext {
    /// Why an operation cannot be generated.
    struct SkipOperation: Error {
        /// The message (the operation is named by the caller).
        var message: String
        /// Where.
        var location: SourceLocation
    }

    /// A parameter as written, with the file it is in.
    struct ParameterSource {
        var node: JSONNode
        var file: Int
        var name: String
        var placement: String
    }

    /// The parameters of `list` (a `parameters` array in file `file`), references followed; malformed
    /// ones are reported and left out.
    mutating func parameterSources(_ list: JSONNode?, inFile file: Int) -> [ParameterSource] {
        guard let list else { return [] }
        guard let elements = list.arrayElements else {
            diagnostics.warning("\"parameters\" must be an array, found \(list.kindName); ignored", at: list.location)
            return []
        }
        var sources: [ParameterSource] = []
        for element in elements {
            guard let (node, nodeFile) = dereferenced(element, inFile: file) else { continue }
            guard let name = node.string("name"), let placement = node.string("in") else {
                diagnostics.warning("a parameter needs \"name\" and \"in\"; ignored", at: node.location)
                continue
            }
            sources.append(ParameterSource(node: node, file: nodeFile, name: name, placement: placement))
        }
        return sources
    }

    /// Merges path-level and operation-level parameters: the operation's replace the path item's of
    /// the same name and `in`.
    static func merged(pathLevel: [ParameterSource], operation: [ParameterSource]) -> [ParameterSource] {
        var result = pathLevel
        for parameter in operation {
            if let index = result.firstIndex(where: { $0.name == parameter.name && $0.placement == parameter.placement }
            ) {
                result[index] = parameter
            } else {
                result.append(parameter)
            }
        }
        return result
    }

    /// The input for one parameter of the operation `operationName`, or `nil` when it is ignored; throws
    /// when the operation cannot be sent right.
    mutating func input(_ source: ParameterSource, operationName: String) throws(SkipOperation) -> FieldDecl? {
        let node = source.node
        let location = node["name"]?.value.location ?? node.location
        let style = node.string("style")
        let explode = node.bool("explode")
        let placement: ParameterPlacement
        switch source.placement {
        case "path":
            switch style ?? "simple" {
            case "simple": placement = explode == true ? .styledPath(.simpleExploded) : .path
            case "label": placement = .styledPath(.label(explode: explode == true))
            case "matrix": placement = .styledPath(.matrix(explode: explode == true))
            default:
                throw SkipOperation(
                    message:
                        "the path parameter '\(source.name)' has style '\(style ?? "")'; OpenAPI allows 'simple', 'label' and 'matrix' in the path",
                    location: node["style"]?.value.location ?? location)
            }
        case "query":
            switch style ?? "form" {
            case "form": placement = .query(explode == false ? .formCommaSeparated : .formExploded)
            case "spaceDelimited": placement = .query(.spaceDelimited)
            case "pipeDelimited": placement = .query(.pipeDelimited)
            case "deepObject": placement = .query(.deepObject)
            default:
                throw SkipOperation(
                    message:
                        "the query parameter '\(source.name)' has style '\(style ?? "")', which cannot be sent as written",
                    location: node["style"]?.value.location ?? location)
            }
        case "header":
            guard style == nil || style == "simple" else {
                throw SkipOperation(
                    message:
                        "the header parameter '\(source.name)' has style '\(style ?? "")'; only 'simple' is supported",
                    location: node["style"]?.value.location ?? location)
            }
            if ["accept", "content-type", "authorization"].contains(source.name.lowercased()) {
                diagnostics.warning(
                    "the header parameter '\(source.name)' is ignored, as OpenAPI says (the request sets it itself; authorization comes from an interceptor)",
                    at: location)
                return nil
            }
            placement = .header
        case "cookie":
            guard style == nil || style == "form" else {
                throw SkipOperation(
                    message:
                        "the cookie parameter '\(source.name)' has style '\(style ?? "")'; only 'form' is supported",
                    location: node["style"]?.value.location ?? location)
            }
            placement = .cookie
        default:
            let required = node.bool("required") == true
            let message =
                "the parameter '\(source.name)' is in '\(source.placement)', which OpenAPI 3 does not have (Swagger 2's body and formData are a requestBody in OpenAPI 3)"
            if required { throw SkipOperation(message: message, location: node["in"]?.value.location ?? location) }
            diagnostics.warning(message + "; ignored", at: node["in"]?.value.location ?? location)
            return nil
        }
        let type: OpenAPISchemaType
        let hint = OpenAPINaming.pascalCase(operationName, source.name)
        // A parameter described by `content` (one media type) is typed from that media type's schema; a
        // JSON one is sent as its JSON text.
        var sendsJSONText = false
        var contentSchema: JSONNode?
        if node["schema"] == nil, let content = node["content"] {
            if let (media, kind) = preferredMedia(content.value), let schema = media.value["schema"]?.value {
                contentSchema = schema
                sendsJSONText = kind == .json
            } else {
                diagnostics.warning(
                    "the parameter '\(source.name)' is described by \"content\" without a schema; it is sent as any JSON value (Variable)",
                    at: content.keyLocation)
            }
        }
        if let schema = node["schema"]?.value ?? contentSchema {
            type = schemaType(schema, inFile: source.file, hint: hint)
        } else {
            type = OpenAPISchemaType(ref: TypeRef(name: "Variable", location: location))
        }
        var schemaNode = node["schema"]?.value ?? contentSchema ?? node
        if let reference = schemaNode["$ref"]?.value, let target = target(of: reference, inFile: source.file),
            let referenced = self.node(at: target)
        {
            schemaNode = referenced
        }
        var field = FieldDecl(
            name: source.name, location: location, type: type.ref, description: node.openAPIDescription,
            isRequired: source.placement == "path" || node.bool("required") == true,
            dateFormat: type.dateFormat)
        field.placement = placement
        field.sendsJSONText = sendsJSONText
        field.isDeprecated = node.bool("deprecated") == true
        field.defaultValue = schemaNode["default"]?.value
        field.notes = valueNotes(of: schemaNode, withDefault: false)
        // The parameter's own examples (`example`, or an Example Object map) come before its schema's.
        if node["schema"] != nil || contentSchema != nil {
            field.notes.examples = Self.exampleValues(node) + field.notes.examples
        }
        return field
    }
}
