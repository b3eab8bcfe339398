/// The models file: one final class per data type. Each model lists its properties once, in
/// `htAccessors` (name, JSON key when it differs, getter and setter); the runtime derives NEI's metadata
/// lists, the default mapping and copying from that table, so nothing else per property is generated.
///
/// Models are `Sendable`: their properties live in one struct (`Storage`), read and written through the
/// model (`HTGuardedModel`'s dynamic-member subscript) under the model's lock (`HTModelLock`), so one
/// model can be shared by tasks and sent in several requests at once. (A property wrapper per property
/// made a consumer build of 500 models six times slower and its peak memory 2.7 times larger; a
/// subscript per model cost 30 ms of compile time each.)
extension SwiftRenderer {
    mutating func renderModels() -> String {
        let aliasModel = config.modelBaseClassName != "HTHTTPModel"
        let aliasRequest = config.requestProtocolName != "HTBaseRequest"
        let needsAliases = declareAbstractTypes && config.abstractTypes == .alias && (aliasModel || aliasRequest)
        var writer = header("models", imports: !api.models.isEmpty || needsAliases)
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
        return writer.text
    }

    /// One model: its stored properties, its table of properties and its default mapping. Members the
    /// protocol derives (`init()`, NEI's lists, copying) are not generated.
    mutating func renderModel(_ model: ResolvedModel, into writer: inout SwiftWriter) {
        let typeName = typeNames[model.name] ?? model.name
        let names = propertyNames(model.fields.map { ($0.name, $0.location) })
        writer.line("// MARK: - \(typeName)")
        writer.line()
        let description = SwiftNaming.docLines(model.description)
        writer.doc(model.description)
        if !description.isEmpty { writer.line("///") }
        writer.line(provenance(model.location))
        let guarded = model.fields.isEmpty ? "" : ", HTGuardedModel"
        // @unchecked Sendable, safety: the generated class's only stored property is `_htStorage`, read
        // and written under the model's lock (HTGuardedModel's subscript, the guarded accessors) or by
        // the mapper before anyone else holds the model; the proof is repeated in the generated code.
        writer.block(
            "\(access)final class \(typeName): \(config.modelBaseClassName), HTModelMappable\(guarded), @unchecked Sendable"
        ) { writer in
            // The one unchecked claim of generated code, proved where it is made.
            if model.fields.isEmpty {
                writer.line(
                    "// @unchecked Sendable: no stored properties; the base class adds no unguarded mutable state.")
            } else {
                writer.line(
                    "// @unchecked Sendable: the one stored property, _htStorage, is read and written only under")
                writer.line(
                    "// the model's lock (HTGuardedModel, HTPropertyAccessor), or by the mapper while it alone holds")
                writer.line("// a new model; the base class adds no unguarded mutable state.")
                writer.line(
                    "/// The properties, read and written through the model (`model.name`), each access under its lock."
                )
                writer.block("\(access)struct Storage: Sendable") { writer in
                    for (field, name) in zip(model.fields, names) {
                        writer.doc(field.description)
                        writer.line("\(access)var \(SwiftNaming.escaped(name)): \(swiftType(field.type))?")
                    }
                }
                writer.line("/// The properties without their lock: read and write them through the model.")
                writer.line("\(access)var _htStorage = Storage()")
            }
            if !model.fields.isEmpty { writer.line() }
            if model.fields.isEmpty {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = []")
            } else {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = [")
                for (field, name) in zip(model.fields, names) {
                    let key = field.name == name ? "" : ", key: \(SwiftNaming.stringLiteral(field.name))"
                    let required = field.isRequired ? ", required: true" : ""
                    writer.line(
                        "    .init(\(SwiftNaming.stringLiteral(name))\(key)\(required), guarded: { $1(&$0._htStorage.\(SwiftNaming.escaped(name))) }),"
                    )
                }
                writer.line("]")
            }
            writer.line("\(access)static let htMapping: HTObjectMapping<\(typeName)> = .defaultMapping()")
        }
    }
}
