// This file is shared by symbolic link between HTCodegenCore and both plugins, so that the build
// plugin declares exactly the files the generator writes. Keep it free of imports.

/// Which files are specs and configs, and which files the generator writes for each spec.
///
/// The names of the outputs depend only on the spec's file name, never on its contents: SwiftPM's
/// build commands must declare their outputs before the spec is read.
enum SpecFileNaming {
    /// File name endings of spec files: the native format and NEI exports.
    static let specSuffixes = [".htspec.json", ".nei.json"]

    /// The optional config file in a target's folder.
    static let configFileName = "htcodegen.json"

    /// The folder the command plugin writes to by default, inside the target's folder.
    static let generatedFolderName = "Generated"

    /// Whether `fileName` (a last path component) is a spec file.
    static func isSpec(_ fileName: String) -> Bool {
        specSuffixes.contains { fileName.hasSuffix($0) && fileName.count > $0.count }
    }

    /// The spec's name without its ending: `demo.htspec.json` → `demo`.
    static func stem(of fileName: String) -> String {
        for suffix in specSuffixes where fileName.hasSuffix(suffix) && fileName.count > suffix.count {
            return String(fileName.dropLast(suffix.count))
        }
        if fileName.hasSuffix(".json") { return String(fileName.dropLast(5)) }
        return fileName
    }

    /// The files generated for the spec `fileName`, always all three (empty ones included).
    static func outputFileNames(forSpec fileName: String) -> [String] {
        let stem = stem(of: fileName)
        return ["\(stem)+Models.swift", "\(stem)+Requests.swift", "\(stem)+Enums.swift"]
    }
}
