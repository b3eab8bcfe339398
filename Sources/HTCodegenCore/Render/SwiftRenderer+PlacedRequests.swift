/// Requests whose spec says where each input goes (OpenAPI operations,
/// ``ResolvedRequest/placesParameters``):
///
/// - `static var sendsParametersInQuery: Bool { true }`: the runtime fills the path from `parameters`
///   and sends the rest of them in the query string, whatever the method; the body is only `body`.
/// - `parameters` holds the path and query inputs. A path input in style `label` or `matrix` (or
///   `simple` with `explode`) is left to the runtime, which writes it as the operator its name has in
///   `path` says (`{.id}`, `{;id*}`: RFC 6570, which OpenAPI's styles come from). An array or object query input is written as its
///   style says: `form` with `explode` (OpenAPI's default) leaves an array to the runtime, which repeats
///   the key, and spreads an object's members as parameters of their own; `form` without `explode`,
///   `spaceDelimited` and `pipeDelimited` join the values (`1,2`, `1 2`, `1|2`); `deepObject` writes
///   `filter[name]` keys. A path input that is an array is joined with commas (`simple`).
/// - `headers` holds the header inputs as text (an array joined with commas), and the cookie inputs
///   joined into one `Cookie` header (`a=1; b=2`), after a constant `Cookie` header if there is one.
/// - An input described by JSON `content` is its JSON text, in whichever of these it goes.
/// - `body` renders the property `requestBody` (see `SwiftRenderer+Bodies.swift`).
///
/// Joining and flattening are done by the runtime's `HTParameterStyles` (``RequestHelper`` names them), once per
/// requests file that needs them: each request calls them with concrete types, so it costs no more to
/// type-check than a native request.
extension SwiftRenderer {
    /// The parameters: the path and query inputs (every input that is no header, cookie or body).
    mutating func renderPlacedParameters(
        _ properties: [RequestProperty], marksDeprecatedInputs: Bool, into writer: inout SwiftWriter
    ) {
        let inputs = properties.filter { property in
            guard property.jsonKey != nil, property.header == nil, !property.isBody else { return false }
            switch property.placement {
            case .header, .cookie: return false
            case .automatic, .path, .styledPath, .query: return true
            }
        }
        guard !inputs.isEmpty else { return }
        writer.line()
        if marksDeprecatedInputs && inputs.contains(where: { $0.deprecation != nil }) {
            writer.line(Self.deprecatedWitnessAttribute)
        }
        var lines: [String] = []
        for property in inputs {
            guard let key = property.jsonKey else { continue }
            let literal = SwiftNaming.stringLiteral(key)
            let value = property.isRequired ? "self.\(SwiftNaming.escaped(property.name))" : "value"
            let json = jsonExpression(value, property)
            // An input described by JSON content is its JSON text: a scalar, in every style.
            let type = property.field?.sendsJSONText == true ? .string : property.type
            let statement: String
            switch property.placement {
            case .query(.formCommaSeparated) where !Self.isScalar(type),
                .path where !Self.isScalar(type):
                statement = "parameters.append(\(literal), \(use(.joinedValue))(\(json), \",\"))"
            case .query(.spaceDelimited) where !Self.isScalar(type):
                statement = "parameters.append(\(literal), \(use(.joinedValue))(\(json), \" \"))"
            case .query(.pipeDelimited) where !Self.isScalar(type):
                statement = "parameters.append(\(literal), \(use(.joinedValue))(\(json), \"|\"))"
            case .query(.deepObject) where !Self.isScalar(type):
                statement = "\(use(.appendDeepObject))(\(literal), \(json), to: &parameters)"
            case .query(.formExploded) where Self.isObject(type):
                statement = "\(use(.appendMembers))(\(literal), \(json), to: &parameters)"
            default:
                statement = "parameters.append(\(literal), \(json))"
            }
            lines.append(
                property.isRequired
                    ? statement : "if let value = self.\(SwiftNaming.escaped(property.name)) { \(statement) }")
        }
        writer.block("\(access)var parameters: HTJSONObject") { writer in
            writer.line("var parameters = HTJSONObject()")
            for line in lines { writer.line(line) }
            writer.line("return parameters")
        }
    }

