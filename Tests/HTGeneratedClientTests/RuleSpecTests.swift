import Foundation
import HTNetworking
import Testing

/// The rule specs in `Specs/` are generated into this target by HTCodegenPlugin; these tests use the
/// generated types, so the target only builds when the generated code compiles, and they check that the
/// generated members behave as the rules say.
@Suite struct RuleSpecTests {
    @Test func typeTableMapsEveryKind() throws {
        let json: HTJSON = [
            "text": "hi", "amount": 1.5, "count": 3, "flag": true, "anything": ["free": [1, 2]],
            "child": ["name": "a"], "children": [["name": "b"], ["name": "c"]], "aliased": [["name": "d"]],
            "words": ["x", "y"], "matrix": [[1, 2], [3]], "kind": "l",
        ]
        let model = try HTTypeTable(json: json)
        #expect(model.text == "hi")
        #expect(model.amount == 1.5)
        #expect(model.count == 3)
        #expect(model.flag == true)
        #expect(model.anything == ["free": [1, 2]])
        #expect(model.child?.name == "a")
        #expect(model.children?.map(\.name) == ["b", "c"])
        #expect(model.aliased?.first?.name == "d")
        #expect(model.words == ["x", "y"])
        #expect(model.matrix == [[1, 2], [3]])
        #expect(model.kind == .large)
        #expect(Set(HTTypeTable.customTypePropertyDic.keys) == ["child", "children", "aliased"])
        #expect(
            HTTypeTable.baseTypePropertyList == [
                "text", "amount", "count", "flag", "anything", "words", "matrix", "kind",
            ])
        #expect(HTTypeTableEmpty.htAccessors.isEmpty)
    }

    @Test("a required field (\"required\": true) is non-optional; JSON without it fails to map, in lenient mode too")
    func requiredFieldsAreChecked() throws {
        // A child without its name, and a child whose name is null: each fails the whole mapping, at its path.
        let cases: [(HTJSON, String, String)] = [
            (["child": ["other": 1]], "child.name", #"missing required field "name""#),
            (["children": [["name": "b"], ["name": nil]]], "children[1].name", #"required field "name" is null"#),
            (
                ["children": [["name": ["x": 1]]]], "children[0].name",
                #"required field "name" has no value it can hold"#
            ),
        ]
        for (json, path, message) in cases {
            for options in [HTMappingOptions.lenient, .strict] {
                do {
                    _ = try HTTypeTable(json: json, options: options)
                    Issue.record("mapping accepted \(json) without a required name")
                } catch {
                    #expect(error.path.description == path)
                    #expect(error.message == message)
                }
                do {
                    _ = try HTTypeTable.htMap(json, options: options)
                    Issue.record("htMap accepted \(json) without a required name")
                } catch {
                    #expect(error.path.description == path)
                }
            }
        }
        // With the name, the field reads as a String; the initializer takes it.
        let mapped = try HTTypeTable(json: ["child": ["name": "a"], "children": [["name": "b"]]])
        let name: String? = mapped.child?.name
        #expect(name == "a" && mapped.children?.map(\.name) == ["b"])
        let built = HTTypeTableChild(name: "c")
        let builtName: String = built.name
        #expect(builtName == "c" && built.with { $0.name = "d" }.name == "d")
        #expect(HTTypeTableChild.htAccessors.map(\.presence) == [.required])
    }

    @Test func enumsAreOpenWithSafeConstantNames() throws {
        #expect(HTMemberLevel.normal.rawValue == "0")
        #expect(HTMemberLevel.vip.rawValue == "1")
        #expect(HTMemberLevel.public.rawValue == "2")
        #expect(HTMemberLevel._2fa.rawValue == "3")
        #expect(HTMemberLevel.inReview.rawValue == "4")
        #expect(HTMemberLevel.knownValues.count == 5)
        let unknown = HTMemberLevel(rawValue: "99")
        #expect(!unknown.isKnown)
        #expect(HTMemberColor.red.rawValue == "#f00")
    }

    /// `"closed": true` in the spec: strict mapping rejects a value the enum does not list, at its path;
    /// the open enum next to it keeps its unknown value; lenient mapping keeps both.
    @Test func closedEnumsFailStrictMapping() throws {
        #expect(HTMemberRole.htRejectsUnknownValues && !HTMemberLevel.htRejectsUnknownValues)
        let json: HTJSON = ["level": "99", "role": "admin"]
        let lenient = try HTMemberCard(json: json)
        #expect(lenient.role?.rawValue == "admin" && lenient.level?.rawValue == "99")
        do {
            _ = try HTMemberCard(json: json, options: .strict)
            Issue.record("strict mapping accepted the closed enum's unknown value")
        } catch {
            #expect(error.path.description == "role")
        }
        let known = try HTMemberCard(json: ["level": "99", "role": "guest"], options: .strict)
        #expect(known.role == .guest && known.level?.isKnown == false)
    }

    /// `Specs/envelope-again.htspec.json` and `demo.htspec.json` both define `ResultData`; the envelope
    /// gets no model, so the target builds, and each spec's requests unwrap it by key path.
    @Test func twoSpecsOfOneTargetCanBothDefineTheEnvelope() {
        #expect(HTAgainGetNoteRequest.Response.self == HTAgainNote.self)
        #expect(HTAgainGetNoteRequest.responseKeyPath == "result")
        #expect(HTGetArticleRequest.Response.self == HTArticle.self)
        #expect(HTGetArticleRequest.responseKeyPath == "result")
        // A path parameter and a required input are plain initializer arguments, always sent.
        #expect(HTAgainGetNoteRequest(id: 3, fields: "text").parameters == ["id": 3, "fields": "text"])
    }

    @Test func responseRulesSetTypesAndKeyPaths() {
        #expect(HTRule1GetPhotoRequest.Response.self == HTRule1Photo.self)
        #expect(HTRule1GetPhotoRequest.responseKeyPath == "photo")
        #expect(HTRule1ListPhotosRequest.Response.self == [HTRule1Photo].self)
        #expect(HTRule2GetArticleRequest.Response.self == HTRule2Article.self)
        #expect(HTRule2GetArticleRequest.responseKeyPath == "data")
        #expect(HTRule2ListArticlesRequest.Response.self == [HTRule2Article].self)
        #expect(HTRule2GetCountRequest.Response.self == HTJSON.self)
        #expect(HTRule2GetCountRequest.responseKeyPath == "data")
        #expect(HTRule2UnboundRequest.Response.self == HTJSON.self)
        #expect(HTRule2UnboundRequest.responseKeyPath == "data")
        #expect(HTRule3GetProfileRequest.Response.self == HTRule3Profile.self)
        #expect(HTRule3GetProfileRequest.responseKeyPath == nil)
        #expect(HTRule4SearchRequest.Response.self == [HTRule4Item].self)
        #expect(HTRule4SearchRequest.responseKeyPath == "items")
        #expect(HTRule5NoOutputsRequest.Response.self == HTJSON.self)
        #expect(HTRule5NoOutputsRequest.responseKeyPath == nil)
        #expect(HTRule5SystemOutputRequest.Response.self == HTJSON.self)
        #expect(HTRule5TwoModelsRequest.Response.self == HTJSON.self)
    }

    @Test func headersAreConstantOrVariableAndNeverParameters() {
        var request = HTTestRequestHeaderRequest(user: "u", password: "p")
        #expect(HTTestRequestHeaderRequest.method == .post)
        #expect(request.headers == ["Content-Type": "application/json"])
        request.cookie = "session=1"
        request.userInfo = "info"
        request.xRequestId = "abc"
        #expect(
            request.headers == [
                "Content-Type": "application/json", "Cookie": "session=1", "UserInfo": "info", "X-Request-Id": "abc",
            ])
        #expect(HTTestRequestHeaderRequest.headerPropertyList == ["cookie", "userInfo", "xRequestId"])
        #expect(request.parameters == ["user": "u", "password": "p"])
    }

    @Test func importedInputIsOneModelWhoseJSONIsTheParameters() {
        let address = HTShippingAddress {
            $0.city = "Hangzhou"
            $0.isDefault = true
        }
        let request = HTAddShippingAddressTask(shippingAddress: address, authorization: "t")
        #expect(request.parameters == ["city": "Hangzhou", "isDefault": true])
        #expect(HTAddShippingAddressTask.path == "/address/add")
        #expect(HTGetApiGetAddressRequest.path == "api/get/address")
    }

    /// `Specs/nei-naming.nei.json` (an NEI v3 export): four methods on one path without className each get
    /// a request named by method and path; a remaining collision gets `_2`; a datatype and an enumeration
    /// named like requests yield, and the request that imports the datatype uses its new name.
    @Test func neiNamesNeverCollide() {
        #expect(HTGetApiProgroupsRequest.method == .get)
        #expect(HTGetApiProgroupsRequest.path == "/api/progroups")
        #expect(HTPostApiProgroupsRequest.method == .post)
        #expect(HTPostApiProgroupsRequest(name: "n").parameters == ["name": "n"])
        #expect(HTPutApiProgroupsIdRequest.method == .put)
        #expect(HTDeleteApiProgroupsIdRequest.method == .delete)
        #expect(HTDeleteApiProgroupsIdRequest.path == "/api/progroups/:id")
        #expect(HTGetApiProgroupsRequest_2.path == "/api/progroups/")
        let body = HTCreateProgroupRequest_2 {
            $0.name = "n"
        }
        #expect(HTCreateProgroupRequest(createProgroupRequest: body).parameters == ["name": "n"])
        #expect(HTCreateProgroupRequest.path == "/api/v2/progroups")
        #expect(HTGetApiProgroupsRequest_3.all.rawValue == "all")
    }

    @Test func unsafeNamesBecomeSafeSwiftAndMapTheirKeys() throws {
        let json: HTJSON = [
            "class": "c", "description": "d", "hash": 1, "user-name": "u1", "2fa": true, "名字": "n", "self": "s",
            "userName": "u2", "_": "under",
        ]
        let model = try HTNamingSample(json: json)
        #expect(model.class == "c")
        #expect(model.description_ == "d")
        #expect(model.hash_ == 1)
        #expect(model.userName == "u2")
        #expect(model.userName_2 == "u1")
        #expect(model._2fa == true)
        #expect(model.名字 == "n")
        #expect(model.self_ == "s")
        #expect(model.`_` == "under")
        #expect(HTNamingMark.`_`.rawValue == "underscore")
        #expect(HTNamingMark.knownValues == [.`_`, .other])
        #expect(model.htJSON == json)
        // The spec type `user_info` is `HTUserInfo`, as an OpenAPI schema `user_info` is; its field keeps its key.
        let owner = try HTUserInfo(json: ["refresh_token": "t"])
        #expect(owner.refreshToken == "t")
        let request = HTNamingCheckRequest(in: "i", parameters_: "p", default: 1, `_`: 2)
        #expect(request.parameters == ["in": "i", "parameters": "p", "default": 1, "_": 2])
        #expect(HTNamingCheckRequest.path == "/naming/\"quoted\"/\\back")
        #expect(request.headers["X-Note"] == "a \"quoted\" \\ value\nwith a newline")
    }
}
