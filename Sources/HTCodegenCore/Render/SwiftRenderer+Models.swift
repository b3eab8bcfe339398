/// The models file: one final class per data type. Each model is immutable: its fields live in one
/// `let` value (`Storage`, a struct of optional `let` fields, required ones as `HTRequired`), read through the model (`HTModelMappable`'s
/// dynamic-member subscript) with no lock, and each model lists its fields once, in `htAccessors`
/// (name, JSON key when it differs, key path of the storage's field); the runtime derives NEI's
/// metadata lists and the default mapping from that table, so nothing else per field is generated.
///
/// Models are built with the runtime's builder (`HTUser { $0.name = "Ann" }`) and edited into new models
/// (`user.with { $0.name = "Anne" }`). (Computed properties per field, a property wrapper per field, a
/// subscript per model and structs were measured or rejected: see the design record
/// `Sources/HTModel/HTModel.docc/ModelRepresentation.md`.)
///
/// A model whose objects may have other keys (OpenAPI `additionalProperties` beside `properties`) has
/// one more field, last, a map that keeps them (`var additionalProperties: [String: T] = [:]`: not an
/// initializer argument, empty unless set), whose accessor says so
/// (`.init(additionalProperties: "additionalProperties", …)`): the runtime maps every other key into it
/// and writes it back beside the fields.
extension SwiftRenderer {
    mutating func renderModels() -> String {
        let aliasModel = config.modelBaseClassName != "HTHTTPModel"
        let aliasRequest = config.requestProtocolName != "HTBaseRequest"
        let needsAliases = declareAbstractTypes && config.abstractTypes == .alias && (aliasModel || aliasRequest)
        let foundation =
            api.models.contains { $0.storedFields.contains { $0.type.usesFoundation } }
            || api.unions.contains { $0.alternatives.contains { $0.type.usesFoundation } }
        var writer = header(
            "models", imports: !api.models.isEmpty || !api.unions.isEmpty || needsAliases, foundation: foundation)
        if needsAliases {
            writer.line()
            if aliasModel {
                writer.line("/// The base class of the generated models (settings `namePrefix` + `modelAbstract`).")
                writer.line("\(access)typealias \(config.modelBaseClassName) = HTHTTPModel")
            }
            if aliasRequest {
                writer.line("/// The protocol of the generated requests (settings `namePrefix` + `reqAbstract`).")
                writer.line("\(access)typealias \(config.requestProtocolName) = HTBaseRequest")
            }
        }
        for model in api.models {
            writer.line()
            renderModel(model, into: &writer)
        }
        for union in api.unions {
            writer.line()
            renderUnion(union, into: &writer)
        }
        return writer.text
    }

