// This file is shared by symbolic link between HTCodegenCore and both plugins, so that the build
// plugin declares exactly the files the generator writes. Keep it free of imports.

/// Which files are specs and configs, and which files the generator writes for each spec.
///
/// The names of the outputs depend only on the spec's file name, never on its contents: SwiftPM's
/// build commands must declare their outputs before the spec is read.
enum SpecFileNaming {
    /// File name endings of spec files: the native format (in JSON or YAML), NEI exports and OpenAPI
    /// documents.
    static let specSuffixes = [
        ".htspec.json", ".htspec.yaml", ".htspec.yml", ".nei.json", ".openapi.json", ".openapi.yaml", ".openapi.yml",
    ]

    /// Whole file names of OpenAPI documents (the stem is `openapi`).
    static let openAPIFileNames = ["openapi.json", "openapi.yaml", "openapi.yml"]

    /// The optional config file in a target's folder.
    static let configFileName = "htcodegen.json"

    /// The key of `htcodegen.json` that names documents to generate whatever their file names (paths
    /// relative to the config's folder): a document set whose files refer to each other by their
    /// published names (`Service_Management.yaml`) is generated without renaming anything.
    static let documentsKey = "documents"

    /// The folder the command plugin writes to by default, inside the target's folder.
    static let generatedFolderName = "Generated"

    /// Whether `fileName` (a last path component) is a spec file.
    static func isSpec(_ fileName: String) -> Bool {
        openAPIFileNames.contains(fileName)
            || specSuffixes.contains { fileName.hasSuffix($0) && fileName.count > $0.count }
    }

    /// Whether the spec `fileName` is an OpenAPI document by its name (`*.openapi.yaml`, `openapi.json`,
    /// ...): its `$ref`s may name other files of the target.
    static func isOpenAPI(_ fileName: String) -> Bool {
        openAPIFileNames.contains(fileName)
            || [".openapi.json", ".openapi.yaml", ".openapi.yml"].contains { fileName.hasSuffix($0) }
    }

    /// Whether `fileName` may be a file an OpenAPI document refers to (JSON or YAML): the build plugin
    /// declares every such file of the target an input of the target's OpenAPI documents, so that
    /// editing one regenerates them.
    static func isOpenAPIReferenceCandidate(_ fileName: String) -> Bool {
        fileName.hasSuffix(".json") || isYAML(fileName)
    }

    /// Whether the spec `fileName` is read as YAML (it ends in `.yaml` or `.yml`) rather than JSON.
    static func isYAML(_ fileName: String) -> Bool {
        fileName.hasSuffix(".yaml") || fileName.hasSuffix(".yml")
    }

    /// The spec's name without its ending: `demo.htspec.json` → `demo`, `shop.htspec.yaml` → `shop`; a
    /// document `htcodegen.json` names (``documentsKey``) loses its `.json`, `.yaml` or `.yml`:
    /// `Service_Management.yaml` → `Service_Management`.
    static func stem(of fileName: String) -> String {
        if openAPIFileNames.contains(fileName) { return "openapi" }
        for suffix in specSuffixes where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        // A document `htcodegen.json` names, whatever its name (`Service_Management.yaml`).
        for suffix in [".json", ".yaml", ".yml"] where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        return fileName
    }

    /// Native spec bytes per shard: a spec of up to this size gets one models and one requests file;
    /// each further started block of this size adds one of each (the synthetic spec of
    /// `.ci/synthetic-spec.py` has about 700 bytes per model + interface, so a shard holds about 45 of
    /// each).
    ///
    /// The compiler's code generation costs more per declaration the more declarations one file holds,
    /// so the models and requests of a large spec are spread over several files of bounded size.
    static let bytesPerShard = 32 * 1024

    /// NEI export bytes per shard: an export spends about four times a native spec's bytes on a
    /// declaration (the corpus's v0.x export: 62 KB for 19 models and 26 interfaces), more with pages
    /// and templates (the v3.x export: 80 KB for 2 and 5).
    static let neiBytesPerShard = 128 * 1024

    /// OpenAPI document bytes per shard: a document spends about twice a native spec's bytes on a
    /// declaration (Box's 1.76 MB JSON holds 305 component schemas and 296 operations; it gets 27
    /// shards).
    static let openAPIBytesPerShard = 64 * 1024

    /// The most shards a spec is split into (native specs above 2 MiB get fuller shards instead).
    static let maxShards = 64

