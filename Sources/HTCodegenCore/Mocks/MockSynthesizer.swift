import Foundation

/// Makes a JSON value for a resolved type: the spec's own value where it has one that fits the type (an
/// `example`, then an `examples` entry, then the `default`, then a `const`), otherwise one generated
/// from the type (enumeration members, formats: dates in the field's format, UUIDs, URLs, base64;
/// required fields; the alternative a union's discriminator names).
///
/// Generated values come from a ``MockRandom`` the caller seeds, so the same seed gives the same value
/// on every run and platform. Recursion is bounded: below ``optionalDepth`` a model gets only its
/// required fields and arrays and maps are empty, so a recursive type (a tree of nodes) ends.
package struct MockSynthesizer: Sendable {
    /// The nesting of models from which optional fields are left out and arrays are empty.
    package static let optionalDepth = 4
    /// The nesting past which even required fields of models are left out (a model that requires itself
    /// cannot be written finitely; its answer then has a diagnostic, which the checker reports).
    package static let hardDepth = 16

    private let types: MockTypeTable
    private let checker: MockChecker
    private var random: MockRandom

    /// A synthesizer for the types of `api`, drawing from `random`.
    package init(_ api: ResolvedAPI, random: MockRandom) {
        types = MockTypeTable(api)
        checker = MockChecker(api)
        self.random = random
    }

    /// A value of `type`. `notes` and `defaultValue` are the spec's own values for the place (a field's);
    /// the first of them that fits the type is taken, then the type's own (a model's, an enumeration's
    /// or a union's), then a generated one. `hint` (a field name) flavours generated strings.
    package mutating func value(
        of type: ResolvedType, notes: ValueNotes = ValueNotes(), defaultValue: JSONNode? = nil,
        dateFormat: DateFormat? = nil, hint: String = "value", depth: Int = 0
    ) -> MockJSON {
        if let given = firstFitting(notes: notes, defaultValue: defaultValue, type: type, dateFormat: dateFormat) {
            return given
        }
        if let own = typeNotes(type),
            let given = firstFitting(notes: own, defaultValue: nil, type: type, dateFormat: dateFormat)
        {
            return given
        }
        return generated(type, bounds: notes.bounds, dateFormat: dateFormat, hint: hint, depth: depth)
    }

    /// The spec's own value that fits: the examples in order, then the default, then the constant.
    private func firstFitting(notes: ValueNotes, defaultValue: JSONNode?, type: ResolvedType, dateFormat: DateFormat?)
        -> MockJSON?
    {
        let candidates = notes.examples + [defaultValue ?? notes.defaultValue, notes.constant].compactMap { $0 }
        for candidate in candidates {
            let value = MockJSON(candidate)
            if checker.problems(value, as: type, dateFormat: dateFormat).isEmpty { return value }
        }
        return nil
    }

    private func typeNotes(_ type: ResolvedType) -> ValueNotes? {
        switch type {
        case .model(let name): return types.models[name]?.notes
        case .enumeration(let name): return types.enums[name]?.notes
        case .union(let name): return types.unions[name]?.notes
        default: return nil
        }
    }

    private mutating func generated(
        _ type: ResolvedType, bounds: ValueBounds, dateFormat: DateFormat?, hint: String, depth: Int
    ) -> MockJSON {
        switch type {
        case .string: return .string(string(hint, bounds: bounds))
        case .number, .decimal:
            let whole = integer(in: bounds, lowest: 0)
            // Half a unit more when that stays inside the bounds: a number that is not an integer.
            let half = Double(whole) + 0.5
            let fits =
                bounds.maximum.map { $0.exclusive ? half < $0.value : half <= $0.value } ?? true
            return .number(fits ? "\(whole).5" : String(whole))
        case .integer, .int64: return .number(String(integer(in: bounds, lowest: 1)))
        case .int32: return .number(String(min(max(integer(in: bounds, lowest: 1), Int(Int32.min)), Int(Int32.max))))
        case .uint64: return .number(String(max(integer(in: bounds, lowest: 1), 0)))
        case .boolean: return .bool(random.bool())
        case .variable, .app: return .object([])
        case .date:
            // Between 2020-09-13 and 2023-11-14, whole seconds.
            return MockDates.value(seconds: random.int(in: 1_600_000_000...1_700_000_000), format: dateFormat)
        case .url:
            let path = hint.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
            return .string(
                "https://example.com/\(path.isEmpty ? "item" : String(String.UnicodeScalarView(path)))/\(random.int(in: 1...999))"
            )
        case .uuid: return .string(uuid())
        case .data:
            let bytes = (0..<6).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return .string(Data(bytes).base64EncodedString())
        case .array(let element):
            var elementNotes = ValueNotes()
            elementNotes.bounds = bounds
            (elementNotes.bounds.minItems, elementNotes.bounds.maxItems) = (nil, nil)
            func generatedElement(_ element: ResolvedType) -> MockJSON {
                value(of: element, notes: elementNotes, dateFormat: dateFormat, hint: hint, depth: depth + 1)
            }
            let fewest = bounds.minItems ?? 0
            let most = bounds.maxItems ?? Int.max
            guard depth < Self.optionalDepth else {
                return .array((0..<min(fewest, most)).map { _ in generatedElement(element) })
            }
            let low = min(max(fewest, 1), most)
            let count = random.int(in: low...max(low, min(3, most)))
            return .array((0..<count).map { _ in generatedElement(element) })
        case .map(let element):
            guard depth < Self.optionalDepth else { return .object([]) }
            let count = random.int(in: 1...2)
            return .object(
                (1...count).map { index in
                    MockJSONMember(
                        key: "key\(index)",
                        value: value(of: element, dateFormat: dateFormat, hint: hint, depth: depth + 1))
                })
        case .enumeration(let name):
            guard let item = types.enums[name], !item.members.isEmpty else { return .string(hint) }
            let member = item.members[random.int(in: 0...(item.members.count - 1))]
            return item.rawType == .integer ? .number(member.value) : .string(member.value)
        case .model(let name):
            guard let model = types.models[name] else { return .object([]) }
            return .object(members(of: model, depth: depth))
        case .union(let name):
            guard let union = types.unions[name], !union.alternatives.isEmpty else { return .null }
            return unionValue(union, depth: depth)
        }
    }

    /// A string the bounds' `pattern` matches (``MockPattern``), else one of the hint and a number, cut
    /// or padded to the bounds' lengths.
    private mutating func string(_ hint: String, bounds: ValueBounds) -> String {
        if let pattern = bounds.pattern, let text = MockPattern.string(matching: pattern, random: &random),
            text.count >= bounds.minLength ?? 0, text.count <= bounds.maxLength ?? Int.max
        {
            return text
        }
        var text = "\(hint) \(random.int(in: 1...999))"
        if let most = bounds.maxLength, text.count > most { text = String(text.prefix(most)) }
        if let fewest = bounds.minLength, text.count < fewest {
            text += String(repeating: "x", count: fewest - text.count)
        }
        return text
    }

    /// An integer inside the bounds (`lowest` to `lowest + 999` when they say nothing; 1,000 wide from
    /// the one bound given).
    private mutating func integer(in bounds: ValueBounds, lowest: Int) -> Int {
        func whole(_ value: Double) -> Int? {
            guard value.isFinite, abs(value) < 1e15 else { return nil }
            return Int(value)
        }
        var low = bounds.minimum.flatMap { bound in
            whole(bound.value.rounded(.up)).map { bound.exclusive && Double($0) == bound.value ? $0 + 1 : $0 }
        }
        let high = bounds.maximum.flatMap { bound in
            whole(bound.value.rounded(.down)).map { bound.exclusive && Double($0) == bound.value ? $0 - 1 : $0 }
        }
        if low == nil { low = high.map { Swift.min(lowest, $0) } ?? lowest }
        let from = low ?? lowest
        let to = Swift.max(from, high ?? from + 999)
        return random.int(in: from...Swift.min(to, from + 999))
    }

    /// A model's members: every field that a response carries (not write-only) while shallower than
    /// ``optionalDepth``, then only the required ones, up to ``hardDepth``.
    private mutating func members(of model: ResolvedModel, depth: Int) -> [MockJSONMember] {
        guard depth < Self.hardDepth else { return [] }
        var members: [MockJSONMember] = []
        for field in model.fields where field.access != .writeOnly {
            let required = field.isRequired || field.isRequiredNullable
            if depth >= Self.optionalDepth && !required { continue }
            if depth >= Self.optionalDepth && field.isRequiredNullable {
                members.append(MockJSONMember(key: field.name, value: .null))
                continue
            }
            let value = value(
                of: field.type, notes: field.notes, defaultValue: field.defaultValue, dateFormat: field.dateFormat,
                hint: field.name, depth: depth + 1)
            members.append(MockJSONMember(key: field.name, value: value))
        }
        if let extra = model.additionalProperties, case .map(let element) = extra.type, depth < Self.optionalDepth {
            let declared = Set(model.fields.map(\.name))
            var key = "extra"
            while declared.contains(key) { key += "_" }
            let value = value(of: element, dateFormat: extra.dateFormat, hint: key, depth: depth + 1)
            members.append(MockJSONMember(key: key, value: value))
        }
        return members
    }

    /// A union's value: the alternative a random discriminator value names, its discriminator set; without
    /// a discriminator the first alternative (tried first when mapping, so the value is read as it).
    private mutating func unionValue(_ union: ResolvedUnion, depth: Int) -> MockJSON {
        guard let discriminator = union.discriminator else {
            return value(of: union.alternatives[0].type, hint: union.alternatives[0].name, depth: depth)
        }
        let tagged = union.alternatives.filter { !$0.discriminatorValues.isEmpty }
        guard !tagged.isEmpty else { return value(of: union.alternatives[0].type, depth: depth) }
        let alternative = tagged[random.int(in: 0...(tagged.count - 1))]
        let tag = alternative.discriminatorValues[0]
        guard case .object(var members) = value(of: alternative.type, hint: alternative.name, depth: depth) else {
            return .object([MockJSONMember(key: discriminator, value: .string(tag))])
        }
        if let index = members.firstIndex(where: { $0.key == discriminator }) {
            members[index].value = .string(tag)
        } else {
            members.insert(MockJSONMember(key: discriminator, value: .string(tag)), at: 0)
        }
        return .object(members)
    }

    /// A version 4 UUID in lower case.
    private mutating func uuid() -> String {
        let high = random.next()
        let low = random.next()
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        return hex[0..<4].joined() + "-" + hex[4..<6].joined() + "-" + hex[6..<8].joined() + "-" + hex[8..<10].joined()
            + "-" + hex[10..<16].joined()
    }
}
