/// The command line of `ht-mock-server`.
struct MockServerOptions {
    static let usage = """
        usage: ht-mock-server --spec PATH [--spec PATH ...] [--port N] [--host ADDRESS] [--seed N] [--stateful]
                              [--scenario FILE]
               ht-mock-server --static DIR [--port N] [--host ADDRESS]

        Serves the operations of the specs (files, or folders of *.htspec.json / OpenAPI files) over HTTP/1.1,
        each answered from its spec, after checking the request against the operation (400 with the reason
        when it does not fit). Prints `listening on http://HOST:PORT` when ready; logs one line per request
        to stderr.

          --spec PATH    a spec file or a folder of them (repeatable)
          --config FILE  an htcodegen.json: the spec files in its folder
          --port N       the TCP port (default 8080; 0: any free port, printed)
          --host ADDRESS the IPv4 address to listen on (default 127.0.0.1)
          --seed N       the seed of generated answers (default: the generator's)
          --stateful     keep created resources in memory (POST, GET, PUT, PATCH, DELETE)
          --scenario FILE  a scenario file (JSON or YAML): per operation an example, a status, a body
                         or a delay instead of the spec's answer
          --static DIR   serve the files of DIR instead (for comparing; no specs)
          --exit-with-stdin  exit when standard input reaches end of file (for tests and scripts)
        """

    var specs: [String] = []
    var port: UInt16 = 8080
    var host = "127.0.0.1"
    var seed: UInt64?
    var isStateful = false
    var scenario: String?
    var staticDirectory: String?
    var exitsWithStandardInput = false

    /// Reads `arguments`; a message for the user when they are wrong.
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func value(_ option: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError(message: "\(option) needs a value") }
            return value
        }
        while let option = rest.popFirst() {
            switch option {
            case "--spec": specs.append(try value(option))
            case "--config":
                let config = try value(option)
                let folder = config.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
                    separator: "/")
                specs.append(folder.isEmpty ? "." : folder)
            case "--port":
                let text = try value(option)
                guard let port = UInt16(text) else {
                    throw UsageError(message: "--port must be 0 to 65535, got '\(text)'")
                }
                self.port = port
            case "--host": host = try value(option)
            case "--seed":
                let text = try value(option)
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed must be an unsigned integer, got '\(text)'")
                }
                self.seed = seed
            case "--stateful": isStateful = true
            case "--scenario": scenario = try value(option)
            case "--static": staticDirectory = try value(option)
            case "--exit-with-stdin": exitsWithStandardInput = true
            case "-h", "--help": throw UsageError(message: "")
            default: throw UsageError(message: "unknown option '\(option)'")
            }
        }
        if specs.isEmpty && staticDirectory == nil { throw UsageError(message: "give at least one --spec") }
    }
}

/// A wrong command line.
struct UsageError: Error {
    var message: String
}
