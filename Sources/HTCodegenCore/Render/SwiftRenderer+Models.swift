/// The models file: one final class per data type, with the tables the mapper uses.
extension SwiftRenderer {
    mutating func renderModels() -> String {
        let needsAliases = declareAbstractTypes
            && (config.modelBaseClassName != "HTHTTPModel" || config.requestProtocolName != "HTBaseRequest")
        var writer = header("models", imports: !api.models.isEmpty || needsAliases)
        if needsAliases {
            writer.line()
            if config.modelBaseClassName != "HTHTTPModel" {
                writer.line("/// The base class of the generated models (settings `namePrefix` + `modelAbstract`).")
                writer.line("\(access)typealias \(config.modelBaseClassName) = HTHTTPModel")
            }
            if config.requestProtocolName != "HTBaseRequest" {
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

    mutating func renderModel(_ model: ResolvedModel, into writer: inout SwiftWriter) {
        let typeName = typeNames[model.name] ?? model.name
        let names = propertyNames(model.fields.map { ($0.name, $0.location) })
        writer.line("// MARK: - \(typeName)")
        writer.line()
        writer.doc(model.description ?? "The `\(model.name)` data type.")
        writer.block("\(access)final class \(typeName): \(config.modelBaseClassName), HTModelMappable") { writer in
            for (field, name) in zip(model.fields, names) {
                writer.doc(field.description)
                writer.line("\(access)var \(SwiftNaming.escaped(name)): \(swiftType(field.type))?")
            }
            if !model.fields.isEmpty { writer.line() }
            writer.line("/// Creates a model with every property `nil`.")
            writer.block("\(access)required init()") { writer in
                writer.line("super.init()")
            }
            writer.line()
            writer.line("/// Property name → model type for every model-typed property (NEI's `customTypePropertyDic`).")
            let custom = zip(model.fields, names).compactMap { field, name in
                field.type.modelName.map { (name, typeNames[$0] ?? $0) }
            }
            if custom.isEmpty {
                writer.line("\(access)static let customTypePropertyDic: [String: any HTModelMappable.Type] = [:]")
            } else {
                writer.line("\(access)static let customTypePropertyDic: [String: any HTModelMappable.Type] = [")
                for (name, type) in custom.sorted(by: { $0.0 < $1.0 }) {
                    writer.line("    \(SwiftNaming.stringLiteral(name)): \(type).self,")
                }
                writer.line("]")
            }
            writer.line()
            writer.line("/// The names of all other properties (NEI's `baseTypePropertyList`).")
            let base = zip(model.fields, names).filter { $0.0.type.modelName == nil }.map { SwiftNaming.stringLiteral($0.1) }
            writer.line("\(access)static let baseTypePropertyList: [String] = [\(base.joined(separator: ", "))]")
            writer.line()
            writer.line("/// Typed access to each property, used by the mapper instead of reflection.")
            if model.fields.isEmpty {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = []")
            } else {
                writer.line("\(access)static let htAccessors: [HTPropertyAccessor<\(typeName)>] = [")
                for (field, name) in zip(model.fields, names) {
                    let key = field.name == name ? "" : ", key: \(SwiftNaming.stringLiteral(field.name))"
                    writer.line(
                        "    HTPropertyAccessor<\(typeName)>(\(SwiftNaming.stringLiteral(name))\(key), \\\(typeName).\(SwiftNaming.escaped(name))),"
                    )
                }
                writer.line("]")
            }
            writer.line()
            writer.line("/// The default mapping: each property from the JSON key of the same name.")
            writer.line("\(access)static let htMapping: HTObjectMapping<\(typeName)> = .defaultMapping()")
            writer.line()
            writer.line("/// Sets the property at `index` in `htAccessors` from JSON (the mapper's fast path).")
            writer.block(
                "\(access)static func htDecodeProperty(_ index: Int, of model: \(typeName), from json: HTJSON, context: inout HTMappingContext)"
            ) { writer in
                if !model.fields.isEmpty {
                    writer.line("switch index {")
                    for (offset, name) in names.enumerated() {
                        writer.line("case \(offset): HTMapper.decode(json, into: &model.\(SwiftNaming.escaped(name)), context: &context)")
                    }
                    writer.line("default: break")
                    writer.line("}")
                }
            }
            writer.line()
            writer.line("/// Writes the property at `index` in `htAccessors` as JSON; `false` when it is `nil`.")
            writer.block(
                "\(access)static func htEncodeProperty(_ index: Int, of model: \(typeName), to writer: HTJSONWriter) -> Bool"
            ) { writer in
                if model.fields.isEmpty {
                    writer.line("false")
                } else {
                    writer.line("switch index {")
                    for (offset, name) in names.enumerated() {
                        writer.line("case \(offset): return HTMapper.encode(model.\(SwiftNaming.escaped(name)), to: writer)")
                    }
                    writer.line("default: return false")
                    writer.line("}")
                }
            }
            writer.line()
            writer.line("/// Sets every property of `copy` to this model's value, nested models copied too (`htCopy()`).")
            writer.block("\(access)func htCopyProperties(to copy: \(typeName))") { writer in
                for (field, name) in zip(model.fields, names) {
                    let member = SwiftNaming.escaped(name)
                    writer.line("copy.\(member) = \(copyExpression(of: "self.\(member)", type: field.type, optional: true))")
                }
            }
        }
    }

    /// An expression that copies `value` of `type`: values as they are, models with `htCopy()`, arrays
    /// of models element by element.
    func copyExpression(of value: String, type: ResolvedType, optional: Bool) -> String {
        let chain = optional ? "?" : ""
        switch type {
        case .model:
            return "\(value)\(chain).htCopy()"
        case .array(let element) where element.modelName != nil:
            return "\(value)\(chain).map { \(copyExpression(of: "$0", type: element, optional: false)) }"
        default:
            return value
        }
    }
}
