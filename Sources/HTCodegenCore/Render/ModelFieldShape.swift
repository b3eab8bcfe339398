/// How a model field is declared and mapped, from what the spec says of it (`required`, `nullable`,
/// `readOnly`, `writeOnly`) and the `requiredFields` setting: the design record is
/// `Sources/HTModel/HTModel.docc/RequiredFields.md`.
enum ModelFieldShape: Equatable {
    /// `T?`; mapping requires nothing.
    case optional
    /// `T?`, but a missing key or `null` is a mapping diagnostic: a required field of an NEI export, or
    /// of any spec with `"requiredFields": "optional"`, or a deprecated one.
    case reported
    /// `HTRequired<T>`, read as `T`: the model's initializer takes it, and a response without it fails.
    case required
    /// `T?`, required in responses only (read-only and required): the app never sends it, so it is
    /// optional when the app builds the model, and a response without it fails.
    case requiredInResponses
    /// `T?`, whose key must be there (required and nullable): a response without the key fails, and
    /// `nil` is sent as `null`.
    case requiredNullable
    /// `HTNullable<T>`: absent, `null` or a value (nullable, not required), so that `null` can be told
    /// from a missing key and sent to clear a value.
    case nullable

    /// The shape of `field` in a spec whose models keep every field optional when `keepsOptional`.
    init(_ field: ResolvedField, keepsOptional: Bool) {
        if keepsOptional {
            self = field.isRequired ? .reported : .optional
            return
        }
        switch (field.isRequired, field.isRequiredNullable, field.access) {
        case (_, _, .writeOnly?):
            // Never in responses, so never required when mapping one; optional for the app too.
            self = .optional
        case (true, _, .readOnly?):
            self = .requiredInResponses
        case (true, _, _):
            // A deprecated field is not made an initializer argument (every call would warn).
            self = field.deprecation == nil ? .required : .reported
        case (false, true, _):
            self = .requiredNullable
        case (false, false, _):
            self = field.isNullable && field.access != .readOnly ? .nullable : .optional
        }
    }

    /// The type of the storage's field, for the Swift type `type` of its value.
    func storageType(_ type: String) -> String {
        switch self {
        case .optional, .reported, .requiredInResponses, .requiredNullable: return type + "?"
        case .required: return "HTRequired<\(type)>"
        case .nullable: return "HTNullable<\(type)>"
        }
    }

    /// The value of the storage's field in an empty storage (`init()`): `nil`, an empty
    /// ``HTRequired`` or an absent ``HTNullable``.
    var emptyValue: String {
        switch self {
        case .optional, .reported, .requiredInResponses, .requiredNullable: return "nil"
        case .required: return ".init()"
        case .nullable: return ".absent"
        }
    }

    /// The accessor's arguments between the key and the date format (`, presence: .required`).
    var accessorArguments: String {
        switch self {
        case .optional, .nullable: return ""
        case .reported: return ", required: true"
        case .required, .requiredInResponses: return ", presence: .required"
        case .requiredNullable: return ", presence: .requiredNullable"
        }
    }

    /// The accessor's last argument, the key path of the storage's field named `name`: `\.name`, a
    /// required field's slot (`\.name.htSlot`), or a nullable field (`nullable: \.name`).
    func accessorKeyPath(_ name: String) -> String {
        switch self {
        case .optional, .reported, .requiredInResponses, .requiredNullable: return "\\.\(name)"
        case .required: return "\\.\(name).htSlot"
        case .nullable: return "nullable: \\.\(name)"
        }
    }
}
