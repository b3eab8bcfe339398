/// Why a result validator rejected a response that had an accepted status: usually an envelope whose
/// `code` says the call failed.
public struct HTValidationFailure: Sendable, Hashable, CustomStringConvertible {
    /// The application's code for the failure (the envelope's `code`), when there is one.
    public var code: HTJSON?
    /// What went wrong, from the envelope's `message` or the validator.
    public var message: String

    /// Creates a failure.
    public init(code: HTJSON? = nil, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String {
        if let code { return "code \(code.serializedString()): \(message)" }
        return message
    }
}
