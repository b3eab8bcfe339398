import Testing

@_spi(Generated) @testable import HTNetworking

/// Issue #38, part 2: `HTParameterStyles.restyleFormField`, which generated requests call for the form
/// fields their document's `encoding` gives a style.
@Suite struct FormFieldStyleTests {
    static let fields: HTJSONObject = [
        "a": 1, "obj": ["x": 1, "y": ["z": "deep"], "gone": nil], "list": ["p", "q"], "b": "last",
    ]

    func restyled(_ name: String, _ style: String, explode: Bool) -> [String] {
        var fields = Self.fields
        HTParameterStyles.restyleFormField(name, style: style, explode: explode, in: &fields)
        return fields.map { member in
            switch member.value {
            case .array: return member.key + "=<array>"
            case .object: return member.key + "=<object>"
            default: return member.key + "=" + (HTValueCoercion.string(member.value) ?? "?")
            }
        }
    }

    @Test func eachStyleWritesTheFieldInItsPlace() {
        #expect(
            restyled("obj", "deepObject", explode: true) == [
                "a=1", "obj[x]=1", "obj[y][z]=deep", "list=<array>", "b=last",
            ])
        #expect(restyled("list", "deepObject", explode: true).contains("list[1]=q"))
        #expect(restyled("obj", "form", explode: true).prefix(3) == ["a=1", "x=1", "y=<object>"])
        #expect(restyled("list", "form", explode: false).contains("list=p,q"))
        #expect(restyled("list", "spaceDelimited", explode: false).contains("list=p q"))
        #expect(restyled("list", "pipeDelimited", explode: false).contains("list=p|q"))
        // A scalar, or a field the body does not have, stays as it is.
        #expect(restyled("a", "deepObject", explode: true) == restyled("missing", "deepObject", explode: true))
    }
}
