import Foundation

/// Checks a JSON value against a resolved type as the runtime's strict mapping reads it: the kind of
/// value, integer ranges, enumeration members, UUID and base64 text, dates in their format, required
/// fields of models, and that some alternative of a union (the one its discriminator names) accepts
/// it. Used to keep a spec's example only when it fits its type, and by tests to check every
/// synthesized answer without compiling the generated code.
package struct MockChecker: Sendable {
    /// The types values are checked against.
    package var types: MockTypeTable
    /// Models keep every field optional (an NEI export): a missing required field is still a mapping
    /// diagnostic, so it is still reported.
    package var keepsFieldsOptional = false
    /// Checks a request body, not a response: a read-only field may be missing, a write-only one may
    /// not.
    package var readsRequests = false

    /// A checker for the types of `api`.
    package init(_ api: ResolvedAPI) {
        types = MockTypeTable(api)
        keepsFieldsOptional = api.keepsFieldsOptional
    }

    /// What is wrong with `value` as a `type`, each problem with its JSON path (`$.pets[0].id`); empty
    /// when it maps without a diagnostic.
    package func problems(_ value: MockJSON, as type: ResolvedType, dateFormat: DateFormat? = nil) -> [String] {
        var found: [String] = []
        var visiting: [String] = []
        check(value, type, dateFormat: dateFormat, path: "$", into: &found, visiting: &visiting)
        return found
    }

    private func check(
        _ value: MockJSON, _ type: ResolvedType, dateFormat: DateFormat?, path: String, into found: inout [String],
        visiting: inout [String]
    ) {
        func expected(_ what: String) { found.append("\(path): expected \(what), found \(value.text.prefix(40))") }
        switch type {
        case .variable, .app:
            return
        case .string:
            guard case .string = value else { return expected("a string") }
        case .boolean:
            guard case .bool = value else { return expected("a boolean") }
        case .number, .decimal:
            guard case .number(let text) = value, Double(text) != nil else { return expected("a number") }
        case .integer, .int64:
            guard case .number(let text) = value, Int64(text) != nil else { return expected("an integer") }
        case .int32:
            guard case .number(let text) = value, Int32(text) != nil else { return expected("a 32-bit integer") }
        case .uint64:
            guard case .number(let text) = value, UInt64(text) != nil else { return expected("an unsigned integer") }
        case .url:
            guard case .string(let text) = value, URL(string: text) != nil else { return expected("a URL") }
        case .uuid:
            guard case .string(let text) = value, UUID(uuidString: text) != nil else { return expected("a UUID") }
        case .data:
            guard case .string(let text) = value, Self.isBase64(text) else { return expected("base64 text") }
        case .date:
            guard MockDates.reads(value, format: dateFormat) else { return expected("a date") }
        case .array(let element):
            guard case .array(let elements) = value else { return expected("an array") }
            for (index, item) in elements.enumerated() {
                check(
                    item, element, dateFormat: dateFormat, path: "\(path)[\(index)]", into: &found,
                    visiting: &visiting)
            }
        case .map(let element):
            guard case .object(let members) = value else { return expected("an object") }
            for member in members {
                check(
                    member.value, element, dateFormat: dateFormat, path: "\(path).\(member.key)", into: &found,
                    visiting: &visiting)
            }
        case .enumeration(let name):
            guard let item = types.enums[name] else { return expected("the unknown enumeration \(name)") }
            let text: String
            switch (item.rawType, value) {
            case (.string, .string(let string)): text = string
            case (.integer, .number(let number)): text = number
            default: return expected(item.rawType == .string ? "a string of \(name)" : "an integer of \(name)")
            }
            guard item.members.contains(where: { $0.value == text }) else {
                return expected("a member of \(name)")
            }
        case .model(let name):
            guard let model = types.models[name] else { return expected("the unknown model \(name)") }
            guard case .object(let members) = value else { return expected("an object (\(name))") }
            checkModel(model, members, path: path, into: &found, visiting: &visiting)
        case .union(let name):
            guard let union = types.unions[name] else { return expected("the unknown union \(name)") }
            checkUnion(union, value, path: path, into: &found, visiting: &visiting)
        }
    }

    private func checkModel(
        _ model: ResolvedModel, _ members: [MockJSONMember], path: String, into found: inout [String],
        visiting: inout [String]
    ) {
        for field in model.fields {
            let member = members.first { $0.key == field.name }
            guard let member else {
                if field.isRequired && field.access != (readsRequests ? .readOnly : .writeOnly) {
                    found.append("\(path): the required field '\(field.name)' of \(model.name) is missing")
                }
                continue
            }
            if case .null = member.value {
                if field.isRequired && !field.isNullable && !field.isRequiredNullable
                    && field.access != (readsRequests ? .readOnly : .writeOnly)
                {
                    found.append("\(path).\(field.name): the required field is null")
                }
                continue
            }
            check(
                member.value, field.type, dateFormat: field.dateFormat, path: "\(path).\(field.name)", into: &found,
                visiting: &visiting)
        }
        if let extra = model.additionalProperties, case .map(let element) = extra.type {
            let declared = Set(model.fields.map(\.name))
            for member in members where !declared.contains(member.key) {
                check(
                    member.value, element, dateFormat: extra.dateFormat, path: "\(path).\(member.key)", into: &found,
                    visiting: &visiting)
            }
        }
    }

    private func checkUnion(
        _ union: ResolvedUnion, _ value: MockJSON, path: String, into found: inout [String], visiting: inout [String]
    ) {
        if let discriminator = union.discriminator, case .string(let tag)? = value[discriminator],
            let chosen = union.alternatives.first(where: { $0.discriminatorValues.contains(tag) })
        {
            check(value, chosen.type, dateFormat: nil, path: path, into: &found, visiting: &visiting)
            return
        }
        // A union that contains itself through unions only: stop rather than loop.
        guard !visiting.contains(union.name) else { return }
        visiting.append(union.name)
        defer { visiting.removeLast() }
        for alternative in union.alternatives {
            var problems: [String] = []
            check(value, alternative.type, dateFormat: nil, path: path, into: &problems, visiting: &visiting)
            if problems.isEmpty { return }
        }
        found.append("\(path): no alternative of \(union.name) accepts \(value.text.prefix(40))")
    }

    /// Whether `text` is base64 in the standard or the URL-safe alphabet, padded or not.
    static func isBase64(_ text: String) -> Bool {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        return Data(base64Encoded: standard) != nil
    }
}
