import Foundation

/// Where a `$ref` points: a file of the document (its index in ``OpenAPIFiles``) and a JSON pointer in
/// it, already unescaped (`#/components/schemas/a~1b` is `["components", "schemas", "a/b"]`).
struct OpenAPIRefTarget: Hashable, Sendable {
    /// The file's index in ``OpenAPIFiles/files``; 0 is the document itself.
    var file: Int
    /// The pointer's tokens; empty for the whole file.
    var pointer: [String]
}

/// The files of one OpenAPI document: the document itself (index 0) and every file its `$ref`s name,
/// each read once, with its own name in diagnostics.
///
/// A reference is `<file>#<pointer>`: the file part is relative to the file the reference is written
/// in (empty: that file), percent-encoded; the pointer is a JSON pointer (RFC 6901: `~1` is `/`, `~0`
/// is `~`), percent-encoded too.
///
/// Files are read only inside the reference root (``referenceRoot``: `ht-codegen --reference-root`,
/// the package's folder under the build plugin, else the document's folder), after every symbolic
/// link is resolved (`realpath`): a relative path that climbs out with `..`, an absolute path, or a
/// link inside that leads out is an error at the `$ref`, and the file is not read.
struct OpenAPIFiles {
    /// One file.
    struct File {
        /// Where it is on disk (standardized), for the references written in it; `nil` when unknown.
        var path: String?
        /// How diagnostics name it.
        var displayName: String
        /// Its parsed tree.
        var root: JSONNode
    }

    /// The files read so far; the document is the first.
    private(set) var files: [File]
    /// File index by standardized path.
    private var indexByPath: [String: Int] = [:]
    /// The message of every path that could not be read, so it is not read again.
    private var failures: [String: String] = [:]

    /// The folder every file read must be inside, symbolic links resolved; `nil` when the document's
    /// path is unknown and no root was given (then only the document itself is read).
    let referenceRoot: String?

    /// Starts with the document `root`, read from `path` (if known) and named `displayName`; files
    /// are read only inside `referenceRoot` (`nil`: the folder of `path`).
    init(root: JSONNode, path: String?, displayName: String, referenceRoot: String? = nil) {
        let standardized = path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let rootFolder = referenceRoot ?? standardized.map { ($0 as NSString).deletingLastPathComponent }
        self.referenceRoot = rootFolder.map { Self.realPath($0) ?? URL(fileURLWithPath: $0).standardizedFileURL.path }
        files = [File(path: standardized, displayName: displayName, root: root)]
        if let standardized { indexByPath[standardized] = 0 }
    }

    /// Splits a reference into its file part (percent-decoded; empty for the same file) and its
    /// pointer tokens, or says why it is not a reference this reader follows.
    static func parse(_ reference: String) -> Result<(file: String, pointer: [String]), RefProblem> {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        let lowered = filePart.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.contains("://") {
            return .failure(.remote)
        }
        let file = filePart.removingPercentEncoding ?? filePart
        let decoded = fragment.removingPercentEncoding ?? fragment
        // `#/` names the whole file too (strictly it names the key "", which no document has).
        if decoded.isEmpty || decoded == "/" { return .success((file, [])) }
        guard decoded.hasPrefix("/") else { return .failure(.notAPointer(decoded)) }
        let tokens = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        return .success((file, tokens))
    }

    /// Why a reference cannot be followed.
    enum RefProblem: Error {
        /// An `http(s)://` reference.
        case remote
        /// A fragment that is not a JSON pointer (an anchor such as `#Pet`).
        case notAPointer(String)
    }

    /// The index of the file `relative` names, from the file `from`, reading it the first time; the
    /// message says why it cannot be read otherwise. Its parse warnings go into `warnings`.
    mutating func file(_ relative: String, from index: Int, parseDiagnostics warnings: inout [Diagnostic]) -> Result<
        Int, RefError
    > {
        if relative.isEmpty { return .success(index) }
        let referrer = files[index]
        let base = referrer.path.map { ($0 as NSString).deletingLastPathComponent } ?? "."
        let path =
            relative.hasPrefix("/")
            ? URL(fileURLWithPath: relative).standardizedFileURL.path
            : URL(fileURLWithPath: base).appendingPathComponent(relative).standardizedFileURL.path
        if let known = indexByPath[path] { return .success(known) }
        if let message = failures[path] { return .failure(RefError(message: message)) }
        let displayName =
            relative.hasPrefix("/")
            ? relative
            : Self.normalized(
                ((referrer.displayName as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(relative))
        // Only files inside the reference root, symbolic links resolved, are read (issue #35): a
        // document must not pull `../secret.yaml`, `/etc/...` or a link to them into generated code.
        let resolved = Self.realPath(path)
        guard let root = referenceRoot, Self.isInside(resolved ?? path, root) else {
            let message =
                "the file is outside the reference root \(referenceRoot ?? "(none)") (symbolic links resolved); a $ref reads files only inside it (ht-codegen --reference-root, by default the document's folder; the build plugin passes the package's folder)"
            failures[path] = message
            return .failure(RefError(message: message))
        }
        guard let data = FileManager.default.contents(atPath: resolved ?? path) else {
            let message = "cannot read '\(relative)' (looked for \(path))"
            failures[path] = message
            return .failure(RefError(message: message))
        }
        let bytes = [UInt8](data)
        var parsed: JSONNode?
        do {
            let result = try DocumentParser.parse(bytes, file: displayName)
            parsed = result.node
            warnings += result.warnings
        } catch {
            warnings.append(error.diagnostic)
        }
        guard let root = parsed else {
            let message = "'\(relative)' cannot be parsed (see the error in \(displayName))"
            failures[path] = message
            return .failure(RefError(message: message))
        }
        files.append(File(path: path, displayName: displayName, root: root))
        indexByPath[path] = files.count - 1
        return .success(files.count - 1)
    }

    /// Why a file cannot be read.
    struct RefError: Error {
        /// The message.
        var message: String
    }

    /// The node `pointer` names in file `index`, or `nil` when there is none.
    func node(at pointer: [String], inFile index: Int) -> JSONNode? {
        var node = files[index].root
        for token in pointer {
            switch node.value {
            case .object:
                guard let member = node[token] else { return nil }
                node = member.value
            case .array(let elements):
                guard let position = Int(token), elements.indices.contains(position) else { return nil }
                node = elements[position]
            default:
                return nil
            }
        }
        return node
    }

    /// The file name without its folder and its extensions: `schemas/pet.yaml` → `pet`.
    func stem(ofFile index: Int) -> String {
        let name = (files[index].displayName as NSString).lastPathComponent
        return String(name.split(separator: ".").first ?? Substring(name))
    }

    /// `a/./b/../c` → `a/c` (a leading `..` is kept).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/")
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// Whether `path` is `root` or inside it (both absolute and standardized).
    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `path` with every symbolic link resolved, absolute (`realpath(3)`); `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
