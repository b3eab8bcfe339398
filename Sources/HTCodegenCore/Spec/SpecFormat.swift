/// The formats a spec file can be in, and how a file's format is told from its contents.
///
/// The file name does not decide the format (a `*.nei.json` file may hold a native spec and the other
/// way round); the top-level keys do:
/// - **OpenAPI** 3.x: `"openapi"` (a Swagger 2.0 document, `"swagger"`, is an error that says to convert
///   it to OpenAPI 3);
/// - **native**: has `"htspec"` (or, without it, `"types"`, or `"interfaces"` without `"datatypes"`, so
///   the native reader can report the missing `"htspec"`);
/// - **NEI v0.x** export: `"attributes"` (or `"attributeList"`) beside `"datatypes"`, interfaces with
///   numeric `"method"`s, a `"timestamp"`, datatypes without embedded `"params"`;
/// - **NEI v3.x** export: datatypes with embedded `"params"`, interfaces with string `"method"`s or a
///   `"params"` object, `"specs"`, `"cliargs"` or `"constraints"`.
///
/// An export may be wrapped the way the NEI API returns it, `{"code": 200, "result": {...}}`; the
/// wrapper is looked through. A file that shows signs of both NEI versions, or of neither, is an error
/// at the root that says which keys were seen.
enum SpecFormat {
    /// A native spec (`*.htspec.json`).
    case native
    /// An OpenAPI 3.0 or 3.1 document (`*.openapi.yaml`, `openapi.json`, ...).
    case openAPI
    /// An NEI v0.x export; the node is the export object (inside the API wrapper, if there is one).
    case neiV0(JSONNode)
    /// An NEI v3.x export; the node is the export object (inside the API wrapper, if there is one).
    case neiV3(JSONNode)
    /// Not a spec this generator reads; the message says why.
    case unknown(String)

    /// Looks at the top-level keys (and, for NEI exports, at the shape of datatypes and interfaces).
    static func detect(_ root: JSONNode) -> SpecFormat {
        guard let members = root.objectMembers else {
            return .unknown("a spec must be an object (a mapping in YAML), found \(root.kindName)")
        }
        let keys = Set(members.map(\.key))
        if keys.contains("htspec") {
            return .native
        }
        if keys.contains("openapi") {
            return .openAPI
        }
        if let swagger = root["swagger"] {
            let version = swagger.value.stringValue.map { " \($0)" } ?? ""
            return .unknown(
                "Swagger\(version) is not supported; convert to OpenAPI 3 (for example with swagger2openapi, or the Swagger Editor's Convert to OpenAPI 3)"
            )
        }
        // The NEI API's wrapper: {"code": 200, "result": {...}}.
        if let result = root["result"], !keys.contains("datatypes") {
            if let code = root["code"], !isNumber(code.value, 200) {
                let shown: String
                switch code.value.value {
                case .number(let text): shown = text
                case .string(let text): shown = "\"\(text)\""
                default: shown = code.value.kindName
                }
                return .unknown(
                    "this is an NEI API response with \"code\": \(shown), not 200: the download failed; fetch the export again"
                )
            }
            guard result.value.objectMembers != nil else {
                return .unknown(
                    "\"result\" of this NEI API response must be the export object, found \(result.value.kindName)")
            }
            return detectNEI(result.value, wrapped: true)
        }
        if keys.contains("datatypes") || keys.contains("attributes") || keys.contains("attributeList") {
            return detectNEI(root, wrapped: false)
        }
        if keys.contains("types") || keys.contains("interfaces") {
            return .native
        }
        return .unknown(
            "not a spec: expected a native spec (\"htspec\": 1 with \"types\" and \"interfaces\", see Specs/htspec.schema.json), an NEI export (\"datatypes\" and \"interfaces\") or an OpenAPI 3 document (\"openapi\": \"3.1.0\")"
        )
    }

    /// Tells v0.x from v3.x by the evidence each leaves.
    private static func detectNEI(_ export: JSONNode, wrapped: Bool) -> SpecFormat {
        let what = wrapped ? "the \"result\" of this NEI API response" : "this NEI export"
        guard let members = export.objectMembers else {
            return .unknown("\(what) must be an object, found \(export.kindName)")
        }
        let keys = Set(members.map(\.key))
        var v0: [String] = []
        var v3: [String] = []
        for key in ["attributes", "attributeList", "timestamp"] where keys.contains(key) {
            v0.append("\"\(key)\"")
        }
        for key in ["specs", "cliargs", "constraints"] where keys.contains(key) {
            v3.append("\"\(key)\"")
        }
        let datatypes = export["datatypes"]?.value.arrayElements ?? []
        if datatypes.contains(where: { $0["params"]?.value.arrayElements != nil }) {
            v3.append("datatypes with \"params\"")
        }
        let interfaces = export["interfaces"]?.value.arrayElements ?? []
        if interfaces.contains(where: { $0["method"].map { isNumber($0.value, nil) } ?? false }) {
            v0.append("numeric \"method\"s")
        }
        if interfaces.contains(where: { $0["method"]?.value.stringValue != nil }) {
            v3.append("string \"method\"s")
        }
        if interfaces.contains(where: { $0["params"]?.value.objectMembers != nil }) {
            v3.append("interfaces with a \"params\" object")
        }
        switch (v0.isEmpty, v3.isEmpty) {
        case (false, true):
            return .neiV0(export)
        case (true, false):
            return .neiV3(export)
        case (false, false):
            return .unknown(
                "\(what) mixes NEI v0.x (\(v0.joined(separator: ", "))) and v3.x (\(v3.joined(separator: ", "))); export it again from one NEI version"
            )
        case (true, true):
            return .unknown(
                "\(what) is neither an NEI v0.x export (\"datatypes\", \"attributes\", numeric \"method\"s) nor a v3.x export (datatypes with \"params\", string \"method\"s)"
            )
        }
    }

    /// Whether `node` is a number (equal to `value` when given).
    private static func isNumber(_ node: JSONNode, _ value: Int?) -> Bool {
        guard case .number(let text) = node.value else { return false }
        guard let value else { return true }
        return Double(text) == Double(value)
    }
}
