import Foundation
import HTCodegenCore

/// `ht-mock-server`: reads the options and the specs, then serves until killed.
enum MockServerCommand {
    /// Runs the command; returns the exit status when it cannot serve.
    static func run(arguments: [String]) -> Int32 {
        let options: MockServerOptions
        do {
            options = try MockServerOptions(arguments)
        } catch {
            let message = error.message.isEmpty ? "" : "ht-mock-server: \(error.message)\n\n"
            FileHandle.standardError.write(Data((message + MockServerOptions.usage + "\n").utf8))
            return error.message.isEmpty ? 0 : 64
        }
        let respond: @Sendable (MockHTTPRequest) -> MockServer.Outcome
        if let directory = options.staticDirectory {
            let files = StaticFileResponder(directory: directory)
            respond = { MockServer.Outcome(response: files.respond(to: $0)) }
        } else {
            let apis: [ResolvedAPI]
            do {
                apis = try MockServerSpecs.load(options.specs)
            } catch {
                FileHandle.standardError.write(Data("ht-mock-server: \(error.description)\n".utf8))
                return 1
            }
            let seed = options.seed ?? MockAnswer.defaultSeed
            var scenario: MockScenario?
            if let path = options.scenario {
                do {
                    let loaded = try MockScenario.load(from: URL(fileURLWithPath: path), for: apis, seed: seed)
                    for warning in loaded.warnings {
                        FileHandle.standardError.write(Data("\(warning.description)\n".utf8))
                    }
                    scenario = loaded
                } catch {
                    FileHandle.standardError.write(Data("\(error.description)\n".utf8))
                    return 1
                }
            }
            let server = MockServer(apis: apis, seed: seed, isStateful: options.isStateful, scenario: scenario)
            let count = server.router.routes.count
            FileHandle.standardError.write(
                Data(
                    "ht-mock-server: \(count) operations from \(apis.count) specs\(options.isStateful ? ", stateful" : "")\n"
                        .utf8))
            respond = server.respond
        }
        if options.exitsWithStandardInput {
            Thread {
                _ = FileHandle.standardInput.readDataToEndOfFile()
                exit(0)
            }.start()
        }
        do {
            let listener = try HTTPListener(host: options.host, port: options.port)
            FileHandle.standardOutput.write(Data("listening on http://\(options.host):\(listener.port)\n".utf8))
            listener.serve(respond)
        } catch {
            FileHandle.standardError.write(Data("ht-mock-server: \(error)\n".utf8))
            return 1
        }
    }
}
