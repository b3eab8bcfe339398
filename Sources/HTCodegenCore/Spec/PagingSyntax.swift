/// How paging is written, the same way in a native spec (`"paging"`), an OpenAPI operation
/// (`x-ht-paging`) and `htcodegen.json` (`"paging"` by request name):
///
/// ```json
/// { "cursor": "next_cursor", "parameter": "cursor" }
/// { "pageNumber": "page", "first": 1, "items": "data.items", "total": "data.total" }
/// { "offset": "offset", "items": "items", "total": "total", "maximumPages": 100 }
/// "linkHeader"
/// { "linkHeader": true, "items": "items" }
/// ```
///
/// - Exactly one of `cursor` (the key path of the next page's cursor in the body; `parameter` is the
///   input that sends it), `pageNumber` (the input of the page number; `first` is the first page's
///   number, 1 by default), `offset` (the input of the first item's index, from 0) or `linkHeader`
///   (`true`: the `Link` header's `rel="next"`; also written as the string `"linkHeader"`).
/// - `items` and `total`: the key paths of a page's items and of the total number of items in the body
///   (dot-separated keys, none empty). Without `items`, the response's key path, else the whole body.
/// - `maximumPages`: the most pages read (the runtime's default otherwise).
///
/// Every problem is an error at its position; whether the input exists is checked when the interface
/// is resolved (`Resolver+Paging.swift`).
enum PagingSyntax {
    /// The keys a paging object may have, in the order messages list them.
    static let keys = [
        "cursor", "parameter", "pageNumber", "first", "offset", "linkHeader", "items", "total", "maximumPages",
    ]
    /// The keys that say where the next page comes from: exactly one is given.
    static let kindKeys = ["cursor", "pageNumber", "offset", "linkHeader"]

    /// Reads the paging written at `node`; `what` names it in messages (`the "paging" of interface 'X'`).
    /// `nil` after an error.
    static func read(
        _ node: JSONNode, what: String, origin: PagingDecl.Origin = .spec, into diagnostics: inout DiagnosticBag
    ) -> PagingDecl? {
        if node.stringValue == "linkHeader" {
            return PagingDecl(.linkHeader, location: node.location, origin: origin)
        }
        guard let members = node.objectMembers else {
            diagnostics.error(
                "\(what) must be an object such as {\"pageNumber\": \"page\"} or {\"cursor\": \"next_cursor\", \"parameter\": \"cursor\"}, or \"linkHeader\"; found \(shown(node))",
                at: node.location)
            return nil
        }
        var failed = diagnostics.reportUnknownKeys(members, allowed: keys, in: what)
        let kinds = members.filter { kindKeys.contains($0.key) }
        guard kinds.count == 1, let kindMember = kinds.first else {
            diagnostics.error(
                "\(what) must have exactly one of \"cursor\", \"pageNumber\", \"offset\" or \"linkHeader\"\(kinds.isEmpty ? "" : "; it has \(kinds.map { "\"\($0.key)\"" }.joined(separator: " and "))")",
                at: kinds.dropFirst().first?.keyLocation ?? node.location)
            return nil
        }
        // `parameter` belongs to a cursor, `first` to page numbers.
        for (key, owner) in [("parameter", "cursor"), ("first", "pageNumber")] {
            if let member = node[key], kindMember.key != owner {
                diagnostics.error(
                    "\"\(key)\" goes with \"\(owner)\" only; \(what) has \"\(kindMember.key)\"", at: member.keyLocation)
                failed = true
            }
        }
        let kind: PagingDecl.Kind
        var parameterLocation = kindMember.value.location
        switch kindMember.key {
        case "cursor":
            guard let keyPath = keyPath(kindMember, in: what, into: &diagnostics) else { return nil }
            guard let parameterMember = node["parameter"] else {
                diagnostics.error(
                    "\(what) has a \"cursor\" but no \"parameter\": the input the next request sends the cursor as",
                    at: kindMember.keyLocation)
                return nil
            }
            guard let parameter = name(parameterMember, in: what, into: &diagnostics) else { return nil }
            parameterLocation = parameterMember.value.location
            kind = .cursor(keyPath: keyPath, parameter: parameter)
        case "pageNumber":
            guard let parameter = name(kindMember, in: what, into: &diagnostics) else { return nil }
            var first = 1
            if let firstMember = node["first"] {
                guard let value = integer(firstMember.value), value >= 0 else {
                    diagnostics.error(
                        "\"first\" of \(what) must be the first page's number, an integer from 0 (usually 0 or 1); found \(shown(firstMember.value))",
                        at: firstMember.value.location)
                    return nil
                }
                first = value
            }
            kind = .pageNumber(parameter: parameter, first: first)
        case "offset":
            guard let parameter = name(kindMember, in: what, into: &diagnostics) else { return nil }
            kind = .offset(parameter: parameter)
        default:
            guard case .bool(true) = kindMember.value.value else {
                diagnostics.error(
                    "\"linkHeader\" of \(what) must be true (the next page is the Link header's rel=\"next\"); found \(shown(kindMember.value))",
                    at: kindMember.value.location)
                return nil
            }
            kind = .linkHeader
        }
        var paging = PagingDecl(
            kind, location: node.location, parameterLocation: parameterLocation, origin: origin)
        if let items = node["items"] {
            paging.itemsKeyPath = keyPath(items, in: what, into: &diagnostics)
            failed = failed || paging.itemsKeyPath == nil
        }
        if let total = node["total"] {
            paging.totalKeyPath = keyPath(total, in: what, into: &diagnostics)
            failed = failed || paging.totalKeyPath == nil
        }
        if let maximum = node["maximumPages"] {
            if let value = integer(maximum.value), value >= 1 {
                paging.maximumPages = value
            } else {
                diagnostics.error(
                    "\"maximumPages\" of \(what) must be an integer from 1; found \(shown(maximum.value))",
                    at: maximum.value.location)
                failed = true
            }
        }
        return failed ? nil : paging
    }