    /// One model: its storage, its table of fields, its default mapping, and when some fields are
    /// required an initializer that takes them. Members the protocol derives (the builder, `with`,
    /// NEI's lists, equality) are not generated.
    mutating func renderModel(_ model: ResolvedModel, into writer: inout SwiftWriter) {
        if let target = modelAliases[model.name] {
            renderModelAlias(model, of: target, into: &writer)
            return
        }
        let typeName = typeNames[model.name] ?? model.name
        let names = propertyNames(model.fields.map { ($0.name, $0.location) }, chosen: model.fields.map(\.swiftName))
        let shapes = fieldShapes(of: model)
        let required = zip(zip(model.fields, names), shapes).filter { $0.1 == .required }.map(\.0)
        let additional = model.additionalProperties.map { field in
            (field: field, name: additionalPropertiesName(field, besides: names, reporting: true))
        }
        writeModelHeading(model, typeName: typeName, into: &writer)
        // @unchecked Sendable, safety: the generated class's only stored property is `htStorage`, a
        // `let` of a Sendable struct (every field type is Sendable), and the base class holds no mutable
        // state (HTHTTPModel has none; an app's base class is documented to have none); the proof is
        // repeated in the generated code.
        writer.block(
            "\(access)final class \(typeName): \(config.modelBaseClassName), HTModelMappable, @unchecked Sendable"
        ) { writer in
            writer.line("// @unchecked Sendable, safety: the one stored property, htStorage, is a `let` of a Sendable")
            writer.line("// struct; the base class holds no mutable state.")
            let builder =
                required.isEmpty
                ? typeName : "\(typeName)(\(required.map { SwiftNaming.escaped($0.1) + ":" }.joined()))"
            writer.line(
                "/// The fields: build a model with `\(builder) { $0.field = value }`, edit a copy with `with { }`.")
            let conformance = required.isEmpty ? "HTOptionalFieldsStorage" : "HTModelStorage"
            writer.block("\(access)struct Storage: \(conformance)") { writer in
                // What `init()` sets each field to (the deprecated ones aside: see `writeStoredField`).
                var emptyValues: [(name: String, value: String)] = []
                for ((field, name), shape) in zip(zip(model.fields, names), shapes) {
                    writeFieldDoc(field, into: &writer)
                    writeStoredField(
                        field, name: name, type: shape.storageType(swiftType(field.type)), empty: shape.emptyValue,
                        emptyValues: &emptyValues, into: &writer)
                }
                if let (field, name) = additional {
                    writer.doc(field.description)
                    if !SwiftNaming.docLines(field.description).isEmpty { writer.line("///") }
                    writer.line(
                        "/// - Note: The object's other keys (additionalProperties): every key the fields above do not map,"
                    )
                    writer.line("///   with its value; sent back beside them.")
                    writeStoredField(
                        field, name: name, type: swiftType(field.type), empty: "[:]", emptyValues: &emptyValues,
                        into: &writer)
                }
                writer.line("/// The empty storage: where the mapper and the builder start.")
                if emptyValues.isEmpty {
                    writer.line("\(access)init() {}")
                } else {
                    writer.block("\(access)init()") { writer in
                        for (name, value) in emptyValues { writer.line("\(name) = \(value)") }
                    }
                }
            }
            writer.line("/// The fields; read them through the model (`model.field`).")
            writer.line("\(access)let htStorage: Storage")
            writer.line("/// A model holding `htStorage`; build models with the builder instead.")
            writer.block("\(access)init(htStorage: Storage)") { writer in
                writer.line("self.htStorage = htStorage")
                writer.line("super.init()")
            }
            if !required.isEmpty { renderRequiredInitializer(required, into: &writer) }
            writer.line()
            if model.storedFields.isEmpty {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = []")
            } else {
                let readsDeprecated =
                    !model.isDeprecated && model.storedFields.contains(where: { $0.deprecation != nil })
                if readsDeprecated { writer.line(Self.deprecatedWitnessAttribute) }
                writer.line(
                    "\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = htAccessorTable()")
                // The table is made in a function, not in the `static let`'s initializer: the build's
                // module-emission job skips function bodies but type-checks and lowers every initializer
                // (the tables were 40% of that job).
                writer.line("/// The accessors of `htAccessors`, made once.")
                if readsDeprecated { writer.line(Self.deprecatedWitnessAttribute) }
                writer.block("private static func htAccessorTable() -> [HTPropertyAccessor<\(typeName)>]") { writer in
                    writer.line("[")
                    for ((field, name), shape) in zip(zip(model.fields, names), shapes) {
                        let key = field.name == name ? "" : ", key: \(SwiftNaming.stringLiteral(field.name))"
                        let readOnly = field.access == .readOnly ? ", readOnly: true" : ""
                        let format = field.dateFormat.map { ", dateFormat: \(swiftExpression(for: $0))" } ?? ""
                        let escaped = SwiftNaming.escaped(name)
                        // A key path: cheaper to type-check than a closure, and no function of its own.
                        writer.line(
                            "    .init(\(SwiftNaming.stringLiteral(name))\(key)\(shape.accessorArguments)\(readOnly)\(format), \(shape.accessorKeyPath(escaped))),"
                        )
                    }
                    if let (field, name) = additional {
                        let format = field.dateFormat.map { ", dateFormat: \(swiftExpression(for: $0))" } ?? ""
                        writer.line(
                            "    .init(additionalProperties: \(SwiftNaming.stringLiteral(name))\(format), \\.\(SwiftNaming.escaped(name))),"
                        )
                    }
                    writer.line("]")
                }
            }
            writer.line("\(access)static let htMapping: HTObjectMapping<\(typeName)> = .defaultMapping()")
        }
    }

