/// The generation settings, from `htcodegen.json` beside the specs, overridden by command-line options.
///
/// ```json
/// { "namePrefix": "HT", "reqAbstract": "BaseRequest", "modelAbstract": "HTTPModel", "accessLevel": "public",
///   "fieldTypes": { "Product.price": "Decimal" }, "operations": { "include": { "tags": ["Files"] } },
///   "paging": { "GetProducts": { "pageNumber": "page", "items": "result", "total": "total" } } }
/// ```
package struct GeneratorConfig: Sendable, Hashable {
    /// The access level of generated declarations.
    package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// Visible to other modules: for targets that are libraries of API types.
        case `public`
        /// Visible to the other targets of the same package only (Swift 5.9's `package`): for a
        /// library of API types that an app target in the same package uses, without making the
        /// types part of the package's public API.
        case `package`
        /// Visible in the target only: for apps and executables.
        case `internal`
    }

    /// Who declares the model base class and the request protocol when their names (`namePrefix` +
    /// `modelAbstract`, `namePrefix` + `reqAbstract`) differ from the runtime's `HTHTTPModel` and
    /// `HTBaseRequest`.
    package enum AbstractTypes: String, Sendable, Hashable, CaseIterable {
        /// The generator, as type aliases of the runtime's types (in the models file of a target's first
        /// spec).
        case alias
        /// The app: it declares `class <prefix><modelAbstract>: HTHTTPModel` (its own base class, with
        /// its own members) and `protocol <prefix><reqAbstract>: HTBaseRequest` itself, for the names that
        /// differ; the generated code only names them.
        case app
    }

    /// The prefix of every generated type (`HT` makes `User` into `HTUser`).
    package var namePrefix = "HT"
    /// Requests conform to `namePrefix + reqAbstract` (the runtime defines `HTBaseRequest`).
    package var reqAbstract = "BaseRequest"
    /// Models inherit from `namePrefix + modelAbstract` (the runtime defines `HTHTTPModel`).
    package var modelAbstract = "HTTPModel"
    /// The access level of generated declarations.
    package var accessLevel = AccessLevel.internal
    /// The module generated files import.
    package var runtimeModule = "HTNetworking"
    /// Who declares the model base class and the request protocol (see ``AbstractTypes``).
    package var abstractTypes = AbstractTypes.alias
    /// Types chosen for fields and inputs whatever the spec says (see ``FieldTypeOverrides``).
    package var fieldTypes = FieldTypeOverrides()
    /// How chosen requests are paged whatever the spec says or the NEI reader infers (see
    /// ``PagingOverrides``).
    package var paging = PagingOverrides()
    /// Whether a field the spec requires is non-optional in its model (`"requiredFields": "nonOptional"`,
    /// the default) or stays optional and is only checked when mapping (`"optional"`, for servers that
    /// drift from their spec). NEI exports always keep fields optional.
    package var requiredFieldsAreNonOptional = true
    /// How spec names become property, input and enum constant names (`"memberNames"`: `"camelCase"`,
    /// the default, or `"asWritten"`).
    package var memberNaming = MemberNaming.camelCase
    /// The operations to generate and the schemas they reach (`"operations"`, `"schemas"`; see
    /// ``OperationFilter``); by default every one.
    package var filter = OperationFilter()
    /// The documents to generate whatever their file names (`"documents": ["Service_Management.yaml"]`),
    /// as written: paths relative to the config file's folder, inside it. The plugins generate them
    /// beside the specs found by name; `ht-codegen` with `--config` and no spec generates them. The
    /// files they refer to by `$ref` are read, not generated.
    package var documents: [Document] = []
    /// Whether each spec also gets its mock answers (`"mocks": true`; off by default, so an app that does
    /// not ask compiles nothing more): a `<stem>+Mocks.swift` file in which every request conforms to
    /// `HTMockAnswering` with the answer its spec gives, and a list of the requests
    /// (`SwiftRenderer+Mocks.swift`).
    package var mocks = false
    /// The seed of the values the mock answers generate (`"mockSeed"`, a whole number from 0 to
    /// 2^64 - 1; ``MockAnswer/defaultSeed`` by default): the same seed gives the same bytes, another seed
    /// other values where the spec gives none.
    package var mockSeed = MockAnswer.defaultSeed

    /// A document `htcodegen.json` names.
    package struct Document: Sendable, Hashable {
        /// The path as written, relative to the config file's folder.
        package var path: String
        /// Where it is written.
        package var location: SourceLocation
    }

    /// The settings everybody gets without a config file.
    package init() {}

    /// The request protocol's name.
    package var requestProtocolName: String { namePrefix + reqAbstract }
    /// The model base class's name.
    package var modelBaseClassName: String { namePrefix + modelAbstract }

    /// The keys a config file may have.
    package static let keys = [
        "$schema", "namePrefix", "reqAbstract", "modelAbstract", "accessLevel", "runtimeModule", "abstractTypes",
        "fieldTypes", "requiredFields", "memberNames", "operations", "schemas", "documents", "paging",
        "mocks", "mockSeed",
    ]

    /// Reads the value of `documents`: relative paths that stay inside the config's folder.
    private static func readDocuments(
        _ node: JSONNode, into diagnostics: inout DiagnosticBag
    ) -> [Document] {
        guard let elements = node.arrayElements else {
            diagnostics.error(
                "\"documents\" must be an array of file names such as [\"Service_Management.yaml\"], found \(node.kindName)",
                at: node.location)
            return []
        }
        var documents: [Document] = []
        for element in elements {
            guard let path = element.stringValue, !path.isEmpty else {
                diagnostics.error(
                    "\"documents\" must hold file names, found \(element.kindName)", at: element.location)
                continue
            }
            if path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                diagnostics.error(
                    "the document '\(path)' must be a path relative to the folder of the config file, inside it",
                    at: element.location)
                continue
            }
            documents.append(Document(path: path, location: element.location))
        }
        return documents
    }

    /// Reads a config file's JSON. Unknown keys and wrong values are errors at their position.
    package static func read(_ root: JSONNode) -> (GeneratorConfig, [Diagnostic]) {
        var config = GeneratorConfig()
        var diagnostics = DiagnosticBag()
        guard let members = root.objectMembers else {
            diagnostics.error("the config file must be a JSON object, found \(root.kindName)", at: root.location)
            return (config, diagnostics.all)
        }
        for member in members {
            guard keys.contains(member.key) else {
                diagnostics.error(
                    "unknown key '\(member.key)' in the config file; expected one of: \(keys.joined(separator: ", "))",
                    at: member.keyLocation)
                continue
            }
            if member.key == "$schema" { continue }
            if member.key == "fieldTypes" {
                config.fieldTypes = FieldTypeOverrides.read(member.value, into: &diagnostics)
                continue
            }
            if member.key == "paging" {
                config.paging = PagingOverrides.read(member.value, into: &diagnostics)
                continue
            }
            if member.key == "operations" {
                config.filter.readOperations(member.value, into: &diagnostics)
                continue
            }
            if member.key == "schemas" {
                config.filter.readSchemas(member.value, into: &diagnostics)
                continue
            }
            if member.key == "mocks" {
                if case .bool(let value) = member.value.value {
                    config.mocks = value
                } else {
                    diagnostics.error(
                        "\"mocks\" must be true or false, found \(member.value.kindName)", at: member.value.location)
                }
                continue
            }
            if member.key == "mockSeed" {
                if case .number(let text) = member.value.value, let seed = UInt64(text) {
                    config.mockSeed = seed
                } else {
                    diagnostics.error(
                        "\"mockSeed\" must be a whole number from 0 to 18446744073709551615, found \(member.value.kindName)",
                        at: member.value.location)
                }
                continue
            }
            if member.key == "documents" {
                config.documents = readDocuments(member.value, into: &diagnostics)
                continue
            }
            guard let value = member.value.stringValue else {
                diagnostics.error(
                    "\"\(member.key)\" must be a string, found \(member.value.kindName)", at: member.value.location)
                continue
            }
            switch member.key {
            case "namePrefix":
                if !value.isEmpty && SwiftNaming.identifier(value, upperFirst: false) != value {
                    diagnostics.error(
                        "\"namePrefix\" must be empty or an identifier such as \"HT\"", at: member.value.location)
                } else {
                    config.namePrefix = value
                }
            case "reqAbstract", "modelAbstract", "runtimeModule":
                if value.isEmpty || SwiftNaming.identifier(value, upperFirst: false) != value {
                    diagnostics.error("\"\(member.key)\" must be an identifier", at: member.value.location)
                } else if member.key == "reqAbstract" {
                    config.reqAbstract = value
                } else if member.key == "modelAbstract" {
                    config.modelAbstract = value
                } else {
                    config.runtimeModule = value
                }
            case "requiredFields":
                if value == "nonOptional" || value == "optional" {
                    config.requiredFieldsAreNonOptional = value == "nonOptional"
                } else {
                    diagnostics.error(
                        "\"requiredFields\" must be \"nonOptional\" or \"optional\"", at: member.value.location)
                }
            case "memberNames":
                if let value = MemberNaming(rawValue: value) {
                    config.memberNaming = value
                } else {
                    diagnostics.error(
                        "\"memberNames\" must be \"camelCase\" or \"asWritten\"", at: member.value.location)
                }
            case "abstractTypes":
                if let value = AbstractTypes(rawValue: value) {
                    config.abstractTypes = value
                } else {
                    diagnostics.error("\"abstractTypes\" must be \"alias\" or \"app\"", at: member.value.location)
                }
            default:
                if let level = AccessLevel(rawValue: value) {
                    config.accessLevel = level
                } else {
                    diagnostics.error(
                        "\"accessLevel\" must be \"public\", \"package\" or \"internal\"", at: member.value.location)
                }
            }
        }
        return (config, diagnostics.all)
    }
}
