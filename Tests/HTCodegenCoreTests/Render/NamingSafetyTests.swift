import Testing

@testable import HTCodegenCore

/// Spec names always become valid, collision-free Swift; every rename is reported.
@Suite struct NamingSafetyTests {
    func generate(_ spec: String, prefix: String = "HT") throws -> (Generator.Files, [String]) {
        var config = GeneratorConfig()
        config.namePrefix = prefix
        let (files, diagnostics) = try Generator.generate(
            specBytes: Array(spec.utf8), file: "n.htspec.json", config: config)
        return (files, diagnostics.map(\.description))
    }

    @Test func typesThatWouldShadowSwiftFoundationOrRuntimeTypesAreRenamed() throws {
        let spec = """
            {"htspec": 1, "types": {
              "Data": {"fields": {}}, "URL": {"fields": {}}, "Error": {"fields": {}}, "Result": {"fields": {}},
              "Type": {"fields": {}}, "HTJSON": {"fields": {}}, "Self": {"enum": [{"key": "a"}]}
            }}
            """
        let (files, diagnostics) = try generate(spec, prefix: "")
        let models = files.contents[0].text
        for name in ["Data_", "URL_", "Error_", "Result_", "Type_", "HTJSON_"] {
            #expect(models.contains("final class \(name): HTTPModel"), "\(name) missing")
        }
        #expect(files.contents[2].text.contains("struct Self_: HTStringEnum"))
        // 7 renames, and 2 types that take over the name of a built-in type (in this spec, `Data` means the model).
        #expect(diagnostics.count == 9)
        #expect(
            diagnostics.contains(
                "n.htspec.json:2:3: warning: the type 'Data' would be named 'Data', which is a Swift, Foundation or runtime type; it is generated as 'Data_'"
            ))
        #expect(
            diagnostics.contains(
                "n.htspec.json:2:3: warning: the type 'Data' takes the name of the built-in type Data: in this spec 'Data' means this type; rename it to use the built-in one"
            ))
    }

    /// A spec type named like a runtime type (`CacheableRequest` becomes `HTCacheableRequest` with the
    /// prefix) would capture the app's own `extension HTGetUserRequest: HTCacheableRequest`: it yields.
    @Test func typesNamedLikeRuntimeTypesAreRenamed() throws {
        let spec = """
            {"htspec": 1, "types": {
              "CacheableRequest": {"fields": {}}, "Response": {"fields": {}},
              "NetworkingError": {"enum": [{"key": "a"}]}, "FreezePolicy": {"fields": {}}
            },
             "interfaces": {"Transport": {"className": "Transport", "method": "GET", "path": "/t"}}}
            """
        let (files, diagnostics) = try generate(spec)
        let (models, enums) = (files.contents[0].text, files.contents[2].text)
        for name in ["HTCacheableRequest_", "HTResponse_", "HTFreezePolicy_"] {
            #expect(models.contains("final class \(name): HTHTTPModel"), "\(name) missing")
        }
        #expect(enums.contains("struct HTNetworkingError_: HTStringEnum"))
        #expect(files.contents[1].text.contains("struct HTTransportRequest: HTBaseRequest"))
        #expect(
            diagnostics == [
                "n.htspec.json:2:3: warning: the type 'CacheableRequest' would be named 'HTCacheableRequest', which is a Swift, Foundation or runtime type; it is generated as 'HTCacheableRequest_'",
                "n.htspec.json:2:39: warning: the type 'Response' would be named 'HTResponse', which is a Swift, Foundation or runtime type; it is generated as 'HTResponse_'",
                "n.htspec.json:3:3: warning: the enumeration 'NetworkingError' would be named 'HTNetworkingError', which is a Swift, Foundation or runtime type; it is generated as 'HTNetworkingError_'",
                "n.htspec.json:3:48: warning: the type 'FreezePolicy' would be named 'HTFreezePolicy', which is a Swift, Foundation or runtime type; it is generated as 'HTFreezePolicy_'",
            ])
    }

    @Test func typeNamesThatCollideAfterMappingAreDisambiguated() throws {
        let spec = """
            {"htspec": 1, "types": {"user-info": {"fields": {}}, "userInfo": {"fields": {}}, "UserInfo": {"fields": {}}}}
            """
        let (files, diagnostics) = try generate(spec)
        let models = files.contents[0].text
        #expect(models.contains("final class HTUserInfo:"))
        #expect(models.contains("final class HTUserInfo_2:"))
        #expect(models.contains("final class HTUserInfo_3:"))
        #expect(diagnostics.count == 2)
    }

    /// One word splitter names every type: the schema `user_info` of an OpenAPI document and the type
    /// `user_info` of a native spec are both `HTUserInfo`, and so are the inline types named after them.
    @Test func underscoredNamesGiveTheSameTypeFromOpenAPIAndNative() throws {
        let native = """
            {"htspec": 1, "types": {"user_info": {"fields": {"home_address": "user_info_home_address"}},
              "user_info_home_address": {"fields": {"city": "String"}}}}
            """
        let openAPI = """
            {"openapi": "3.0.3", "info": {"title": "n", "version": "1"}, "paths": {},
             "components": {"schemas": {"user_info": {"type": "object", "properties": {
               "home_address": {"type": "object", "properties": {"city": {"type": "string"}}}}}}}}
            """
        let (nativeFiles, nativeDiagnostics) = try generate(native)
        let (openAPIFiles, openAPIDiagnostics) = try Generator.generate(
            specBytes: Array(openAPI.utf8), file: "n.openapi.json", config: GeneratorConfig())
        #expect(nativeDiagnostics.isEmpty)
        #expect(openAPIDiagnostics.isEmpty)
        for models in [nativeFiles.contents[0].text, openAPIFiles.contents[0].text] {
            #expect(models.contains("final class HTUserInfo: HTHTTPModel"))
            #expect(models.contains("final class HTUserInfoHomeAddress: HTHTTPModel"))
            #expect(models.contains("let homeAddress: HTUserInfoHomeAddress?"))
            #expect(!models.contains("HTUser_info"))
        }
        #expect(SwiftNaming.typeName("user_info") == "UserInfo")
        #expect(SwiftNaming.typeName("HTTP_server") == "HTTPServer")
        #expect(SwiftNaming.typeName("userInfo") == "UserInfo")
        #expect(SwiftNaming.typeName("名字_列表") == "名字列表")
        #expect(SwiftNaming.typeName("2fa_code") == "_2faCode")
        #expect(OpenAPINaming.pascalCase("user_info", "home-address") == "UserInfoHomeAddress")
    }

    /// A spec input named like a request hook (`timeout: Number` would otherwise become
    /// `var timeout: Double?`, silently implementing HTBaseRequest's timeout) gets a trailing underscore.
    @Test func inputsNamedLikeRequestHooksAreRenamed() throws {
        let spec = """
            {"htspec": 1, "interfaces": {"Search": {"method": "GET", "path": "/search", "inputs": {
              "timeout": "Number", "mock": "String", "baseURL": "String", "customize": "Boolean",
              "cacheKey": "String", "freezeKey": "String", "maximumResponseSize": "Integer",
              "cacheUserScope": "String", "query": "String"
            }}}}
            """
        let (files, _) = try generate(spec)
        let requests = files.contents[1].text
        for name in [
            "timeout", "mock", "baseURL", "customize", "cacheKey", "freezeKey", "maximumResponseSize", "cacheUserScope",
        ] {
            #expect(requests.contains("var \(name)_:"), "\(name) was not renamed")
            #expect(!requests.contains("var \(name):"), "\(name) kept its name")
            #expect(requests.contains("\"\(name)\""), "\(name) lost its wire name")
        }
        #expect(requests.contains("var query:"))
    }

    @Test(arguments: MemberNaming.allCases) func namesAreAlwaysIdentifiers(_ naming: MemberNaming) {
        #expect(SwiftNaming.memberName("class", naming) == "class")
        #expect(SwiftNaming.escaped("class") == "`class`")
        #expect(SwiftNaming.memberName("description", naming) == "description_")
        #expect(SwiftNaming.memberName("2fa", naming) == "_2fa")
        #expect(SwiftNaming.memberName("user-name", naming) == "userName")
        #expect(SwiftNaming.memberName("名字", naming) == "名字")
        #expect(SwiftNaming.memberName("😀", naming) == "_")
        #expect(SwiftNaming.memberName("a.b/c d", naming) == "aBCD")
        #expect(SwiftNaming.identifier("", upperFirst: true) == "_")
        #expect(SwiftNaming.enumCaseName("VIP", naming) == "vip")
        #expect(SwiftNaming.enumCaseName("Friends", naming) == "friends")
    }

    /// Lower camel case, as a Swift developer writes names; `asWritten` keeps the spec's spelling.
    @Test func memberNamesAreLowerCamelCase() {
        let cases: [(String, String, String)] = [
            ("refresh_token", "refreshToken", "refresh_token"),
            ("DateCreated", "dateCreated", "DateCreated"),
            ("MAX_VALUE", "maxValue", "MAX_VALUE"),
            ("URLPath", "urlPath", "URLPath"),
            ("ID", "id", "ID"),
            ("IDs", "ids", "IDs"),
            ("user_ID", "userID", "user_ID"),
            ("_links", "links", "_links"),
            ("userName", "userName", "userName"),
            ("401k", "_401k", "_401k"),
            ("DateCreated<", "dateCreated", "DateCreated"),
            ("用户_名", "用户名", "用户_名"),
            ("token_id", "tokenID", "token_id"),
            ("photo_urls", "photoURLs", "photo_urls"),
            ("USER_ID", "userID", "USER_ID"),
            ("identity_provider", "identityProvider", "identity_provider"),
        ]
        for (raw, camel, written) in cases {
            #expect(SwiftNaming.memberName(raw, .camelCase) == camel, "\(raw)")
            #expect(SwiftNaming.memberName(raw, .asWritten) == written, "\(raw)")
        }
        #expect(SwiftNaming.enumCaseName("IN_PROGRESS", .camelCase) == "inProgress")
        #expect(SwiftNaming.enumCaseName("in_progress", .camelCase) == "inProgress")
        #expect(SwiftNaming.enumCaseName("in_progress", .asWritten) == "in_progress")
    }

    /// `_` is not a name Swift accepts for a property, a constant or a type (`var _: String?` does not
    /// compile): members keep it in backticks, which Swift accepts, and a type named `_` yields.
    @Test func underscoreNamesCompile() throws {
        let spec = """
            {"htspec": 1, "types": {
              "U": {"fields": {"_": "String", "name": "String"}},
              "E": {"enum": [{"key": "_", "value": "underscore"}, {"key": "a"}]},
              "_": {"fields": {}}
            },
             "interfaces": {"Search": {"method": "GET", "path": "/search", "inputs": {"_": "Integer"},
               "headers": {"-": {}}}}}
            """
        let (files, diagnostics) = try generate(spec, prefix: "")
        let (models, requests, enums) = (files.contents[0].text, files.contents[1].text, files.contents[2].text)
        let all = models + requests + enums
        #expect(!all.contains("var _:"))
        #expect(!all.contains("let _:"))
        #expect(!all.contains("let _ ="))
        #expect(!all.contains("class _:"))
        #expect(models.contains("let `_`: String?"))
        #expect(models.contains("`_` = nil"))
        #expect(models.contains(#".init("_", \.`_`)"#))
        #expect(models.contains("final class __: HTTPModel"))
        #expect(enums.contains("static let `_` = E(rawValue: \"underscore\")"))
        #expect(enums.contains("[.`_`, .a]"))
        #expect(requests.contains("var `_`: Int?"))
        #expect(requests.contains("if let value = self.`_` { parameters.append(\"_\", value.htJSON) }"))
        // The header `-` has no letters either: its property is `_` too, so it yields.
        #expect(requests.contains("var __2: String?"))
        #expect(
            diagnostics.contains(
                "n.htspec.json:4:3: warning: the type '_' would be named '_', which Swift does not accept as a type name; it is generated as '__'"
            ))
        #expect(SwiftNaming.escaped("_") == "`_`")
        #expect(SwiftNaming.escaped("__") == "__")
    }

    /// The spec's file name is spec text like any other: a newline in it must not end the comment it
    /// is written into (a file named `x\n#error("x")\n.htspec.json` was compiled).
    @Test func fileNamesCannotEscapeComments() throws {
        let spec =
            #"{"htspec": 1, "types": {"T": {"fields": {"a": "String"}}, "E": {"enum": [{"key": "a"}]}},"#
            + #" "interfaces": {"I": {"method": "GET", "path": "/i"}}}"#
        for file in ["evil\n#error(\"x\")\n.htspec.json", "dir/evil\r#error(\"x\")\u{2028}.htspec.json"] {
            let (files, _) = try Generator.generate(specBytes: Array(spec.utf8), file: file, config: GeneratorConfig())
            for output in files.contents {
                for line in output.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                    let trimmed = line.drop(while: { $0 == " " })
                    #expect(!trimmed.hasPrefix("#error"), "\(output.name): \(line)")
                }
                #expect(!output.text.contains("\r"))
                #expect(output.text.contains("// Generated by ht-codegen from evil #error(\"x\") .htspec.json:"))
            }
            #expect(
                files.contents[0].text.contains("/// - Remark: Generated from evil #error(\"x\") .htspec.json:1:25"))
        }
    }

    @Test func textCannotEscapeCommentsOrLiterals() {
        #expect(SwiftNaming.stringLiteral(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(SwiftNaming.stringLiteral("\\(x)") == #""\\(x)""#)
        #expect(SwiftNaming.stringLiteral("line\nbreak\u{2028}") == #""line\nbreak\u{2028}""#)
        #expect(SwiftNaming.stringLiteral("\u{202E}rtl") == #""\u{202E}rtl""#)
        #expect(SwiftNaming.docLines("one\ntwo\r\nthree\u{2028}four") == ["one", "two", "three", "four"])
        #expect(SwiftNaming.docLines("ends */ here") == ["ends */ here"])
        #expect(SwiftNaming.docLines("tab\there\u{0}") == ["tab here"])
        #expect(SwiftNaming.docLines("   ").isEmpty)
    }
}
