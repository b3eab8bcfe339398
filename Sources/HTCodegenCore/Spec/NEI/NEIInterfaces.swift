/// What v0.x and v3.x interfaces have in common once each reader has found the method and the
/// parameter lists in its own places: the class name, the path, the inputs, outputs and headers.
///
/// **Class name.** As nei-toolkit's `getReqClassName`: `className` if it is a plain identifier
/// (`[0-9A-Za-z_$]+`), else `name`, else (unlike nei-toolkit) the method and the path in camel case
/// (`GET /api/progroups` → `GetApiProgroups`), so that the methods of one path get distinct names; the
/// ``Resolver`` appends `Request` and disambiguates what still collides. The reader passes `className`
/// when it qualifies and `name` otherwise; a `name` that is not plain (NEI names are often Chinese,
/// such as `获取todo列表`) makes the Resolver fall back to the method and path, and is then the first
/// line of the request's doc comment (as it is, as ``InterfaceDecl/title``, when `className` is used).
/// A non-empty `className` that is not an identifier gets a warning, since it was meant to be used.
///
/// **Path.** Always relative to the client's base URL (issue #35): a path without the leading slash
/// (`api/get/address`) gets one, and the origin of an absolute one (`http://127.0.0.1/api/get/address2`,
/// `//host/x`; exports hold the address of a mock server) is dropped with a warning, so no generated
/// request leaves the client's base URL (``relativePath(_:)``). The rest is kept exactly as written.
///
/// **Path parameters.** NEI lets a REST path have parameters (`/api/todos/:todoId`) that are not among
/// the inputs. The generated request needs a property for each, so the reader adds a `String` input
/// for every one that is missing, with a warning at the path.
extension NEIReadContext {
    /// The parameter lists of an interface, as found by the reader of each version.
    struct InterfaceParameters {
        /// The input parameters.
        var inputs: [JSONNode]
        /// The output parameters.
        var outputs: [JSONNode]
        /// The request headers.
        var headers: [JSONNode]
    }

    /// How diagnostics name an interface: by `className`, `name` or `path`, whichever it has first.
    static func interfaceLabel(_ node: JSONNode) -> String {
        for key in ["className", "name", "path"] {
            if let text = node[key]?.value.stringValue, !text.trimmingSpaces.isEmpty { return "interface '\(text)'" }
        }
        return "an interface"
    }

    /// The name an interface's class will be based on (before the `Request` suffix), the way the
    /// ``Resolver`` will choose it; used to name anonymous types the interface uses.
    static func classNameBase(_ node: JSONNode) -> String {
        for key in ["className", "name"] {
            if let text = node[key]?.value.stringValue, isPlainIdentifier(text) { return text }
        }
        var method = node["method"]?.value.stringValue ?? ""
        if let code = integer(node, "method"), NEIV0Reader.methods.indices.contains(code) {
            method = NEIV0Reader.methods[code]
        }
        return Resolver.derivedClassNameBase(
            method: method, path: relativePath(node["path"]?.value.stringValue ?? "").path)
    }

    /// `path` made relative to the client's base URL, and the origin dropped from it, if any: `api/x` →
    /// `/api/x`; `http://127.0.0.1:8080/api/x?m` → `/api/x?m` (origin `http://127.0.0.1:8080`);
    /// `//host/x` → `/x` (origin `//host`). A scheme is letters, digits, `+`, `-` and `.` after a letter,
    /// right before `://`; a `://` elsewhere (in a query) is left for the ``Resolver`` to refuse.
    static func relativePath(_ path: String) -> (path: String, origin: Substring?) {
        if path.isEmpty { return (path, nil) }
        var authorityStart: String.Index?
        if path.hasPrefix("//") {
            authorityStart = path.index(path.startIndex, offsetBy: 2)
        } else if let separator = path.range(of: "://") {
            let scheme = path[..<separator.lowerBound]
            if let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            {
                authorityStart = separator.upperBound
            }
        }
        var rest = Substring(path)
        var origin: Substring?
        if let authorityStart {
            let end = path[authorityStart...].firstIndex { $0 == "/" || $0 == "?" } ?? path.endIndex
            origin = path[..<end]
            rest = path[end...]
        }
        return (rest.hasPrefix("/") ? String(rest) : "/" + rest, origin)
    }

    /// Whether nei-toolkit accepts `text` as a class name: `[0-9A-Za-z_$]+` (the ``Resolver``'s rule).
    static func isPlainIdentifier(_ text: String) -> Bool {
        Resolver.isPlainName(text)
    }

    /// Reads the parts every interface has and assembles it. `nil` when it has no path (reported).
    mutating func interface(
        _ node: JSONNode, method: String, methodLocation: SourceLocation, parameters: InterfaceParameters
    ) -> InterfaceDecl? {
        let what = Self.interfaceLabel(node)
        var name = ""
        var nameLocation = node.location
        let className = text(node, "className", in: what, required: false)
        let plainName = text(node, "name", in: what, required: true)
        if let (text, location) = className, !text.trimmingSpaces.isEmpty {
            if Self.isPlainIdentifier(text) {
                name = text
                nameLocation = location
            } else {
                let fallback =
                    plainName.map(\.0).flatMap { Self.isPlainIdentifier($0) ? "the name '\($0)'" : nil } ?? "the path"
                diagnostics.warning(
                    "the className '\(text)' of \(what) is not an identifier (letters, digits, _ and $ only); \(fallback) is used instead",
                    at: location)
            }
        }
        if name.isEmpty, let (text, location) = plainName {
            name = text
            nameLocation = location
        }
        guard let (writtenPath, pathLocation) = text(node, "path", in: what, required: true) else { return nil }
        let (path, origin) = Self.relativePath(writtenPath)
        if let origin {
            diagnostics.warning(
                "the path's origin '\(origin)' is dropped: generated requests go to the client's base URL (send to another host with a per-request base URL)",
                at: pathLocation)
        }

        var inputs = self.parameters(parameters.inputs, of: "\(what) (inputs)")
        for input in parameters.inputs {
            guard let member = input["name"], let name = member.value.stringValue,
                NEIPagingInference.isCandidate(name), let value = input["defaultValue"]?.value
            else { continue }
            switch value.value {
            case .string(let text), .number(let text): pagingInputDefaults[member.value.location] = text
            default: break
            }
        }
        if case .fields(var fields) = inputs {
            for parameter in Resolver.pathParameters(in: path) where !fields.contains(where: { $0.name == parameter }) {
                diagnostics.warning(
                    "the path parameter '\(parameter)' of \(what) is not among its inputs; it is added as a String input",
                    at: pathLocation)
                fields.append(
                    FieldDecl(
                        name: parameter, location: pathLocation, type: TypeRef(name: "String", location: pathLocation),
                        description: "The `\(parameter)` path parameter."))
            }
            inputs = .fields(fields)
        }
        let outputs = self.parameters(parameters.outputs, of: "\(what) (outputs)")
        let headers = self.headers(parameters.headers, of: what)
        return InterfaceDecl(
            name: name, location: nameLocation, method: method, methodLocation: methodLocation, path: path,
            pathLocation: pathLocation, description: description(node, in: what), inputs: inputs, outputs: outputs,
            headers: headers,
            title: plainName.map { $0.0.trimmingSpaces }.flatMap { $0.isEmpty || $0 == name ? nil : $0 })
    }
}
