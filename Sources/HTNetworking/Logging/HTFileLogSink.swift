import Foundation

/// Writes records to a file in a folder, starting a new file when the current one reaches a size or an
/// age, and keeping a bounded number of files (the original's `DDFileLogger` with `maximumFileSize`,
/// `rollingFrequency` and `maximumNumberOfLogFiles`).
///
/// The current file is `<name>.log`; older ones are `<name>.1.log` (the most recent) to
/// `<name>.<maximumFiles - 1>.log`. When the current file would grow past ``maximumFileSize`` or is
/// older than ``rollInterval``, it becomes `<name>.1.log`, the others move up by one, and the oldest
/// beyond ``maximumFiles`` is deleted. A record longer than the maximum size gets a file of its own.
///
/// ```swift
/// let sink = try HTFileLogSink(directory: logsFolder, maximumFileSize: 1024, rollInterval: 60,
///                              maximumFiles: 4, minimumLevel: .error)
/// HTLogger.shared.sinks.append(sink)
/// ```
///
/// Writing never throws and never crashes: a write that fails (a full disk, a folder removed) is
/// dropped.
public final class HTFileLogSink: HTLogSink {
    /// The folder the files are in.
    public let directory: URL
    /// The base name of the files.
    public let name: String
    /// The size in bytes past which a new file is started.
    public let maximumFileSize: Int
    /// The age in seconds after which a new file is started.
    public let rollInterval: TimeInterval
    /// How many files are kept, the current one included (at least 1).
    public let maximumFiles: Int
    /// The least severe level written.
    public let minimumLevel: HTLogLevel

    private let now: @Sendable () -> Date
    private let file: HTLocked<CurrentFile>

    /// The file being written: its handle (opened at the first write), its size and when it began.
    private struct CurrentFile {
        var handle: FileHandle?
        var size = 0
        var startedAt: Date
    }

    /// Creates the sink, creating `directory` if needed and appending to an existing current file.
    ///
    /// - Parameters:
    ///   - directory: the folder for the log files.
    ///   - name: the files' base name (`<name>.log`, `<name>.1.log`, ...).
    ///   - maximumFileSize: bytes per file before a new one is started (1 MB by default).
    ///   - rollInterval: seconds before a new file is started however small it is (a day by default).
    ///   - maximumFiles: how many files to keep, the current one included (5 by default).
    ///   - minimumLevel: the least severe level written.
    ///   - now: the clock (tests pass their own to roll by age without waiting).
    /// - Throws: when the folder can't be created.
    public init(
        directory: URL, name: String = "htnetworking", maximumFileSize: Int = 1_048_576,
        rollInterval: TimeInterval = 86_400,
        maximumFiles: Int = 5, minimumLevel: HTLogLevel = .verbose, now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.directory = directory
        self.name = name.isEmpty ? "htnetworking" : name
        self.maximumFileSize = max(1, maximumFileSize)
        self.rollInterval = rollInterval
        self.maximumFiles = max(1, maximumFiles)
        self.minimumLevel = minimumLevel
        self.now = now
        var current = CurrentFile(startedAt: now())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(self.name + ".log").path
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path) {
            current.size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            if let created = attributes[.creationDate] as? Date ?? attributes[.modificationDate] as? Date {
                current.startedAt = created
            }
        }
        file = HTLocked(current)
    }

    deinit {
        try? file.withLock { $0.handle }?.close()
    }

    /// The file being written: `<directory>/<name>.log`.
    public var currentFileURL: URL {
        directory.appendingPathComponent(name + ".log")
    }

    /// The log files that exist, the current one first, then the older ones from newest to oldest.
    public var logFiles: [URL] {
        // Under the lock, so a roll in progress is not seen half done.
        file.withLock { _ in
            (0..<maximumFiles).map(fileURL).filter { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    public func write(_ record: HTLogRecord) {
        let data = Data((record.formatted + "\n").utf8)
        file.withLock { file in
            let date = now()
            if file.size > 0
                && (file.size + data.count > maximumFileSize || date.timeIntervalSince(file.startedAt) >= rollInterval)
            {
                roll(&file, at: date)
            }
            guard let handle = openHandle(&file) else { return }
            do {
                try handle.write(contentsOf: data)
                file.size += data.count
            } catch {
                // Dropped: logging must never fail the app. The handle is reopened on the next write.
                try? handle.close()
                file.handle = nil
            }
        }
    }

    /// `<name>.log` for 0, `<name>.<index>.log` otherwise.
    private func fileURL(_ index: Int) -> URL {
        directory.appendingPathComponent(index == 0 ? name + ".log" : "\(name).\(index).log")
    }

    /// The handle of the current file, opened (and the file created) if needed; called inside `file.withLock`.
    private func openHandle(_ file: inout CurrentFile) -> FileHandle? {
        if let handle = file.handle { return handle }
        let path = currentFileURL.path
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
            file.size = 0
        }
        guard let opened = try? FileHandle(forWritingTo: currentFileURL) else { return nil }
        if let end = try? opened.seekToEnd() { file.size = Int(end) }
        file.handle = opened
        return opened
    }

    /// Closes the current file and shifts the files by one, deleting the oldest beyond the limit; called
    /// inside `file.withLock`.
    private func roll(_ file: inout CurrentFile, at date: Date) {
        try? file.handle?.close()
        file.handle = nil
        let manager = FileManager.default
        try? manager.removeItem(at: fileURL(maximumFiles - 1))
        if maximumFiles > 1 {
            for index in stride(from: maximumFiles - 2, through: 0, by: -1) {
                let source = fileURL(index)
                if manager.fileExists(atPath: source.path) {
                    try? manager.moveItem(at: source, to: fileURL(index + 1))
                }
            }
        }
        file.size = 0
        file.startedAt = date
    }
}