    /// Declares a field of a model's storage (after its doc comment), of type `type`, `empty` in an empty
    /// storage. A field is a `let` without an initial value, which `init()` sets (added to `emptyValues`):
    /// a `var` costs a debug build a setter, two `modify` halves and an initial-value function, and a
    /// `let` with an initial value could not be set at all; the builder and the mapper write the field at
    /// its offset (HTModelFields, HTPropertyAccessor). A deprecated field is a `var` with its initial
    /// value instead (implicit for an optional), since setting it in `init()` would warn.
    private func writeStoredField(
        _ field: ResolvedField, name: String, type: String, empty: String,
        emptyValues: inout [(name: String, value: String)], into writer: inout SwiftWriter
    ) {
        let escaped = SwiftNaming.escaped(name)
        guard let deprecation = field.deprecation else {
            writer.line("\(access)let \(escaped): \(type)")
            emptyValues.append((escaped, empty))
            return
        }
        writer.line(deprecationAttribute(deprecation))
        writer.line("\(access)var \(escaped): \(type)\(empty == "nil" ? "" : " = \(empty)")")
    }

    /// What comes before a model's declaration, or before the alias that stands for it: its mark, its
    /// doc comment, then `note` (lines of doc comment, a paragraph of their own), where it was declared
    /// and its deprecation.
    func writeModelHeading(
        _ model: ResolvedModel, typeName: String, note: [String] = [], into writer: inout SwiftWriter
    ) {
        writer.line("// MARK: - \(typeName)")
        writer.line()
        writeTypeDoc(model.description, notes: model.notes, into: &writer)
        if !SwiftNaming.docLines(model.description).isEmpty || !model.notes.isEmpty { writer.line("///") }
        if !note.isEmpty {
            for line in note { writer.line("/// \(line)") }
            writer.line("///")
        }
        writer.line(provenance(model.location))
        if model.isDeprecated { writer.line(deprecationAttribute(.declared)) }
    }

    /// The Swift name of `field`, the field of additional properties of a model whose other fields are
    /// named `names`: the name it asks for (`additionalProperties`, as swift-openapi-generator names it),
    /// or, when a property took it, that name with the first free number (`additionalProperties_2`) and,
    /// when `reporting`, a warning. The properties keep their names: adding other keys to a schema
    /// renames nothing.
    mutating func additionalPropertiesName(_ field: ResolvedField, besides names: [String], reporting: Bool) -> String {
        let taken = Set(names)
        guard taken.contains(field.name) else { return field.name }
        var counter = 2
        while taken.contains("\(field.name)_\(counter)") { counter += 1 }
        if reporting {
            diagnostics.warning(
                "a property of this model is named '\(field.name)' in Swift; the field that keeps the other keys (additionalProperties) is generated as '\(field.name)_\(counter)'",
                at: field.location)
        }
        return "\(field.name)_\(counter)"
    }

    /// How each field of `model` is declared (``ModelFieldShape``).
    func fieldShapes(of model: ResolvedModel) -> [ModelFieldShape] {
        let keepsOptional = api.keepsFieldsOptional || !config.requiredFieldsAreNonOptional
        return model.fields.map { ModelFieldShape($0, keepsOptional: keepsOptional) }
    }

    /// The initializer of a model with required fields: they are its arguments, in declaration order,
    /// then a builder closure for the others.
    private func renderRequiredInitializer(_ required: [(ResolvedField, String)], into writer: inout SwiftWriter) {
        writer.line("/// A model with its required fields, and the others `htBuild` sets.")
        let arguments = required.map { "\(SwiftNaming.escaped($0.1)): \(swiftType($0.0.type))" }
        writer.block(
            "\(access)convenience init(\(arguments.joined(separator: ", ")), _ htBuild: (inout HTModelFields<Storage>) -> Void = { _ in })"
        ) { writer in
            writer.line("var htFields = HTModelFields(Storage())")
            for (_, name) in required {
                let escaped = SwiftNaming.escaped(name)
                // A method with one candidate checks faster than the builder's dynamic-member subscripts.
                writer.line("htFields.htSet(\\.\(escaped), to: \(escaped))")
            }
            writer.line("self.init(htStorage: Self.htBuilt(htFields, htBuild))")
        }
    }
}
