import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Logging", .timeLimit(.minutes(3)))
struct LoggingTests {
    @Test("levels are ordered; the default is info in debug builds and warning in release builds")
    func levels() {
        #expect(HTLogLevel.allCases == [.off, .error, .warning, .info, .debug, .verbose])
        #expect(HTLogLevel.error < .warning && HTLogLevel.debug < .verbose)
        #if DEBUG
            #expect(HTLogLevel.default == .info)
        #else
            #expect(HTLogLevel.default == .warning)
        #endif
        #expect(HTLogger().level == .default)
        #expect(HTLogLevel.warning.description == "WARNING")
    }

    @Test("the shared logger is silent until the app adds a sink; a logger the app creates writes to stderr")
    func silentByDefault() {
        #expect(HTLogger.shared.sinks.isEmpty)
        #expect(!HTLogger.shared.isEnabled(.error, for: .network))
        #expect(HTClientConfiguration(baseURL: URL(fileURLWithPath: "/")).logger === HTLogger.shared)
        let created = HTLogger()
        #expect(created.sinks.count == 1 && created.sinks.first is HTStandardErrorLogSink)
        #expect(created.isEnabled(.error, for: .network))
        #expect(!HTLogger(sinks: []).isEnabled(.error, for: .network))
    }

    @Test("a logger writes its level and the more severe ones; components can have their own level")
    func perComponent() {
        let (logger, sink) = recordingLogger(level: .warning)
        logger.info(.network, "hidden")
        logger.warning(.network, "shown")
        logger.setLevel(.debug, for: .network)
        logger.setLevel(.off, for: .mapping)
        logger.debug(.network, "network debug")
        logger.verbose(.network, "hidden")
        logger.error(.mapping, "hidden")
        logger.warning(.cache, "cache warning")
        logger.info(.freeze, "hidden")
        #expect(logger.level(for: .network) == .debug)
        #expect(logger.level(for: .freeze) == .warning)
        #expect(logger.isEnabled(.debug, for: .network) && !logger.isEnabled(.info, for: .cache))
        #expect(!logger.isEnabled(.off, for: .network))
        logger.setLevel(nil, for: .network)
        logger.debug(.network, "hidden")
        #expect(sink.all.map(\.message) == ["shown", "network debug", "cache warning"])
        #expect(sink.all.map(\.component) == [.network, .network, .cache])
        #expect(sink.all.map(\.level) == [.warning, .debug, .warning])

        logger.level = .off
        logger.error(.network, "hidden")
        #expect(sink.all.count == 3)
    }

    @Test("a message is only built when it will be written; each sink has its own minimum level")
    func lazinessAndSinkLevels() {
        let errorsOnly = RecordingLogSink(minimumLevel: .error)
        let everything = RecordingLogSink()
        let logger = HTLogger(level: .info, sinks: [errorsOnly, everything])
        let built = Recorded<Int>()
        func expensive(_ text: String) -> String {
            built.append(1)
            return text
        }
        logger.debug(.network, expensive("skipped"))
        #expect(built.count == 0)
        logger.info(.network, expensive("info"))
        logger.error(.network, expensive("error"))
        #expect(built.count == 2)
        #expect(errorsOnly.all.map(\.message) == ["error"])
        #expect(everything.all.map(\.message) == ["info", "error"])
        #expect(everything.all.first?.file.hasSuffix("LoggingTests.swift") == true)
    }

    @Test("a closure sink bridges records to an app's own logger")
    func closureSink() {
        let bridged = Recorded<String>()
        let logger = HTLogger(
            level: .verbose, sinks: [HTClosureLogSink(minimumLevel: .warning) { bridged.append($0.formatted) }])
        logger.info(.network, "no")
        logger.warning(.mapping, "yes")
        #expect(bridged.count == 1)
        #expect(bridged.values.first?.hasSuffix(" WARNING [mapping] yes") == true)
    }

    @Test("records format with an exact UTC timestamp")
    func formatting() {
        func line(_ seconds: Double) -> String {
            HTLogRecord(date: Date(timeIntervalSince1970: seconds), level: .error, component: "c", message: "m")
                .formatted
        }
        #expect(line(0) == "1970-01-01T00:00:00.000Z ERROR [c] m")
        #expect(line(1_000_000_000.25) == "2001-09-09T01:46:40.250Z ERROR [c] m")
        #expect(line(951_782_400.5) == "2000-02-29T00:00:00.500Z ERROR [c] m")
        #expect(line(-1) == "1969-12-31T23:59:59.000Z ERROR [c] m")
        #expect(line(4_107_542_400) == "2100-03-01T00:00:00.000Z ERROR [c] m")
    }

