import Testing

@testable import HTCodegenCore

/// Splitting a spec's models and requests over several files: the names, the count rule, and which file
/// each declaration goes into.
@Suite struct OutputShardsTests {
    /// A native spec with `count` models (`Type0`...) and `count` interfaces (`Get0`...), each model
    /// referring to the next one, so the shards refer to each other's types.
    static func spec(count: Int, extraType: String? = nil) -> String {
        var types = (0..<count).map { index in
            #""Type\#(index)": {"fields": {"id": "Integer", "next": "Type\#((index + 1) % count)"}}"#
        }
        if let extraType { types.append(#""\#(extraType)": {"fields": {"x": "String"}}"#) }
        let interfaces = (0..<count).map { index in
            #""Get\#(index)": {"method": "GET", "path": "/items/\#(index)", "output": "Type\#(index)"}"#
        }
        // Interfaces first: the extra type, last, moves no other declaration's line and column.
        let interfaceList = interfaces.joined(separator: ", ")
        return #"{"htspec": 1, "interfaces": {\#(interfaceList)}, "types": {\#(types.joined(separator: ", "))}}"#
    }

    static func generate(_ spec: String, shards: Int, config: GeneratorConfig = GeneratorConfig()) throws
        -> Generator.Files
    {
        try Generator.generate(
            specBytes: Array(spec.utf8), file: "big.htspec.json", config: config, declareAbstractTypes: true,
            shards: shards
        ).0
    }

    /// How many files of `files` declare `declaration` (a whole line's start, such as
    /// `internal final class HTType3:`).
    static func filesDeclaring(_ declaration: String, in files: Generator.Files) -> [String] {
        files.contents.filter { file in
            file.text.split(separator: "\n").contains { $0.hasPrefix(declaration) }
        }.map(\.name)
    }

    @Test func theShardCountFollowsTheSpecSize() {
        let native = "api.htspec.json"
        #expect(SpecFileNaming.shardCount(forSpec: native, size: 0) == 1)
        #expect(SpecFileNaming.shardCount(forSpec: native, size: 1) == 1)
        #expect(SpecFileNaming.shardCount(forSpec: native, size: 32 * 1024) == 1)
        #expect(SpecFileNaming.shardCount(forSpec: native, size: 32 * 1024 + 1) == 2)
        #expect(SpecFileNaming.shardCount(forSpec: native, size: 22 * 32 * 1024) == 22)
        #expect(SpecFileNaming.shardCount(forSpec: native, size: 1 << 40) == SpecFileNaming.maxShards)
        #expect(Generator.shardCount(forSpec: native, size: 100_000) == 4)
        // An NEI export spends about four times the bytes on a declaration.
        #expect(Generator.shardCount(forSpec: "api.nei.json", size: 128 * 1024) == 1)
        #expect(Generator.shardCount(forSpec: "api.nei.json", size: 128 * 1024 + 1) == 2)
        #expect(Generator.shardCount(forSpec: "api.nei.json", size: 100_000) == 1)
    }

    @Test func oneShardKeepsTheThreeNames() {
        #expect(
            Generator.outputFileNames(forSpec: "shop.htspec.json", shards: 1) == [
                "shop+Models.swift", "shop+Requests.swift", "shop+Enums.swift",
            ])
        #expect(Generator.outputFileNames(forSpec: "shop.htspec.json", shards: 0).count == 3)
    }

    @Test func furtherShardsAreNumberedFromTwo() {
        #expect(
            Generator.outputFileNames(forSpec: "shop.nei.json", shards: 3) == [
                "shop+Models.swift", "shop+Models-2.swift", "shop+Models-3.swift",
                "shop+Requests.swift", "shop+Requests-2.swift", "shop+Requests-3.swift",
                "shop+Enums.swift",
            ])
    }

    @Test func outputFilesOfAStemAreRecognisedWhateverTheCount() {
        for name in [
            "shop+Models.swift", "shop+Requests.swift", "shop+Enums.swift", "shop+Models-2.swift",
            "shop+Requests-64.swift", "shop+Models-100.swift",
        ] {
            #expect(SpecFileNaming.isOutputFile(name, ofStem: "shop"), "\(name)")
        }
        for name in [
            "shop+Models-1.swift", "shop+Models-02.swift", "shop+Models-.swift", "shop+Enums-2.swift",
            "shop+Models-2a.swift", "shop+Models-2.swift.bak", "shopping+Models.swift", "other+Models-2.swift",
            "shop+Views.swift", "shop.swift", "shop+Models-99999999999999999999.swift",
        ] {
            #expect(!SpecFileNaming.isOutputFile(name, ofStem: "shop"), "\(name)")
        }
        // A stem that itself looks like an output name does not claim the files of a shorter stem.
        #expect(!SpecFileNaming.isOutputFile("a+Models-2+Models.swift", ofStem: "a"))
        #expect(SpecFileNaming.isOutputFile("a+Models-2+Models.swift", ofStem: "a+Models-2"))
    }

