import Foundation
import HTModel
import Testing

/// RestGoatee's implicit mapping: exact key first, then the canonical form (ASCII letters lower-cased,
/// digits kept, everything else dropped).
@Suite("Implicit key matching")
struct ImplicitMappingTests {
    @Test("snake, kebab, upper and Pascal case keys reach camel-case properties")
    func canonicalSpellings() throws {
        let json = try Fixture.json(#"{"foo_bar": "a", "USER_ID": 5, "created-at": "c", "URL_2X": "u", "Score": 1.5}"#)
        let model = try HTImplicitModel(json: json)
        #expect(model.fooBar == "a")
        #expect(model.userID == 5)
        #expect(model.createdAt == "c")
        #expect(model.url2x == "u")
        #expect(model.score == 1.5)
        for key in [
            "foo_bar", "foo-bar", "fooBar", "FooBar", "FOO_BAR", "foo bar", "foo.bar", "__foo__bar__", "fooBar✓",
        ] {
            let one = try HTImplicitModel(json: .object(HTJSONObject(members: [.init(key: key, value: "x")])))
            #expect(one.fooBar == "x", "key \(key)")
        }
    }

    @Test("digits are kept: url_2x is not url_x2, and user_id1 is not user_id")
    func digitsAreKept() throws {
        let model = try HTImplicitModel(json: try Fixture.json(#"{"url_x2": "no", "user_id1": 9}"#))
        #expect(model.url2x == nil)
        #expect(model.userID == nil)
    }

    @Test("implicit matching works in nested models and arrays of models")
    func nested() throws {
        let json = try Fixture.json(#"{"child": {"foo_bar": "c"}, "Children": [{"USER_ID": 1}, {"user-id": 2}]}"#)
        let model = try HTImplicitModel(json: json)
        #expect(model.child?.fooBar == "c")
        #expect(model.children?.map(\.userID) == [1, 2])
    }

    @Test("an exact key wins over a canonical one whatever their order, with a diagnostic")
    func exactWins() throws {
        for text in [#"{"foo_bar": "canonical", "fooBar": "exact"}"#, #"{"fooBar": "exact", "foo_bar": "canonical"}"#] {
            let (model, diagnostics) = try HTImplicitModel.htMapped(from: try Fixture.json(text))
            #expect(model.fooBar == "exact", "\(text)")
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.path.description == "foo_bar")
            #expect(diagnostics.first?.message.contains("fooBar") == true)
        }
    }

    @Test("between two canonical keys the later wins, with a diagnostic; a repeated exact key is silent")
    func twoCanonicalKeys() throws {
        let (model, diagnostics) = try HTImplicitModel.htMapped(
            from: try Fixture.json(#"{"foo_bar": "first", "FOO-BAR": "second"}"#))
        #expect(model.fooBar == "second")
        #expect(diagnostics.map(\.path.description) == ["foo_bar"])

        let (repeated, none) = try HTImplicitModel.htMapped(
            from: try Fixture.json(#"{"fooBar": "first", "fooBar": "second"}"#))
        #expect(repeated.fooBar == "second")
        #expect(none.isEmpty)
    }

    @Test("the ambiguity diagnostic is an error in strict mode, with its path")
    func strictAmbiguity() throws {
        let json = try Fixture.json(#"{"child": {"fooBar": "x", "foo_bar": "y"}}"#)
        #expect(throws: HTMappingError.self) { _ = try HTImplicitModel(json: json, options: .strict) }
        do {
            _ = try HTImplicitModel(json: json, options: .strict)
        } catch {
            #expect(error.path.description == "child.foo_bar")
        }
    }

    @Test("switched off, only exact keys match")
    func switchedOff() throws {
        let json = try Fixture.json(#"{"foo_bar": "a", "userID": 5, "CHILD": {"fooBar": "b"}}"#)
        let model = try HTImplicitModel(json: json, options: HTMappingOptions(implicitKeyMatching: false))
        #expect(model.fooBar == nil)
        #expect(model.userID == 5)
        #expect(model.child == nil)
        #expect(HTMappingOptions().implicitKeyMatching)
        #expect(HTMappingOptions.lenient.implicitKeyMatching && HTMappingOptions.strict.implicitKeyMatching)
    }

    @Test("missing keys keep their defaults and unused keys are ignored, silently")
    func defaultsAndUnusedKeys() throws {
        let (model, diagnostics) = try HTImplicitModel.htMapped(
            from: try Fixture.json(#"{"user_id": 3, "unrelated": [1, {"x": 2}], "": 1, "_": 2}"#),
            over: HTImplicitModel {
                $0.fooBar = "default"
                $0.score = 2
            })
        #expect(diagnostics.isEmpty)
        #expect(model.userID == 3)
        #expect(model.fooBar == "default")
        #expect(model.score == 2)
    }

    @Test("mapped keys that share a canonical form only match exactly")
    func ambiguousMappedKeys() throws {
        let mapping = try HTObjectMapping<HTImplicitModel>([
            ("foo_bar", "fooBar"), ("FooBar", "createdAt"), ("user_id", "userID"),
        ])
        let (model, diagnostics) = Fixture.map(
            try Fixture.json(#"{"foo-bar": "neither", "FooBar": "exact", "UserId": 4}"#), into: HTImplicitModel.self,
            mapping: mapping)
        #expect(diagnostics.isEmpty)
        #expect(model.fooBar == nil)
        #expect(model.createdAt == "exact")
        #expect(model.userID == 4)
    }

    @Test("derived and hand-written metadata lists map alike, implicit matching included")
    func bothPathsAgree() throws {
        let text =
            #"{"foo_bar": "a", "userId": "12", "score": "x", "children": [{"FooBar": 1}, null, 3], "child": {"url-2x": true}}"#
        let (viaSwitch, a) = try HTImplicitModel.htMapped(from: try Fixture.json(text))
        let (viaAccessors, b) = try HTImplicitAccessorModel.htMapped(from: try Fixture.json(text))
        #expect(a.map(\.path) == b.map(\.path))
        #expect(a.map(\.path.description) == ["score", "children[1]", "children[2]"])
        #expect(a[0] == b[0])
        #expect(viaSwitch.htJSONString() == viaAccessors.htJSONString())
        #expect(
            viaSwitch.htJSONString()
                == #"{"fooBar":"a","userID":12,"child":{"url2x":"true"},"children":[{"fooBar":"1"}]}"#)
    }
}
