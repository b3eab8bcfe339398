import Foundation
import HTTestSupport
import Testing

@testable import HTCodegenCore

/// Type-checks the code generated for ``OpenAPIFixture/everything()`` (every OpenAPI feature) against the
/// runtime with `swiftc -typecheck` in Swift 6 mode, with internal and with public access, together with
/// an app file that uses it. Generated code must raise no warning at all; the app file must be warned
/// exactly where it uses something deprecated. The generated code alone must also type-check without
/// a warning in the settings app teams use: Swift 5 mode, and Swift 6 with `MainActor` default isolation
/// and the upcoming features Xcode turns on.
///
/// It needs the runtime's built modules: `HT_RUNTIME_MODULES` names the folder that holds
/// `HTNetworking.swiftmodule` (`.build/debug/Modules` after `swift build --target HTNetworking`);
/// `.ci/openapi-typecheck.sh` sets it. Without it the test is skipped.
@Suite struct OpenAPITypeCheckTests {
    static let modules = ProcessInfo.processInfo.environment["HT_RUNTIME_MODULES"]

    /// Code of an app that uses the generated API, and the lines where it must be warned (deprecated
    /// members it uses on purpose).
    static let app = """
        import Foundation
        @_spi(Generated) import HTNetworking

        func useEverything(client: HTClient) async throws {
            let base: URL? = HTPetstoreServers.url
            _ = base
            _ = HTPetstoreServers.default + HTPetstoreServers.all.joined()
            var list = HTListPetsRequest(xRequestID: "r-1", session: "s")
            list.ids = [1, 2]
            list.filter = HTFilter { $0.name = "x" }
            do {
                let pets: [HTAnyPet] = try await client.send(list)
                for pet in pets {
                    switch pet {
                    case .cat(let cat): _ = cat.name
                    case .dog(let dog): _ = dog.bark
                    case .anyPetOption3(let leaf): _ = leaf.value
                    case .unknown(let json): _ = json
                    }
                }
            } catch {
                if let documented = error.documentedError as? HTListPetsRequest.ErrorResponse,
                    case .other(let status, let body) = documented
                {
                    _ = (status, body.message)
                }
            }
            let created: HTNoContent = try await client.send(HTCreatePetRequest(requestBody: HTNewPet(name: "Rex")))
            _ = created
            let priority: HTPriority = 2
            _ = priority == HTPriority._2
            let raw: Data = try await client.send(HTPutRawRequest(requestBody: Data()))
            _ = raw
            let pet = HTPet(id: 1).with { $0.id += 1 }
            _ = pet.owner  // warned: OldOwner is deprecated
            _ = HTOwnerOfRequest()  // warned: uses OldOwner
            var things = HTFindThingsRequest(id: 1)
            things.old = "x"  // warned: a deprecated input
            _ = things
            let upload = HTUpload { $0.additionalProperties["day"] = Date() }
            _ = upload.additionalProperties.count
            _ = HTRegistry { $0.count = 1 }.count
            let download = try await client.response(for: HTDownloadFileRequest(id: "f"))
            switch download.value {
            case .ok(let data): _ = data.count
            case .accepted: _ = HTDownloadFileRequest.ResponseHeaders(download).retryAfter
            case .partialContent(let text): _ = text
            case .success(let status, let pet): _ = (status, pet.id)
            }
            let location: URL? = HTDownloadFileRequest.ResponseHeaders(download.raw).location
            _ = location
            for try await page in client.pages(of: HTListPetPagesRequest(limit: 10)) {
                let pets: [HTPet] = page.value
                _ = (pets.count, page.total, HTListPetPagesRequest.paging.maximumPages)
            }
        }
        """

    static let appWarningLines: Set<Int> = [35, 36, 38]

    @Test(
        .enabled(
            if: modules != nil,
            "HT_RUNTIME_MODULES is not set; point it at the built runtime modules (see .ci/openapi-typecheck.sh)"),
        arguments: [GeneratorConfig.AccessLevel.internal, .public])
    func everythingTypeChecksWithoutWarnings(access: GeneratorConfig.AccessLevel) throws {
        var config = GeneratorConfig()
        config.accessLevel = access
        let (files, diagnostics) = try Generator.generate(OpenAPIFixture.everything(), config: config)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        if let dump = ProcessInfo.processInfo.environment["HT_OPENAPI_DUMP"] {
            for file in files.contents {
                try Data(file.text.utf8).write(
                    to: URL(filePath: dump).appending(path: "\(access.rawValue)-\(file.name)"))
            }
        }
        let (status, output, appPath) = try Self.typeCheck(files, app: Self.app, flags: ["-swift-version", "6"])
        #expect(status == 0, "\(output)")
        var appWarnings: Set<Int> = []
        for line in output.split(separator: "\n") where line.contains(": warning: ") || line.contains(": error: ") {
            let text = String(line)
            if let appPath, text.hasPrefix(appPath + ":"),
                let number = Int(text.dropFirst(appPath.count + 1).prefix { $0 != ":" })
            {
                appWarnings.insert(number)
            } else {
                Issue.record("generated code: \(text)")
            }
        }
        #expect(appWarnings == Self.appWarningLines, "\(output)")
    }

    /// The compiler settings of `typeChecksInAppSettings`: Swift 5 mode, and Swift 6 with what a new Xcode
    /// project turns on.
    static let appSettings: [[String]] = [
        ["-swift-version", "5"],
        [
            "-swift-version", "6", "-default-isolation", "MainActor",
            "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
            "-enable-upcoming-feature", "InferIsolatedConformances",
            "-enable-upcoming-feature", "MemberImportVisibility",
            "-enable-upcoming-feature", "ExistentialAny",
        ],
    ]

    @Test(
        .enabled(
            if: modules != nil,
            "HT_RUNTIME_MODULES is not set; point it at the built runtime modules (see .ci/openapi-typecheck.sh)"),
        arguments: appSettings)
    func typeChecksInAppSettings(flags: [String]) throws {
        let (files, _) = try Generator.generate(OpenAPIFixture.everything(), config: GeneratorConfig())
        let (status, output, _) = try Self.typeCheck(files, app: nil, flags: flags)
        #expect(status == 0, "\(output)")
        let diagnostics = output.split(separator: "\n").filter {
            $0.contains(": warning: ") || $0.contains(": error: ")
        }
        #expect(diagnostics.isEmpty, "\(flags): \(diagnostics.joined(separator: "\n"))")
    }

    /// Runs `swiftc -typecheck` with `flags` on the generated `files` and, when given, an app file with
    /// the code `app`; returns the exit status, the compiler's output and the app file's path.
    static func typeCheck(_ files: Generator.Files, app: String?, flags: [String]) throws -> (Int32, String, String?) {
        let modules = try #require(Self.modules)
        let directory = FileManager.default.temporaryDirectory.appending(path: "openapi-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files.contents {
            let url = directory.appending(path: file.name)
            try Data(file.text.utf8).write(to: url)
            paths.append(url.path)
        }
        var appPath: String?
        if let app {
            let appURL = directory.appending(path: "App.swift")
            try Data(app.utf8).write(to: appURL)
            paths.append(appURL.path)
            appPath = appURL.path
        }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments =
            ["swiftc", "-typecheck"] + flags + ["-parse-as-library", "-module-name", "Consumer", "-I", modules] + paths
        let pipe = ChildProcessLaunch.pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try ChildProcessLaunch.run(process)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, appPath)
    }
}
