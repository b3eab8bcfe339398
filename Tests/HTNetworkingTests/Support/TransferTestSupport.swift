import Foundation
import HTTestSupport
import Testing

/// Checksums (by `python3`'s hashlib, an implementation independent of the code under test), the
/// server's byte pattern and memory figures for the transfer tests.
enum TransferTestSupport {
    /// Why a helper process failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The SHA-256 of the file at `url`, in lower-case hex.
    static func sha256(ofFile url: URL) async throws -> String {
        try await python(
            """
            import hashlib, sys
            h = hashlib.sha256()
            with open(sys.argv[1], 'rb') as f:
                for block in iter(lambda: f.read(1 << 20), b''):
                    h.update(block)
            print(h.hexdigest())
            """, url.path)
    }

    /// The SHA-256 of `data`, in lower-case hex.
    static func sha256(of data: Data) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ht-sha-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await sha256(ofFile: file)
    }

    /// The SHA-256 of the first `size` bytes of the server's pattern (byte i is i % 251).
    static func patternSHA256(size: Int) async throws -> String {
        try await python(
            """
            import hashlib, sys
            size = int(sys.argv[1]); pattern = bytes(range(251)); h = hashlib.sha256(); block = pattern * 4177
            done = 0
            while done < size:
                n = min(len(block), size - done); h.update(block[:n]); done += n
            print(h.hexdigest())
            """, String(size))
    }

    /// `count` bytes of a deterministic pattern different from the server's.
    static func sampleData(count: Int, seed: UInt8) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { buffer in
            for index in buffer.indices {
                buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) ^ seed
            }
        }
        return data
    }

    /// Runs a Python script and returns its output without the final newline. The process is waited for
    /// on a global queue, not on one of the few threads that run Swift tasks (hashing 50 MB takes a
    /// while on a loaded machine, and other tests need those threads meanwhile).
    private static func python(_ script: String, _ arguments: String...) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        let process = Process()
                        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                        process.arguments = ["python3", "-c", script] + arguments
                        let output = ChildProcessLaunch.pipe()
                        process.standardOutput = output
                        try ChildProcessLaunch.run(process)
                        let data = output.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        guard process.terminationStatus == 0 else {
                            throw Failure(description: "python3 exited with \(process.terminationStatus)")
                        }
                        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    })
            }
        }
    }

    /// Resident and peak resident memory of this process in KiB (`VmRSS`, `VmHWM`), on Linux.
    static func residentMemory() -> (current: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                return nil
            }
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        guard let current = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return (current, peak)
    }

    /// The names in `folder`, sorted.
    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}