    /// How many shards the spec `fileName` of `byteCount` bytes is split into: one per started
    /// ``bytesPerShard`` (``neiBytesPerShard`` for a `.nei.json` file, ``openAPIBytesPerShard`` for an
    /// OpenAPI document or a document `htcodegen.json` names), at least 1 and at most
    /// ``maxShards``. A pure function of the name and size, so the build plugin can declare the output
    /// files without parsing the spec.
    static func shardCount(forSpec fileName: String, size byteCount: Int) -> Int {
        // A file that is no spec by its name is a document `htcodegen.json` names: an OpenAPI document.
        let perShard =
            fileName.hasSuffix(".nei.json")
            ? neiBytesPerShard : isOpenAPI(fileName) || !isSpec(fileName) ? openAPIBytesPerShard : bytesPerShard
        return min(maxShards, max(1, (byteCount + perShard - 1) / perShard))
    }

    /// The name of shard `shard` (1-based) of the `kind` files (`Models` or `Requests`) of `stem`:
    /// `demo+Models.swift` for the first, `demo+Models-2.swift`, `demo+Models-3.swift`... after it.
    static func shardFileName(stem: String, kind: String, shard: Int) -> String {
        shard <= 1 ? "\(stem)+\(kind).swift" : "\(stem)+\(kind)-\(shard).swift"
    }

    /// The key of `htcodegen.json` that asks for each spec's mock answers (`"mocks": true`): one more
    /// file, `<stem>+Mocks.swift`.
    static let mocksKey = "mocks"

    /// The files generated for the spec `fileName` split into `shards` shards, always all of them (empty
    /// ones included): the models files, the requests files, then the enumerations file, then, with
    /// `mocks`, the mock answers file. With one shard: `<stem>+Models.swift`, `<stem>+Requests.swift`,
    /// `<stem>+Enums.swift` (and `<stem>+Mocks.swift`).
    static func outputFileNames(forSpec fileName: String, shards: Int = 1, mocks: Bool = false) -> [String] {
        let stem = stem(of: fileName)
        let count = max(1, shards)
        return (1...count).map { shardFileName(stem: stem, kind: "Models", shard: $0) }
            + (1...count).map { shardFileName(stem: stem, kind: "Requests", shard: $0) } + ["\(stem)+Enums.swift"]
            + (mocks ? ["\(stem)+Mocks.swift"] : [])
    }

    /// Whether `fileName` is a file the generator writes for `stem` with some number of shards:
    /// `<stem>+Models.swift`, `<stem>+Requests.swift`, `<stem>+Enums.swift`, `<stem>+Mocks.swift`, or
    /// `<stem>+Models-<n>.swift` or `<stem>+Requests-<n>.swift` with n >= 2.
    static func isOutputFile(_ fileName: String, ofStem stem: String) -> Bool {
        let prefix = stem + "+"
        guard fileName.hasPrefix(prefix), fileName.hasSuffix(".swift") else { return false }
        let middle = fileName.dropFirst(prefix.count).dropLast(".swift".count)
        if middle == "Models" || middle == "Requests" || middle == "Enums" || middle == "Mocks" { return true }
        for kind in ["Models-", "Requests-"] where middle.hasPrefix(kind) {
            let number = middle.dropFirst(kind.count)
            return !number.isEmpty && number.first != "0" && number.allSatisfy { ("0"..."9").contains($0) }
                && number.count < 10 && (Int(number) ?? 0) >= 2
        }
        return false
    }

    /// The files the `$ref`s written in `text` (a JSON or YAML file) name, as written but
    /// percent-decoded: `common.yaml#/components/schemas/Pet` names `common.yaml`; `#/...` (the same
    /// file) and remote references (`https://...`) name none. Each once, in order.
    ///
    /// A plain scan of the text, not a parse: the build plugin cannot run the generator before it
    /// declares its commands, so it finds the files an OpenAPI document reaches with this (file after
    /// file) and declares them as inputs. It finds `$ref` (quoted or not), a `:`, then the value, quoted
    /// or plain; a reference written any other way (a JSON escape in the key) is not found.
    static func fileReferences(in text: String) -> [String] {
        var found: [String] = []
        let bytes = Array(text.utf8)
        let marker = Array("$ref".utf8)
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], Array(bytes[index..<(index + marker.count)]) == marker else {
                index += 1
                continue
            }
            var cursor = index + marker.count
            index = cursor
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                cursor += 1
            }
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
            cursor += 1
            while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else { break }
            var quote: UInt8?
            if bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                quote = bytes[cursor]
                cursor += 1
            }
            let start = cursor
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if let quote {
                    if byte == quote { break }
                } else if isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")
                    || byte == UInt8(ascii: "]")
                {
                    break
                }
                if byte == UInt8(ascii: "#") || byte == 0x0A { break }
                cursor += 1
            }
            index = cursor
            let file = percentDecoded(bytes[start..<cursor])
            if file.isEmpty || file.contains("://") || found.contains(file) { continue }
            found.append(file)
        }
        return found
    }

    /// `bytes` with every `%XX` escape decoded (an invalid escape kept as written).
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        var index = bytes.startIndex
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]),
                let low = hex(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
