/// The members of an NEI enumeration datatype (`format` 1). Both versions store each member as a
/// parameter of the datatype, but in different keys:
/// - v0.x attributes: the key is `vkey`, the value is `name` (`{"name": "1", "vkey": "a"}` is `a = "1"`);
/// - v3.x params: the key is `name`, the value is `defaultValue`.
///
/// NEI lets a member's key be empty (v3.x exports often have only values). Such a member is reported
/// with a warning and takes its value as its key, so that it still gets a constant; a member with
/// neither is an error. A member without a value takes its key as its value, also with a warning.
extension NEIReadContext {
    /// Where an enumeration's keys and values are.
    struct EnumMemberKeys {
        /// The key holding the member's key (its constant's name).
        var key: String
        /// The key holding the member's value (the string sent over the wire).
        var value: String

        /// v0.x: `vkey` and `name`.
        static let v0 = EnumMemberKeys(key: "vkey", value: "name")
        /// v3.x: `name` and `defaultValue`.
        static let v3 = EnumMemberKeys(key: "name", value: "defaultValue")
    }

    /// The members of the enumeration `typeName`, in order.
    mutating func enumMembers(_ parameters: [JSONNode], of typeName: String, keys: EnumMemberKeys) -> [EnumMemberDecl] {
        var members: [EnumMemberDecl] = []
        let what = "a member of the enumeration '\(typeName)'"
        for parameter in parameters {
            guard object(parameter, what) != nil else { continue }
            let key = text(parameter, keys.key, in: what, required: false)
            let value = text(parameter, keys.value, in: what, required: false)
            let keyText = key?.0.trimmingSpaces ?? ""
            let valueText = value?.0 ?? ""
            let location = key?.1 ?? value?.1 ?? parameter.location
            switch (keyText.isEmpty, valueText.isEmpty) {
            case (true, true):
                diagnostics.error(
                    "\(what) has neither a key (\"\(keys.key)\") nor a value (\"\(keys.value)\")", at: location)
                continue
            case (true, false):
                diagnostics.warning(
                    "\(what) has an empty key (\"\(keys.key)\"); the value \"\(valueText)\" is used as its key",
                    at: location)
                members.append(
                    EnumMemberDecl(
                        key: valueText, value: valueText, description: description(parameter, in: what),
                        location: location))
            case (false, true):
                diagnostics.warning(
                    "enum member '\(keyText)' of '\(typeName)' has an empty value (\"\(keys.value)\"); its key is used as the value",
                    at: location)
                members.append(
                    EnumMemberDecl(
                        key: keyText, value: keyText, description: description(parameter, in: what), location: location)
                )
            case (false, false):
                members.append(
                    EnumMemberDecl(
                        key: keyText, value: valueText, description: description(parameter, in: what),
                        location: location))
            }
        }
        return members
    }
}
