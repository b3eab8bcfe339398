extension HTMappingContext {
    /// Tries to read `json` as a `T`, strictly, without touching this context: the value when `T`
    /// accepts it with no diagnostic at all, else `nil` (and nothing is recorded here).
    ///
    /// The attempt runs in a scratch context with this context's path, date format and options, made
    /// strict (``HTMappingOptions/strict-swift.property``; implicit key matching and
    /// ``HTMappingOptions/rejectsUnknownEnumValues`` as here). A value that `T` decodes only with a
    /// diagnostic (a nested field of the wrong type, an enum value a closed enum refuses) counts as
    /// not accepted; `null` is accepted only by ``HTJSON`` and ``HTNoContent``.
    ///
    /// It is what generated unions (OpenAPI `oneOf`/`anyOf`) use to try their alternatives in order,
    /// each on the kinds of JSON value it reads as they are (a `switch` on the value's kind), so that
    /// strict mapping's coercions (a `Double` reads `"10"`) never take a value an alternative of its own
    /// kind would.
    /// With a discriminator, the union reads it with `json["petType"]?.stringValue` and maps the
    /// alternative it names in the caller's context, so its
    /// diagnostics are reported as for any model; a value no alternative takes is kept as raw JSON,
    /// never a failed response:
    ///
    /// ```swift
    /// enum HTPet: HTJSONValueConvertible, Sendable {
    ///     case cat(HTCat)
    ///     case dog(HTDog)
    ///     case unknown(HTJSON)
    ///
    ///     static func htDecode(_ json: HTJSON, context: inout HTMappingContext) -> HTPet? {
    ///         // With a discriminator (`petType`, mapping `cat` and `dog`):
    ///         switch json["petType"]?.stringValue {
    ///         case "cat": return HTCat.htDecode(json, context: &context).map(HTPet.cat)
    ///         case "dog": return HTDog.htDecode(json, context: &context).map(HTPet.dog)
    ///         default: break
    ///         }
    ///         // Without one (or for a value it does not name): the alternatives in order.
    ///         if let cat = context.attempt(HTCat.self, json) { return .cat(cat) }
    ///         if let dog = context.attempt(HTDog.self, json) { return .dog(dog) }
    ///         return .unknown(json)
    ///     }
    ///
    ///     var htJSON: HTJSON {
    ///         switch self {
    ///         case .cat(let cat): return cat.htJSON
    ///         case .dog(let dog): return dog.htJSON
    ///         case .unknown(let json): return json
    ///         }
    ///     }
    ///
    ///     static var htTypeDescription: String { "HTPet" }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type to try.
    ///   - json: the value to read.
    /// - Returns: the value, or `nil` when `T` does not take `json` cleanly.
    public func attempt<T: HTJSONValueConvertible>(_ type: T.Type, _ json: HTJSON) -> T? {
        if case .null = json, T.self != HTJSON.self, T.self != HTNoContent.self { return nil }
        var scratch = HTMappingContext(
            options: HTMappingOptions(
                strict: true, implicitKeyMatching: options.implicitKeyMatching,
                rejectsUnknownEnumValues: options.rejectsUnknownEnumValues),
            path: HTJSONPath(path))
        scratch.dateFormat = dateFormat
        guard let value = T.htDecode(json, context: &scratch), scratch.diagnosticCount == 0 else { return nil }
        return value
    }
}
