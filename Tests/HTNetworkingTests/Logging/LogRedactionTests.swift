import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Secrets never reach a log line or an error description below the verbose level, and at verbose the
/// bodies have their secret fields redacted.
@Suite("Log redaction", .timeLimit(.minutes(3)))
struct LogRedactionTests {
    // MARK: Over the loopback server

    @Test(
        "a failed request logs neither the access token of its URL nor the refresh token of its body at info, warning or error"
    )
    func failedRequestKeepsSecretsOut() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .info)
        let client = loopbackClient(server, logger: logger) { $0.interceptors = [HTLoggingInterceptor()] }
        let request = SecretRequest(
            code: 401, query: "access_token=A-SECRET&echo_body=1", body: ["refresh_token": "R-SECRET"])
        let error = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }

        // The failure is logged, with the URL redacted and without the body.
        let lines = sink.all.map(\.message)
        #expect(lines.contains { $0.contains("answered status 401") })
        #expect(lines.contains { $0.hasPrefix("→ POST ") && $0.contains("access_token=<redacted>&echo_body=1") })
        for line in lines {
            #expect(!line.contains("A-SECRET") && !line.contains("R-SECRET"), "\(line)")
        }
        // What apps print is as clean; the raw values stay available to code.
        let description = try #require(error?.description)
        #expect(!description.contains("A-SECRET") && !description.contains("R-SECRET"), "\(description)")
        #expect(description.contains("with a body of"))
        #expect(error?.request.url.contains("access_token=A-SECRET") == true)
        guard case .status(401, let body)? = error?.kind else {
            Issue.record("expected a 401 status error, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains("R-SECRET"))
    }

    @Test("a transport failure is logged without the URL error's user info, which holds the whole URL")
    func transportFailureKeepsSecretsOut() async throws {
        let closed = try PortReservation()  // refused: nothing listens, and nothing else can take it
        let (logger, sink) = recordingLogger(level: .info)
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: closed.baseURL, interceptors: [HTLoggingInterceptor()], logger: logger))
        let request = SecretRequest(code: 200, query: "access_token=A-SECRET", body: [:])
        _ = await expectNetworkingError { () async throws(HTNetworkingError) in try await client.send(request) }
        let errors = sink.messages(.error, .network)
        #expect(errors.contains { $0.contains("failed after") && $0.contains("access_token=<redacted>") })
        #expect(!sink.messages(.warning, .network).isEmpty)
        for record in sink.all {
            #expect(!record.message.contains("A-SECRET"), "\(record.message)")
        }
    }

    @Test("debug header lines never show X-Api-Key or the other secret headers")
    func debugHeadersKeepSecretsOut() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .debug)
        let client = loopbackClient(server, logger: logger) {
            $0.defaultHeaders = [
                "X-Api-Key": "K-SECRET", "X-Auth-Token": "T-SECRET", "X-Session-Token": "S-SECRET",
                "X-Trace": "visible",
            ]
            $0.interceptors = [HTLoggingInterceptor()]
        }
        _ = try await client.send(EchoIDRequest(id: 3))
        let headers = sink.messages(.debug, .network).first { $0.hasPrefix("→ headers") }
        #expect(headers?.contains("X-Api-Key: <redacted>") == true)
        #expect(headers?.contains("X-Auth-Token: <redacted>") == true)
        #expect(headers?.contains("X-Session-Token: <redacted>") == true)
        #expect(headers?.contains("X-Trace: visible") == true)
        for record in sink.all {
            for secret in ["K-SECRET", "T-SECRET", "S-SECRET"] {
                #expect(!record.message.contains(secret), "\(record.message)")
            }
        }
    }

    @Test("at verbose, secret JSON members are redacted at any depth in both bodies; other values stay")
    func verboseJSONBodies() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .verbose)
        let client = loopbackClient(server, logger: logger) { $0.interceptors = [HTLoggingInterceptor()] }
        let body: HTJSONObject = [
            "user": ["name": "ada", "password": "P-SECRET", "devices": [["id": 1, "refresh_token": "R-SECRET"]]]
        ]
        _ = try await client.send(SecretRequest(code: 200, query: "echo_body=1", body: body))
        let sent = try #require(sink.messages(.verbose, .network).first { $0.hasPrefix("→ body") })
        #expect(
            sent.hasSuffix(
                #"{"user":{"name":"ada","password":"<redacted>","devices":[{"id":1,"refresh_token":"<redacted>"}]}}"#))
        let received = try #require(sink.messages(.verbose, .network).first { $0.hasPrefix("← body") })
        #expect(received.contains(#""password":"<redacted>""#) && received.contains("ada"))
        for record in sink.all {
            #expect(!record.message.contains("P-SECRET") && !record.message.contains("R-SECRET"), "\(record.message)")
        }
    }

    @Test("at verbose, secret fields of a form body are redacted")
    func verboseFormBodies() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .verbose)
        let client = loopbackClient(server, logger: logger) { $0.interceptors = [HTLoggingInterceptor()] }
        var request = SecretRequest(
            code: 200, query: "echo_body=1",
            body: ["username": "ada", "client_secret": "C-SECRET", "password": "X-SECRET"])
        request.encoding = .form
        _ = try? await client.send(request)  // the echoed form is no JSON: a decoding error, logged too
        // A nested object is sent as JSON text in one field; the echo returns the raw body in a string.
        let nested = EchoPostRequest(name: "ada", nested: ["password": "N-SECRET"])
        _ = try await client.send(Customized(nested, bodyEncoding: .form))
        let sent = try #require(sink.messages(.verbose, .network).first { $0.hasPrefix("→ body") })
        #expect(sent.hasSuffix("username=ada&client_secret=<redacted>&password=<redacted>"))
        for record in sink.all {
            for secret in ["C-SECRET", "X-SECRET", "N-SECRET"] {
                #expect(!record.message.contains(secret), "\(record.message)")
            }
        }
    }

    @Test("the lists are configurable: a custom header, query parameter and body field are redacted once added")
    func configurableLists() async throws {
        let server = try await sharedServer()
        func run(_ logger: HTLogger) async throws {
            let client = loopbackClient(server, logger: logger) {
                $0.defaultHeaders = ["X-Partner": "H-SECRET"]
                $0.interceptors = [HTLoggingInterceptor()]
            }
            _ = try await client.send(
                SecretRequest(code: 200, query: "ticket=Q-SECRET&echo_body=1", body: ["pin": "B-SECRET"]))
        }
        let secrets = ["H-SECRET", "Q-SECRET", "B-SECRET"]

        let (plain, plainSink) = recordingLogger(level: .verbose)
        try await run(plain)
        let plainText = plainSink.all.map(\.message).joined(separator: "\n")
        #expect(secrets.allSatisfy { plainText.contains($0) }, "not secret by default")

        let (custom, customSink) = recordingLogger(level: .verbose)
        custom.redaction.headerNames.insert("X-PARTNER")
        custom.redaction.queryParameterNames.insert("Ticket")
        custom.updateRedaction { $0.bodyFieldNames.insert("pin") }
        try await run(custom)
        let customText = customSink.all.map(\.message).joined(separator: "\n")
        for secret in secrets {
            #expect(!customText.contains(secret), "\(secret) in \(customText)")
        }
        #expect(customText.contains("X-Partner: <redacted>"))
        #expect(customText.contains("ticket=<redacted>"))

        // A pattern covers every place at once.
        let (patterned, patternedSink) = recordingLogger(level: .verbose)
        patterned.redaction.namePatterns = ["PART-NER", "tick", "pin"]
        try await run(patterned)
        let patternedText = patternedSink.all.map(\.message).joined(separator: "\n")
        #expect(!secrets.contains { patternedText.contains($0) }, "\(patternedText)")
    }

    // MARK: The rules

    @Test("URL redaction: percent-encoded and case-insensitive names, repeated parameters, fragments, user info")
    func urlRedaction() {
        let rules = HTLogRedaction()
        #expect(rules.redactedURL("https://a.example/p") == "https://a.example/p")
        #expect(rules.redactedURL("https://a.example/p?page=2&sort=name") == "https://a.example/p?page=2&sort=name")
        #expect(
            rules.redactedURL("https://a.example/p?access_token=abc&page=2")
                == "https://a.example/p?access_token=<redacted>&page=2")
        #expect(
            rules.redactedURL("https://a.example/p?ACCESS_TOKEN=abc&Api-Key=k")
                == "https://a.example/p?ACCESS_TOKEN=<redacted>&Api-Key=<redacted>")
        #expect(
            rules.redactedURL("/p?access%5Ftoken=abc&%61pi_key=k&client+secret=s")
                == "/p?access%5Ftoken=<redacted>&%61pi_key=<redacted>&client+secret=<redacted>")
        #expect(
            rules.redactedURL("/p?token=a&token=b&x=1&token=c")
                == "/p?token=<redacted>&token=<redacted>&x=1&token=<redacted>")
        #expect(rules.redactedURL("/cb#access_token=abc&state=s") == "/cb#access_token=<redacted>&state=s")
        #expect(rules.redactedURL("/p?key=k#section") == "/p?key=<redacted>#section")
        #expect(rules.redactedURL("/p?token&x=&password=") == "/p?token&x=&password=<redacted>")
        #expect(
            rules.redactedURL("/p?user%5Bpassword%5D=x&X-Amz-Signature=y")
                == "/p?user%5Bpassword%5D=<redacted>&X-Amz-Signature=<redacted>")
        #expect(
            rules.redactedURL("/p?body=%7B%22refresh_token%22%3A%22r%22%7D&next=https%3A%2F%2Fb%2F%3Ftoken%3Dt&q=a%20b")
                == "/p?body=%7B%22refresh_token%22%3A%22<redacted>%22%7D&next=https%3A%2F%2Fb%2F%3Ftoken%3D<redacted>&q=a%20b"
        )
        #expect(
            rules.redactedURL("https://ada:pw@a.example:8080/p?q=1") == "https://<redacted>@a.example:8080/p?q=1")
        #expect(rules.redactedURL("https://TOKEN@a.example/p") == "https://<redacted>@a.example/p")
        #expect(rules.redactedURL("https://a.example/p?email=a@b.example") == "https://a.example/p?email=a@b.example")
        #expect(rules.redactedURL("/p?author=ada&keyword=x&codes=1") == "/p?author=ada&keyword=x&codes=1")
        #expect(HTLogRedaction.none.redactedURL("/p?access_token=abc") == "/p?access_token=abc")
    }

    @Test("URL and text redaction: ;-separated and matrix parameters, percent-encoded = after a secret name")
    func separatorsAndEncodedEquals() {
        let rules = HTLogRedaction()
        #expect(rules.redactedURL("/p?a=1;access_token=abc;b=2") == "/p?a=1;access_token=<redacted>;b=2")
        #expect(rules.redactedURL("/p;access_token=abc/q;v=1?x=1") == "/p;access_token=<redacted>/q;v=1?x=1")
        #expect(rules.redactedURL("/p;jsessionid=abc?x=1") == "/p;jsessionid=<redacted>?x=1")
        #expect(rules.redactedURL("/p?access_token%3Dabc&x=1").contains("abc") == false)
        #expect(rules.redactedURL("/p?x=1&access_token%3dabc%26y%3D2").contains("abc") == false)
        #expect(rules.redactedQuery("a=1;password=pw") == "a=1;password=<redacted>")
        #expect(rules.redactedText("sent ;access_token=abc here") == "sent ;access_token=<redacted> here")
        #expect(rules.redactedText("failed: access_token%3Dabc").contains("abc") == false)
        #expect(rules.redactedText("failed: password%3Dhunter2 then").contains("hunter2") == false)
        // Names that only look alike stay.
        #expect(rules.redactedURL("/p;v=1?a=1;b=2") == "/p;v=1?a=1;b=2")
        #expect(rules.redactedText("50%3D half") == "50%3D half")
    }

    @Test("header names: the default list, the patterns, any case")
    func headerRules() {
        let rules = HTLogRedaction()
        for name in [
            "Authorization", "proxy-authorization", "Cookie", "SET-COOKIE", "X-Api-Key", "api-key", "X-Auth-Token",
            "X-Access-Token", "X-CSRF-Token", "X-Goog-Api-Key", "X-Client-Secret", "X-Session-Id", "X-Hub-Signature",
            "X-Amz-Credential", "ApiKey",
        ] {
            #expect(rules.isSecretHeader(name), "\(name)")
        }
        for name in ["Accept", "Content-Type", "X-Request-Id", "User-Agent", "Keep-Alive"] {
            #expect(!rules.isSecretHeader(name), "\(name)")
        }
        #expect(HTLogger.defaultRedactedHeaders.isSuperset(of: ["authorization", "cookie", "set-cookie", "x-api-key"]))
        #expect(rules.redactedLines(["x-api-key": "k", "Accept": "*/*"]) == ["Accept: */*", "x-api-key: <redacted>"])
    }

    @Test("JSON redaction reaches every depth and hides whole values; strings inside are searched as text")
    func jsonRedaction() throws {
        let rules = HTLogRedaction()
        let json = try HTJSON(
            parsing: #"""
                {"a": [{"b": {"Password": 1, "credentials": {"user": "u"}}}], "token_type": "Bearer", "code": 0,
                 "next": "https://a.example/p?access_token=abc", "raw": "{\"refresh_token\": \"r\"}", "name": "ada"}
                """#)
        #expect(
            rules.redactedJSON(json).serializedString() == #"""
                {"a":[{"b":{"Password":"<redacted>","credentials":"<redacted>"}}],"token_type":"<redacted>","code":0,\#
                "next":"https://a.example/p?access_token=<redacted>","raw":"{\"refresh_token\": \"<redacted>\"}","name":"ada"}
                """#)
        #expect(rules.redactedBody(Data(#"{"password":"x"}"#.utf8), contentType: nil) == #"{"password":"<redacted>"}"#)
        #expect(
            rules.redactedBody(
                Data("a=1&password=x".utf8), contentType: "application/x-www-form-urlencoded; charset=utf-8")
                == "a=1&password=<redacted>")
        #expect(
            rules.redactedBody(Data(#"{"password": "x", "#.utf8), contentType: "application/json")
                == #"{"password": "<redacted>", "#)
        #expect(rules.redactedBody(Data("plain text".utf8), contentType: "text/plain") == "plain text")
    }

    @Test("free text: URLs, key=value pairs and quoted members inside error messages")
    func textRedaction() {
        let rules = HTLogRedaction()
        let dump =
            #"Error Domain=NSURLErrorDomain Code=-1004 "(null)"UserInfo={NSErrorFailingURLKey=http://h/x?access_token=abc, "#
            + #"NSErrorFailingURLStringKey=http://u:pw@h/x?a=1&sig=s}"#
        #expect(
            rules.redactedText(dump)
                == #"Error Domain=NSURLErrorDomain Code=-1004 "(null)"UserInfo={NSErrorFailingURLKey=http://h/x?access_token=<redacted>, "#
                + #"NSErrorFailingURLStringKey=http://<redacted>@h/x?a=1&sig=<redacted>}"#)
        #expect(rules.redactedText("GET http://TOKEN@h/x failed") == "GET http://<redacted>@h/x failed")
        #expect(
            rules.redactedText(#"{'password': 'x', "token": 12, "n": "ok"}"#)
                == #"{'password': "<redacted>", "token": "<redacted>", "n": "ok"}"#)
        #expect(rules.redactedText("nothing to hide, code 7") == "nothing to hide, code 7")
        #expect(
            rules.redactedText("login with password=hunter2 failed; code=7")
                == "login with password=<redacted> failed; code=7")
        #expect(
            rules.redactedText("code=1&sig=2 from /p;key=3") == "code=<redacted>&sig=<redacted> from /p;key=<redacted>")
        #expect(rules.redactedText("exit Code=7, key=k") == "exit Code=7, key=k")
    }

    @Test("error descriptions: no body, the URL redacted, mapping values at secret fields hidden")
    func errorDescriptions() {
        let request = HTRequestDescription(
            method: "GET", url: "https://a.example/me?access_token=abc&page=1", requestType: "Me")
        #expect(request.description == "GET https://a.example/me?access_token=<redacted>&page=1 (Me)")
        #expect(request.url == "https://a.example/me?access_token=abc&page=1")
        let status = HTNetworkingError(.status(code: 500, body: Data(#"{"refresh_token":"r"}"#.utf8)), request: request)
        #expect(
            status.description
                == "GET https://a.example/me?access_token=<redacted>&page=1 (Me) answered status 500 with a body of 21 bytes"
        )
        let transport = HTNetworkingError(
            .transport(code: nil, message: "failed for https://a.example/?token=t"), request: request)
        #expect(!transport.description.contains("token=t"))
        let mapping = HTNetworkingError(
            .mapping(
                HTMappingError(
                    path: HTJSONPath(keyPath: "data.session.id"), message: #"expected integer, found string "s3""#)),
            request: request)
        #expect(
            mapping.description.hasSuffix(#"mapping failed at data.session.id: expected integer, found <redacted>"#))
        let visible = HTNetworkingError(
            .mapping(
                HTMappingError(path: HTJSONPath(keyPath: "data.age"), message: #"expected integer, found string "old""#)
            ),
            request: request)
        #expect(visible.description.hasSuffix(#"mapping failed at data.age: expected integer, found string "old""#))
        #expect(status.description(redactingWith: .none).contains("access_token=abc"))
    }
}

/// `POST /status/:code?<query>` with `body` as JSON (or a form); with `echo_body=1` in the query the server
/// answers the request's body.
private struct SecretRequest: HTBaseRequest, Sendable {
    typealias Response = HTJSON
    static let method: HTHTTPMethod = .post
    static let path = "/status/:code"
    var code: Int
    var query: String
    var body: HTJSONObject
    var encoding: HTBodyEncoding?

    var parameters: HTJSONObject {
        var parameters = body
        parameters.append("code", .integer(Int64(code)))
        return parameters
    }
    var bodyEncoding: HTBodyEncoding? { encoding }

    func customize(_ request: inout URLRequest) {
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return
        }
        components.percentEncodedQuery = query
        request.url = components.url
    }
}
