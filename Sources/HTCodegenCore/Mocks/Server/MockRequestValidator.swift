import Foundation

/// Checks an incoming request against its operation: its required path, query, header and cookie
/// parameters are there, the typed ones parse (integers, numbers, booleans, enumeration members,
/// UUIDs), and a JSON body parses and matches the body's resolved type (``MockChecker``, with the
/// request-side rule that read-only fields may be left out). The first problem is the reason of a 400.
package struct MockRequestValidator: Sendable {
    /// The types of the operation's spec.
    package var checker: MockChecker

    package init(_ api: ResolvedAPI) {
        checker = MockChecker(api)
        checker.readsRequests = true
    }

    /// Why `request` does not fit `route`'s operation, or `nil` when it does.
    package func problem(
        with request: MockHTTPRequest, route: MockRoute, pathParameters: [String: String]
    ) -> String? {
        let operation = route.request
        let body = Self.jsonBody(request)
        if case .failure(let problem)? = body {
            return problem.reason
        }
        let jsonBody: MockJSON? = if case .success(let json)? = body { json } else { nil }
        switch operation.inputs {
        case .imported(let model, _):
            if !operation.placesParameters, let jsonBody, let problem = checkBody(jsonBody, as: .model(model)) {
                return problem
            }
        case .fields(let fields):
            for field in fields {
                if let problem = check(field, request, pathParameters: pathParameters, jsonBody: jsonBody) {
                    return problem
                }
            }
        }
        if let declared = operation.body, Self.isJSON(declared) {
            guard let jsonBody else {
                return declared.isRequired ? "the request body is required" : nil
            }
            return checkBody(jsonBody, as: declared.type)
        }
        return nil
    }

    private func checkBody(_ json: MockJSON, as type: ResolvedType) -> String? {
        guard let first = checker.problems(json, as: type).first else { return nil }
        return "request body " + first
    }

    /// Checks one input where its placement says it is sent.
    private func check(
        _ field: ResolvedField, _ request: MockHTTPRequest, pathParameters: [String: String], jsonBody: MockJSON?
    ) -> String? {
        let name = field.name
        switch field.placement {
        case .path, .styledPath:
            guard let value = pathParameters[name] else { return nil }
            if case .styledPath = field.placement { return nil }
            return checkText([value], field, where: "path parameter '\(name)'")
        case .query(let style):
            var values = request.queryValues(name)
            if values.isEmpty { values = request.queryValues(name + "[]") }
            if values.isEmpty {
                if case .deepObject = style { return nil }
                return field.isRequired ? "the required query parameter '\(name)' is missing" : nil
            }
            return checkText(Self.split(values, field.type, style: style), field, where: "query parameter '\(name)'")
        case .header:
            guard let value = request.header(name) else {
                return field.isRequired ? "the required header '\(name)' is missing" : nil
            }
            return checkText(
                Self.split([value], field.type, style: .formCommaSeparated), field, where: "header '\(name)'")
        case .cookie:
            let cookies = (request.header("cookie") ?? "").split(separator: ";").map {
                $0.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            }
            guard let pair = cookies.first(where: { $0.first == name }) else {
                return field.isRequired ? "the required cookie '\(name)' is missing" : nil
            }
            return checkText([pair.count > 1 ? pair[1] : ""], field, where: "cookie '\(name)'")
        case .automatic:
            if let value = pathParameters[name] {
                return checkText([value], field, where: "path parameter '\(name)'")
            }
            let values = request.queryValues(name)
            if !values.isEmpty {
                return checkText(
                    Self.split(values, field.type, style: .formCommaSeparated), field, where: "parameter '\(name)'")
            }
            if let member = jsonBody?[name] {
                guard let first = checker.problems(member, as: field.type, dateFormat: field.dateFormat).first else {
                    return nil
                }
                return "request body $.\(name)" + first.dropFirst()
            }
            let form = Self.formBody(request)
            if let value = form.first(where: { $0.name == name })?.value {
                return checkText([value], field, where: "parameter '\(name)'")
            }
            return field.isRequired ? "the required parameter '\(name)' is missing" : nil
        }
    }

    /// Checks values sent as text (path, query, header, cookie) against the field's scalar type.
    private func checkText(_ values: [String], _ field: ResolvedField, where place: String) -> String? {
        var type = field.type
        if case .array(let element) = type { type = element }
        for value in values {
            if let expected = expectation(value, type) {
                return "\(place) must be \(expected), got '\(value.prefix(60))'"
            }
        }
        return nil
    }

    /// What `value` should have been as a `type`, or `nil` when it parses.
    private func expectation(_ value: String, _ type: ResolvedType) -> String? {
        switch type {
        case .integer, .int64: return Int64(value) == nil ? "an integer" : nil
        case .int32: return Int32(value) == nil ? "a 32-bit integer" : nil
        case .uint64: return UInt64(value) == nil ? "an unsigned integer" : nil
        case .number, .decimal: return Double(value) == nil ? "a number" : nil
        case .boolean: return value == "true" || value == "false" ? nil : "true or false"
        case .uuid: return UUID(uuidString: value) == nil ? "a UUID" : nil
        case .enumeration(let name):
            guard let item = checker.types.enums[name] else { return nil }
            if item.members.contains(where: { $0.value == value }) { return nil }
            let members = item.members.prefix(8).map(\.value).joined(separator: ", ")
            return "one of \(members)\(item.members.count > 8 ? ", ..." : "")"
        default: return nil
        }
    }

    private static func split(_ values: [String], _ type: ResolvedType, style: QueryStyle) -> [String] {
        guard case .array = type else { return values }
        let separator: Character =
            switch style {
            case .spaceDelimited: " "
            case .pipeDelimited: "|"
            default: ","
            }
        return values.flatMap { $0.split(separator: separator).map(String.init) }
    }

    private static func isJSON(_ body: ResolvedBody) -> Bool {
        if case .json = body.encoding { return body.choices.isEmpty }
        return false
    }

    /// The body read as JSON: `nil` when there is none or it is not sent as JSON.
    private static func jsonBody(_ request: MockHTTPRequest) -> Result<MockJSON, BodyProblem>? {
        guard !request.body.isEmpty else { return nil }
        let type = (request.header("content-type") ?? "application/json").lowercased()
        guard type.hasPrefix("application/json") || type.contains("+json") else { return nil }
        do {
            return .success(MockJSON(try JSONDocumentParser.parse(request.body, file: "body")))
        } catch {
            return .failure(BodyProblem(reason: "the request body is not JSON: \(error.diagnostic.message)"))
        }
    }

    private static func formBody(_ request: MockHTTPRequest) -> [(name: String, value: String)] {
        guard (request.header("content-type") ?? "").lowercased().hasPrefix("application/x-www-form-urlencoded"),
            let text = String(validating: request.body, as: UTF8.self)
        else { return [] }
        return MockHTTPRequestParser.queryItems(text[...])
    }

    private struct BodyProblem: Error {
        var reason: String
    }
}
