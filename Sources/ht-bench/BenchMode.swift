import Dispatch
import Foundation

/// Runs one of the asynchronous benchmark modes (`--client`, `--cache`, `--freeze`) from the
/// synchronous top-level code, then exits: 0 when it finished, 1 (with the error on standard error) when
/// it threw.
enum BenchMode {
    static func runAndExit(_ flag: String, _ body: @escaping @Sendable () async throws -> Void) -> Never {
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await body()
            } catch {
                FileHandle.standardError.write(Data("ht-bench \(flag): \(error)\n".utf8))
                exit(1)
            }
            done.signal()
        }
        done.wait()
        exit(0)
    }
}
