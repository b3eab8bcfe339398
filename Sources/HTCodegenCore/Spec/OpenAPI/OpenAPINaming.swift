/// How the OpenAPI reader names what the document leaves unnamed: inline schemas and operations
/// without an `operationId`.
///
/// - An inline schema that needs a type of its own (an object with properties, an enum, a union, an
///   `allOf`) is named by PascalCase concatenation of the words (``SwiftNaming/words(_:)``, the
///   generator's one splitter: `_`, `-` and the like separate) of where it sits: property `owner` of `Pet` is
///   `PetOwner`; the items of an array property `tags` of `Pet` are `PetTagsItem`; the values of a map
///   are `…Value`; union alternative k is `<Union>Option<k>` (or `<Union><Title>` when it has a
///   `title`); operation `listPets`'s success body is `ListPetsResponse`, its error bodies
///   `ListPetsResponse404`, `ListPetsResponse4XX`, `ListPetsResponseDefault`, its request body
///   `ListPetsRequestBody`, its parameter `filter` `ListPetsFilter`.
/// - A name already taken gets the first free number appended (`PetOwner2`), with a warning.
/// - A schema under `components/schemas` keeps its key (`user_info`) as its spec name; the Swift name
///   (`HTUserInfo`) is chosen later, for every spec of the target at once (``SwiftNames``).
/// - An operation is named by its `operationId` made an identifier in lower camel case (`list-pets`,
///   `list_pets` → `listPets`; an identifier without `_` is kept as written), else by its method and path
///   (`GET /pets/{petId}` → `getPetsPetId`). Two operations may get one name: their requests' Swift names
///   are made unique later (``SwiftNames``).
enum OpenAPINaming {
    /// Every word (``SwiftNaming/words(_:)``, the generator's one splitter) of every part with its
    /// first letter upper-cased, joined: `("Pet", "owner_name")` → `PetOwnerName`.
    static func pascalCase(_ parts: String...) -> String {
        SwiftNaming.upperCamel(parts)
    }

    /// Every word of every part with its first letter upper-cased, joined.
    static func pascalCase(_ parts: [String]) -> String {
        SwiftNaming.upperCamel(parts)
    }

    /// Whether `text` is ASCII letters, digits and `_`, not starting with a digit.
    static func isPlainIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    /// An operation's name from its `operationId`: kept when a plain identifier without `_`, else its
    /// words in lower camel case (`pets.list`, `get_pets` → `petsList`, `getPets`); `nil` when it has
    /// no letter or digit.
    static func operationName(fromID operationID: String) -> String? {
        if isPlainIdentifier(operationID), !operationID.contains("_") { return operationID }
        let parts = SwiftNaming.words(operationID)
        guard let first = parts.first else { return nil }
        var name = first.prefix(1).lowercased() + first.dropFirst() + pascalCase(Array(parts.dropFirst()))
        if let scalar = name.unicodeScalars.first, ("0"..."9").contains(scalar) { name = "operation" + name }
        return name
    }

    /// An operation's name from its method and path: `GET /pets/{petId}` → `getPetsPetId`.
    static func operationName(method: String, path: String) -> String {
        method.lowercased() + pascalCase(path)
    }
}
