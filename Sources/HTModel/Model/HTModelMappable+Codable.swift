import Foundation

extension CodingUserInfoKey {
    // `init(rawValue:)` is failable only for historical reasons; it returns a key for every string.
    /// The ``HTMappingOptions`` models use when they are decoded through `Codable`; put them in a
    /// decoder's `userInfo`. Without it, decoding is strict: a value the model cannot take fails the
    /// decoding, as `Decodable` types usually do.
    public static let htMappingOptions = CodingUserInfoKey(rawValue: "HTModel.HTMappingOptions")!
}

/// `Codable` for models, through their JSON: the original's `NSCoding`.
///
/// A model encodes as its JSON object (``HTModelMappable/htJSON``: `nil` properties left out, dates as
/// ISO 8601 to the microsecond) and decodes by mapping the decoded JSON, so a model written with any
/// encoder reads back equal.
extension HTModelMappable {
    /// Creates a model from a decoder holding its JSON object.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the value is not an object, or (unless the
    ///   decoder's `CodingUserInfoKey.htMappingOptions` say lenient) when a value cannot be
    ///   converted; its `codingPath` leads to the value.
    public init(from decoder: any Decoder) throws {
        let json = try HTJSON(from: decoder)
        let options = decoder.userInfo[.htMappingOptions] as? HTMappingOptions ?? .strict
        do {
            try self.init(json: json, options: options)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath + HTJSONCodingKey.codingPath(error.path),
                    debugDescription: error.message, underlyingError: error))
        }
    }

    /// Encodes the model as its JSON object.
    public func encode(to encoder: any Encoder) throws {
        try htJSON.encode(to: encoder)
    }
}