    /// The key path written as `member`'s value: dot-separated keys, none of them empty.
    private static func keyPath(_ member: JSONMember, in what: String, into diagnostics: inout DiagnosticBag)
        -> String?
    {
        guard let text = member.value.stringValue, !text.isEmpty else {
            diagnostics.error(
                "\"\(member.key)\" of \(what) must be a key path in the body such as \"data.items\"; found \(shown(member.value))",
                at: member.value.location)
            return nil
        }
        if let problem = keyPathProblem(text) {
            diagnostics.error(
                "\"\(member.key)\" of \(what) is not a key path: '\(text)' \(problem)", at: member.value.location)
            return nil
        }
        return text
    }

    /// What is wrong with a key path (`HTJSON.value(atKeyPath:)` reads keys between dots), or `nil`.
    static func keyPathProblem(_ keyPath: String) -> String? {
        if keyPath.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            return "has an empty key (a leading, trailing or double dot)"
        }
        if keyPath.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            return "has white space; keys are separated by dots"
        }
        return nil
    }

    /// The input name written as `member`'s value: a non-empty string.
    private static func name(_ member: JSONMember, in what: String, into diagnostics: inout DiagnosticBag)
        -> String?
    {
        guard let text = member.value.stringValue, !text.trimmingSpaces.isEmpty else {
            diagnostics.error(
                "\"\(member.key)\" of \(what) must name an input of the request, such as \"page\"; found \(shown(member.value))",
                at: member.value.location)
            return nil
        }
        return text
    }

    /// An integer JSON number (`2`, `2.0`), or `nil`.
    private static func integer(_ node: JSONNode) -> Int? {
        guard case .number(let text) = node.value else { return nil }
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// A value for a message: numbers and strings as written, other kinds by name.
    private static func shown(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let text): return text
        case .string(let text): return "\"\(text)\""
        default: return node.kindName
        }
    }
}
