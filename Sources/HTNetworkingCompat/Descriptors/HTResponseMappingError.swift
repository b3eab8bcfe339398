import HTNetworking

/// Why a response could not be mapped through the response descriptors.
public enum HTResponseMappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No descriptor applies to the method, path and status (RestKit: "No response descriptors match
    /// the response loaded").
    case noMatchingDescriptor(method: String, path: String, statusCode: Int)
    /// Descriptors applied, but none of their key paths held anything (RestKit: "No mappable object
    /// representations were found at the key paths searched"). `nil` stands for the whole body.
    case nothingAtKeyPaths([String?])
    /// A value could not be converted in strict mode.
    case mapping(HTMappingError)

    /// What went wrong, in words.
    public var description: String {
        switch self {
        case .noMatchingDescriptor(let method, let path, let statusCode):
            return "no response descriptor matches \(method.uppercased()) \(path) with status \(statusCode)"
        case .nothingAtKeyPaths(let keyPaths):
            let names = keyPaths.map { $0 ?? "<root>" }.joined(separator: ", ")
            return "nothing to map at the key paths searched: \(names)"
        case .mapping(let error):
            return error.description
        }
    }
}