    @Test func everyDeclarationIsInExactlyOneShard() throws {
        let files = try Self.generate(Self.spec(count: 60), shards: 4)
        #expect(files.contents.map(\.name) == Generator.outputFileNames(forSpec: "big.htspec.json", shards: 4))
        for index in 0..<60 {
            let model = Self.filesDeclaring("internal final class HTType\(index):", in: files)
            #expect(model.count == 1, "HTType\(index) is declared in \(model)")
            #expect(model.allSatisfy { $0.hasPrefix("big+Models") })
            let request = Self.filesDeclaring("internal struct HTGet\(index)Request:", in: files)
            #expect(request.count == 1, "HTGet\(index)Request is declared in \(request)")
            #expect(request.allSatisfy { $0.hasPrefix("big+Requests") })
        }
        // The hash spreads 60 declarations over every one of the 4 files of each kind.
        for file in files.contents where !file.name.hasSuffix("+Enums.swift") {
            #expect(file.text.contains("// MARK: - HT"), "\(file.name) is empty")
        }
    }

    @Test func theShardsTogetherHoldWhatOneFileHolds() throws {
        let spec = Self.spec(count: 30)
        let one = try Self.generate(spec, shards: 1)
        let four = try Self.generate(spec, shards: 4)
        /// The declarations of a kind of file, each from its `// MARK: - ` line, sorted by name.
        func declarations(_ files: Generator.Files, _ kind: String) -> [Substring] {
            files.contents.filter { $0.name.contains("+\(kind)") }
                .flatMap { $0.text.split(separator: "// MARK: - ").dropFirst() }
                .map { $0.hasSuffix("\n\n") ? $0.dropLast() : $0 }
                .sorted()
        }
        for kind in ["Models", "Requests"] {
            #expect(declarations(one, kind) == declarations(four, kind), "\(kind)")
        }
        #expect(one.contents.last?.text == four.contents.last?.text)  // the enumerations
    }

    @Test func shardingIsDeterministicAndStable() throws {
        let first = try Self.generate(Self.spec(count: 40), shards: 5)
        let second = try Self.generate(Self.spec(count: 40), shards: 5)
        #expect(first == second)
        // A new type changes only the shard it hashes to (and no other file): the rest of each file is
        // a function of the declarations it holds.
        let grown = try Self.generate(Self.spec(count: 40, extraType: "Added"), shards: 5)
        let changed = zip(first.contents, grown.contents).filter { $0.0.text != $0.1.text }.map(\.0.name)
        #expect(changed.count == 1)
        #expect(changed == Self.filesDeclaring("internal final class HTAdded:", in: grown))
        #expect(OutputShards.index(of: "Added", count: 5) == OutputShards.index(of: "Added", count: 5))
        #expect(OutputShards.index(of: "Added", count: 1) == 0)
    }

    @Test func emptyShardsAreWrittenAsHeaderOnlyFiles() throws {
        let spec = #"{"htspec": 1, "types": {"Only": {"fields": {"x": "String"}}}}"#
        let files = try Self.generate(spec, shards: 3)
        #expect(files.contents.count == 7)
        let models = files.contents.filter { $0.name.contains("+Models") }
        #expect(models.filter { $0.text.contains("final class HTOnly:") }.count == 1)
        for file in files.contents where !file.text.contains("final class HTOnly:") {
            #expect(file.text.hasPrefix("// Generated by ht-codegen from big.htspec.json"), "\(file.name)")
            #expect(!file.text.contains("import"), "\(file.name) imports for nothing")
        }
    }

    @Test func theAbstractTypeAliasesAreDeclaredOnce() throws {
        var config = GeneratorConfig()
        config.namePrefix = "App"
        config.modelAbstract = "Model"
        let files = try Self.generate(Self.spec(count: 10), shards: 3, config: config)
        let declaring = Self.filesDeclaring("internal typealias AppModel = HTHTTPModel", in: files)
        #expect(declaring == ["big+Models.swift"])
    }
}
