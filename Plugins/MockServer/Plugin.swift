import Foundation
import PackagePlugin

/// `swift package --allow-network-connections local mock-server --target T [--port N] [--seed N] [--stateful]`
///
/// Serves the spec files of a target over HTTP on loopback with `ht-mock-server`: it finds them the
/// way `generate-client` does (spec files in the target's folder, and the documents its
/// `htcodegen.json` names), and runs the tool until it is stopped (Ctrl-C).
@main
struct MockServer: CommandPlugin {
    static let help = """
        USAGE: swift package --allow-network-connections local mock-server --target <name> [--port <n>] [--host <address>] [--seed <n>] [--stateful]

        Serves the operations of the target's spec files (*.htspec.json, *.nei.json, *.openapi.yaml, ... and
        the "documents" of its htcodegen.json) with ht-mock-server: each answered from its spec, each request
        checked against its operation. Prints `listening on http://HOST:PORT`; stops with Ctrl-C.

        OPTIONS:
          --target <name>   The target whose specs to serve (repeatable; default: every Swift target with specs).
          --port <n>        The TCP port (default 8080; 0: any free port, printed).
          --host <address>  The IPv4 address to listen on (default 127.0.0.1).
          --seed <n>        The seed of generated answers.
          --stateful        Keep created resources in memory.
          --help            Show this help.
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 {
            print(Self.help)
            return
        }
        let targetNames = extractor.extractOption(named: "target")
        var toolArguments: [String] = []
        for option in ["port", "host", "seed"] {
            if let value = extractor.extractOption(named: option).last { toolArguments += ["--\(option)", value] }
        }
        if extractor.extractFlag(named: "stateful") > 0 { toolArguments.append("--stateful") }
        if !extractor.remainingArguments.isEmpty {
            throw PluginFailure(
                "unexpected arguments: \(extractor.remainingArguments.joined(separator: " ")); see --help")
        }
        var targets: [SwiftSourceModuleTarget] = []
        if targetNames.isEmpty {
            targets = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
        } else {
            for name in targetNames {
                guard let target = try context.package.targets(named: [name]).first as? SwiftSourceModuleTarget else {
                    throw PluginFailure("no Swift target named '\(name)'")
                }
                targets.append(target)
            }
        }
        var specs: [URL] = []
        for target in targets {
            specs += try targetSpecFiles(in: target.directoryURL)
        }
        guard !specs.isEmpty else {
            throw PluginFailure("no spec files in \(targets.map(\.name).joined(separator: ", "))")
        }
        let tool = try context.tool(named: "ht-mock-server").url
        let process = Process()
        process.executableURL = tool
        // The server ends with this plugin: its standard input is a pipe only the plugin holds, which
        // closes when the plugin ends, however it ends.
        process.arguments =
            specs.flatMap { ["--spec", $0.path(percentEncoded: false)] } + toolArguments + ["--exit-with-stdin"]
        let lifeline = Pipe()
        process.standardInput = lifeline
        try process.run()
        // SwiftPM ending (killed, not by Ctrl-C, which reaches the whole process group) leaves this
        // plugin running with init as its parent: then end the server and the plugin.
        let server = process.processIdentifier
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { sleep(1) }
            kill(server, SIGKILL)
            exit(1)
        }
        process.waitUntilExit()
        try? lifeline.fileHandleForWriting.close()
        if process.terminationStatus != 0 {
            throw PluginFailure("ht-mock-server exited with status \(process.terminationStatus)")
        }
    }
}