    @Test("Authorization, Cookie, Set-Cookie and X-Api-Key are redacted whatever their case; more names can be added")
    func redaction() {
        let logger = HTLogger(sinks: [])
        let headers = [
            "authorization": "Bearer s3cret", "Cookie": "sid=1", "SET-COOKIE": "sid=2", "X-Api-Key": "k",
            "X-Partner": "p",
            "Accept": "*/*",
        ]
        #expect(
            logger.redactedLines(headers) == [
                "Accept: */*", "authorization: <redacted>", "Cookie: <redacted>", "SET-COOKIE: <redacted>",
                "X-Api-Key: <redacted>", "X-Partner: p",
            ])
        logger.redactedHeaders.insert("X-PARTNER")
        #expect(logger.redactedValue("p", forHeader: "x-partner") == "<redacted>")
        #expect(logger.redactedValue("v", forHeader: "Accept") == "v")
        #expect(logger.redactedHeaders.contains("x-partner"))
        #expect(logger.redaction.headerNames.contains("x-partner"))
    }

    @Test("the logging interceptor: a line per request and response, redacted headers at debug, bodies at verbose")
    func loggingInterceptor() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .verbose)
        let client = loopbackClient(server, logger: logger) {
            $0.defaultHeaders = ["Authorization": "Bearer s3cret", "Cookie": "session=abc"]
            $0.interceptors = [HTLoggingInterceptor(bodyLimit: 10)]
        }
        _ = try await client.send(EchoPostRequest(name: "a very long name indeed"))
        let info = sink.messages(.info, .network)
        let url = server.baseURL.absoluteString + "/echo"
        #expect(info.first == "→ POST \(url)")
        #expect(info.count == 2)
        #expect(info.last?.hasPrefix("← 200 POST \(url) in ") == true)
        let debug = sink.messages(.debug, .network).joined(separator: "\n")
        #expect(debug.contains("Authorization: <redacted>"))
        #expect(debug.contains("Cookie: <redacted>"))
        #expect(!debug.contains("s3cret") && !debug.contains("session=abc"))
        #expect(debug.contains("Content-Type: application/json"))
        let verbose = sink.messages(.verbose, .network)
        #expect(verbose.first?.hasSuffix(#"{"name":"a"# + "… (24 more bytes)") == true)
        // The echo repeats the headers in its body: bodies are logged as they are, but only at verbose.
        #expect(sink.all.allSatisfy { $0.level == .verbose || !$0.message.contains("s3cret") })

        logger.level = .warning
        let before = sink.all.count
        _ = try await client.send(EchoIDRequest(id: 1))
        #expect(sink.all.count == before)
    }

    @Test("userinfo in the base URL (a token alone, or user:password) reaches no log line and no error description")
    func userinfoRedacted() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .debug)
        for userinfo in [("TOKEN7f3a", nil), ("ada", "PASS9c1e")] as [(String, String?)] {
            var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
            components.user = userinfo.0
            components.password = userinfo.1
            let client = loopbackClient(server, logger: logger) {
                $0.baseURL = components.url ?? server.baseURL
                $0.interceptors = [HTLoggingInterceptor()]
            }
            _ = try await client.send(EchoIDRequest(id: 1))
            let error = await expectNetworkingError { () async throws(HTNetworkingError) in
                try await client.send(StatusRequest(code: 500))
            }
            let secret = userinfo.1 ?? userinfo.0
            let description = try #require(error).description
            #expect(!description.contains(secret), "\(description)")
            #expect(description.contains("<redacted>@127.0.0.1"), "\(description)")
            let lines = sink.all.map(\.message)
            #expect(lines.contains { $0.contains("<redacted>@127.0.0.1") })
            #expect(!lines.contains { $0.contains(secret) }, "\(lines.filter { $0.contains(secret) })")
        }
    }

    @Test("the logging interceptor logs failures as errors and cancellations as info")
    func loggingFailures() async throws {
        let closed = try PortReservation()  // refused: nothing listens, and nothing else can take it
        let (logger, sink) = recordingLogger(level: .info)
        let client = HTClient(
            configuration: HTClientConfiguration(
                baseURL: closed.baseURL, interceptors: [HTLoggingInterceptor()], logger: logger))
        _ = await expectNetworkingError { () async throws(HTNetworkingError) in
            try await client.send(EchoIDRequest(id: 1))
        }
        #expect(
            sink.messages(.error, .network).contains {
                $0.hasPrefix("✕ GET \(closed.baseURL.absoluteString)/echo/1 failed after")
            })

        let mocked = HTClient(
            configuration: HTClientConfiguration(
                baseURL: try TestSupport.url("https://api.invalid"), interceptors: [HTLoggingInterceptor()],
                mockMode: .always,
                logger: logger),
            transport: UnreachableTransport())
        let task = Task { () async throws -> String? in
            try await mocked.send(Customized(EchoIDRequest(id: 2), mock: HTMockResponse.json([:]).delayed(by: 30))).path
        }
        while mocked.inFlightCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        _ = await task.result
        #expect(
            sink.messages(.info, .network).contains { $0.hasPrefix("✕ GET https://api.invalid/echo/2 cancelled after") }
        )
    }

    @Test("mapping diagnostics are logged as warnings with their JSON paths")
    func mappingDiagnostics() async throws {
        let server = try await sharedServer()
        let (logger, sink) = recordingLogger(level: .warning)
        let client = loopbackClient(server, logger: logger)
        let response = try await client.response(
            for: EnvelopeUserRequest(body: #"{"data": {"id": "seven", "name": "x"}}"#))
        #expect(response.value.name == "x")
        #expect(response.value.id == nil)
        let warnings = sink.messages(.warning, .mapping)
        #expect(warnings.count == 1)
        #expect(response.diagnostics.count == 1)
        #expect(warnings.first?.contains("data.id") == true)
        #expect(warnings.first?.contains("EnvelopeUserRequest") == true)
    }

    @Test("the file sink rolls at its maximum size and keeps at most its maximum number of files")
    func fileRotationBySize() throws {
        let folder = try TestSupport.temporaryDirectory("log-size")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = try HTFileLogSink(directory: folder, name: "app", maximumFileSize: 200, maximumFiles: 3)
        let logger = HTLogger(level: .verbose, sinks: [sink])
        for index in 0..<40 { logger.info(.network, "message \(index)") }  // about 50 bytes each
        let files = sink.logFiles
        #expect(files.map(\.lastPathComponent) == ["app.log", "app.1.log", "app.2.log"])
        var lines: [String] = []
        for file in files.reversed() {
            let data = try Data(contentsOf: file)
            #expect(data.count <= 200)
            lines += String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        // The newest records survive, in order, the oldest are gone with the deleted files.
        let numbers = lines.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(numbers.last == 39)
        #expect(numbers == Array((numbers.first ?? 0)...39))
        #expect((numbers.first ?? 0) > 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.3.log").path))
    }

    @Test("the file sink rolls after its interval, appends to an existing file, and writes errors only when told")
    func fileRotationByTime() throws {
        let folder = try TestSupport.temporaryDirectory("log-time")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = LockedBox(Date(timeIntervalSince1970: 1_000_000))
        let now: @Sendable () -> Date = { clock.value }
        let sink = try HTFileLogSink(
            directory: folder, name: "t", rollInterval: 60, maximumFiles: 2, minimumLevel: .warning, now: now)
        let logger = HTLogger(level: .verbose, sinks: [sink])
        logger.warning(.network, "first")
        logger.info(.network, "below the sink's level")
        clock.withLock { $0 += 30 }
        logger.error(.network, "second")
        clock.withLock { $0 += 31 }
        logger.error(.network, "third")
        let current = try String(contentsOf: folder.appendingPathComponent("t.log"), encoding: .utf8)
        let previous = try String(contentsOf: folder.appendingPathComponent("t.1.log"), encoding: .utf8)
        #expect(current.hasSuffix("ERROR [network] third\n"))
        #expect(
            previous.components(separatedBy: "\n").filter { !$0.isEmpty }.map {
                $0.split(separator: " ", maxSplits: 1)[1]
            }
                == ["WARNING [network] first", "ERROR [network] second"])

        let reopened = try HTFileLogSink(directory: folder, name: "t", rollInterval: 3600, maximumFiles: 2)
        reopened.write(HTLogRecord(level: .error, component: .network, message: "fourth"))
        let appended = try String(contentsOf: folder.appendingPathComponent("t.log"), encoding: .utf8)
        #expect(appended.contains("third") && appended.hasSuffix("fourth\n"))
    }
}
