/// A file-private function that a requests file declares once when one of its requests needs it: the
/// parameter styles of OpenAPI that are joined or flattened before the runtime sees the parameters
/// (see `SwiftRenderer+PlacedRequests.swift`). Each takes and returns concrete types, so a request calls
/// it with nothing to infer.
enum RequestHelper: CaseIterable, Hashable {
    /// An array's (or an object's) values joined by a separator.
    case joinedValue
    /// An object's members as parameters of their own.
    case appendMembers
    /// An object's members as `name[key]` parameters.
    case appendDeepObject
    /// A header's text.
    case headerText
    /// Adds a `name=value` pair to the `Cookie` header.
    case cookie
    /// The members of a form body that is not a model.
    case formObject
    /// The parts of a multipart body that is not a model.
    case multipartParts

    /// The function's name.
    var functionName: String {
        switch self {
        case .joinedValue: return "htJoinedValue"
        case .appendMembers: return "htAppendMembers"
        case .appendDeepObject: return "htAppendDeepObject"
        case .headerText: return "htHeaderText"
        case .cookie: return "htAppendCookie"
        case .formObject: return "htFormObject"
        case .multipartParts: return "htMultipartParts"
        }
    }

    /// The helpers this one calls.
    var dependencies: [RequestHelper] {
        switch self {
        case .headerText: return [.joinedValue]
        case .cookie: return [.headerText, .joinedValue]
        default: return []
        }
    }

    /// The declaration, line by line, at the top level of the file.
    var source: [String] {
        switch self {
        case .joinedValue:
            return [
                "/// An array's values (an object's keys and values) as one text joined by `separator`: OpenAPI's `form`",
                "/// without `explode`, `spaceDelimited`, `pipeDelimited` and `simple`. Any other value as it is.",
                "private func htJoinedValue(_ value: HTJSON, _ separator: String) -> HTJSON {",
                "    var texts: [String] = []",
                "    switch value {",
                "    case .array(let elements):",
                "        for element in elements { texts.append(HTValueCoercion.string(element) ?? \"\") }",
                "    case .object(let object):",
                "        for member in object {",
                "            texts.append(member.key)",
                "            texts.append(HTValueCoercion.string(member.value) ?? \"\")",
                "        }",
                "    default:",
                "        return value",
                "    }",
                "    return .string(texts.joined(separator: separator))",
                "}",
            ]
        case .appendMembers:
            return [
                "/// An object's members as parameters of their own (OpenAPI's `form` with `explode`); any other value as `name`.",
                "private func htAppendMembers(_ name: String, _ value: HTJSON, to parameters: inout HTJSONObject) {",
                "    guard case .object(let object) = value else {",
                "        parameters.append(name, value)",
                "        return",
                "    }",
                "    for member in object { parameters.append(member.key, member.value) }",
                "}",
            ]
        case .appendDeepObject:
            return [
                "/// An object's members as `name[key]` parameters (OpenAPI's `deepObject`); any other value as `name`.",
                "private func htAppendDeepObject(_ name: String, _ value: HTJSON, to parameters: inout HTJSONObject) {",
                "    guard case .object(let object) = value else {",
                "        parameters.append(name, value)",
                "        return",
                "    }",
                "    for member in object { parameters.append(\"\\(name)[\\(member.key)]\", member.value) }",
                "}",
            ]
        case .headerText:
            return [
                "/// A header's text: a scalar's text, an array's values joined by commas (OpenAPI's `simple`).",
                "private func htHeaderText(_ value: HTJSON) -> String {",
                "    HTValueCoercion.string(htJoinedValue(value, \",\")) ?? \"\"",
                "}",
            ]
        case .cookie:
            return [
                "/// Adds `name=value` to the `Cookie` header (after the pairs already there, `; `-separated).",
                "private func htAppendCookie(_ name: String, _ value: HTJSON, to headers: inout [String: String]) {",
                "    let pair = \"\\(name)=\\(htHeaderText(value))\"",
                "    if let existing = headers[\"Cookie\"] {",
                "        headers.updateValue(\"\\(existing); \\(pair)\", forKey: \"Cookie\")",
                "    } else {",
                "        headers.updateValue(pair, forKey: \"Cookie\")",
                "    }",
                "}",
            ]
        case .formObject:
            return [
                "/// The fields of a form body that is not a model: an object's members; nothing for any other value.",
                "private func htFormObject(_ value: HTJSON) -> HTJSONObject {",
                "    guard case .object(let object) = value else { return HTJSONObject() }",
                "    return object",
                "}",
            ]
        case .multipartParts:
            return [
                "/// The parts of a multipart body that is not a model: one part per member of an object.",
                "private func htMultipartParts(_ value: HTJSON) -> [HTMultipartPart] {",
                "    guard case .object(let object) = value else { return [] }",
                "    var parts: [HTMultipartPart] = []",
                "    for member in object { parts.append(HTMultipartPart(name: member.key, value: member.value)) }",
                "    return parts",
                "}",
            ]
        }
    }
}