    /// The headers: the constant ones, the native variable ones, the header inputs as text and the
    /// cookie inputs in one `Cookie` header. None: the protocol's default.
    mutating func renderPlacedHeaders(
        constant: [ResolvedHeader], properties: [RequestProperty], marksDeprecatedInputs: Bool,
        into writer: inout SwiftWriter
    ) {
        let variable = properties.filter { $0.header != nil }
        let headerInputs = properties.filter { $0.header == nil && $0.placement == .header }
        let cookieInputs = properties.filter { $0.placement == .cookie }
        guard !constant.isEmpty || !variable.isEmpty || !headerInputs.isEmpty || !cookieInputs.isEmpty else { return }
        var lines: [String] = []
        for property in variable {
            guard let header = property.header else { continue }
            lines.append(
                "if let value = self.\(SwiftNaming.escaped(property.name)) { headers.updateValue(value, forKey: \(SwiftNaming.stringLiteral(header))) }"
            )
        }
        for property in headerInputs {
            guard let key = property.jsonKey else { continue }
            let value = property.isRequired ? "self.\(SwiftNaming.escaped(property.name))" : "value"
            let sendsText = property.type == .string && property.field?.sendsJSONText != true
            let text = sendsText ? value : "\(use(.headerText))(\(jsonExpression(value, property)))"
            let statement = "headers.updateValue(\(text), forKey: \(SwiftNaming.stringLiteral(key)))"
            lines.append(
                property.isRequired
                    ? statement : "if let value = self.\(SwiftNaming.escaped(property.name)) { \(statement) }")
        }
        for property in cookieInputs {
            // One call per cookie, appending to the header: a local array joined at the end cost twice
            // as much type-checking (about 2.2-3.1 ms against 1.2 ms per getter).
            guard let key = property.jsonKey else { continue }
            let value = property.isRequired ? "self.\(SwiftNaming.escaped(property.name))" : "value"
            let statement =
                "\(use(.cookie))(\(SwiftNaming.stringLiteral(key)), \(jsonExpression(value, property)), to: &headers)"
            lines.append(
                property.isRequired
                    ? statement : "if let value = self.\(SwiftNaming.escaped(property.name)) { \(statement) }")
        }
        writer.line()
        if marksDeprecatedInputs && (headerInputs + cookieInputs).contains(where: { $0.deprecation != nil }) {
            writer.line(Self.deprecatedWitnessAttribute)
        }
        writer.block("\(access)var headers: [String: String]") { writer in
            let literal = constantHeadersLiteral(constant)
            if lines.isEmpty {
                writer.line(literal)
                return
            }
            writer.line("var headers: [String: String] = \(literal)")
            for line in lines { writer.line(line) }
            writer.line("return headers")
        }
    }

    /// `value.htJSON`, or with the property's date format; its JSON text for an input described by
    /// JSON `content`.
    func jsonExpression(_ value: String, _ property: RequestProperty) -> String {
        let json =
            property.dateFormat.map { "\(value).htJSON(dateFormat: \(swiftExpression(for: $0)))" } ?? "\(value).htJSON"
        return property.field?.sendsJSONText == true ? "\(use(.jsonText))(\(json))" : json
    }

    /// The path template the runtime fills: a path input in a style other than `simple` is named with
    /// the RFC 6570 operator of its style (`{.id}`, `{;id*}`; ``PathStyle/templateName(_:)``).
    func templatePath(_ request: ResolvedRequest) -> String {
        guard case .fields(let fields) = request.inputs else { return request.path }
        var path = request.path
        for field in fields {
            guard case .styledPath(let style) = field.placement else { continue }
            path = path.replacing("{" + field.name + "}", with: "{" + style.templateName(field.name) + "}")
        }
        return path
    }

    /// Whether a type's JSON is a scalar (no array or object to join or flatten).
    static func isScalar(_ type: ResolvedType) -> Bool {
        switch type {
        case .array, .map, .model, .union, .variable, .app: return false
        default: return true
        }
    }

    /// Whether a type's JSON is an object (a model or a map); unions and `HTJSON` may be, and are
    /// flattened when they are.
    static func isObject(_ type: ResolvedType) -> Bool {
        switch type {
        case .map, .model, .union, .variable, .app: return true
        default: return false
        }
    }

    /// The doc lines of the security schemes a request may need: the client adds their credentials from
    /// its `credentials` (or an interceptor does).
    func writeSecurityDoc(_ requirements: [[SecuritySchemeDecl]]?, into writer: inout SwiftWriter) {
        var schemes: [SecuritySchemeDecl] = []
        for scheme in (requirements ?? []).joined() where !schemes.contains(where: { $0.name == scheme.name }) {
            schemes.append(scheme)
        }
        guard !schemes.isEmpty else { return }
        let listed = schemes.map { scheme in
            let name = "`\(SwiftNaming.commentLine(scheme.name).replacingBackticks)`"
            let summary = SwiftNaming.commentLine(scheme.summary)
            return summary.isEmpty ? name : "\(name) (\(summary))"
        }
        let alternatives = (requirements ?? []).count > 1 ? "one of its requirements, of " : ""
        writer.line(
            "/// - Important: Needs \(alternatives)the security scheme \(listed.joined(separator: ", ")): the client")
        writer.line("///   adds its credential from `HTClientConfiguration.credentials`, or an interceptor does.")
    }

    /// The `securityRequirements` value: each requirement's schemes as the runtime describes them.
    func securityExpression(_ requirements: [[SecuritySchemeDecl]]) -> String {
        let listed = requirements.map { requirement -> String in
            guard !requirement.isEmpty else { return ".anonymous" }
            let schemes = requirement.map { scheme -> String in
                let kind: String
                switch scheme.kind {
                case .bearer: kind = ".bearer"
                case .basic: kind = ".basic"
                case .apiKey(let name, let location):
                    kind = ".apiKey(name: \(SwiftNaming.stringLiteral(name)), location: .\(location))"
                case .external: kind = ".external"
                }
                return "HTSecurityScheme(\(SwiftNaming.stringLiteral(scheme.name)), \(kind))"
            }
            return "HTSecurityRequirement([\(schemes.joined(separator: ", "))])"
        }
        return "[" + listed.joined(separator: ", ") + "]"
    }

    /// The runtime function that writes `helper`'s style (`HTParameterStyles`, SPI `Generated`).
    func use(_ helper: RequestHelper) -> String {
        "HTParameterStyles." + helper.functionName
    }
}
