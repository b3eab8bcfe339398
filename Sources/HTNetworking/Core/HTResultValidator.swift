import Foundation

/// Decides whether a parsed response is a success (the original's `validResultBlock`): a body with an
/// accepted HTTP status can still be a failure, e.g. `{"code": 1001, "message": "no such user"}`.
///
/// The client runs the validator after the body is parsed and before the payload is mapped; a failure
/// ends the request with ``HTNetworkingError/Kind/validation(_:)``. A request's validator replaces the
/// client's (``HTBaseRequest/resultValidator``, ``HTClientConfiguration/resultValidator``).
///
/// ```swift
/// configuration.resultValidator = .envelope()             // `code` must be 0
/// configuration.resultValidator = HTResultValidator { body, response in
///     body["ok"]?.boolValue == true ? nil : HTValidationFailure(message: "not ok")
/// }
/// ```
public struct HTResultValidator: Sendable {
    private let body: @Sendable (HTJSON, HTTransportResponse) -> HTValidationFailure?

    /// Creates a validator from a closure that returns `nil` for a valid result and the failure
    /// otherwise. It receives the whole parsed body (before the response key path is applied) and the
    /// raw response.
    public init(
        _ validate: @escaping @Sendable (_ body: HTJSON, _ response: HTTransportResponse) -> HTValidationFailure?
    ) {
        self.body = validate
    }

    /// `nil` when `body` is valid, otherwise why not.
    package func validate(_ body: HTJSON, response: HTTransportResponse) -> HTValidationFailure? {
        self.body(body, response)
    }

    /// Accepts everything: a request returns this to opt out of its client's validator.
    public static let acceptAll = HTResultValidator { _, _ in nil }

    /// The `{code, message, data}` envelope check: the value at `codeKeyPath` must be one of
    /// `successCodes` (numbers, or strings holding numbers).
    ///
    /// - Parameters:
    ///   - codeKeyPath: where the code is (`code`, or a dotted path such as `status.code`).
    ///   - successCodes: the codes that mean success (`[0]` by default).
    ///   - messageKeyPath: where the failure's message is.
    ///   - allowsEmptyBody: whether an empty body (a 204) is valid although it has no code.
    public static func envelope(
        codeKeyPath: String = "code", successCodes: Set<Int64> = [0], messageKeyPath: String = "message",
        allowsEmptyBody: Bool = true
    ) -> HTResultValidator {
        HTResultValidator { body, response in
            if allowsEmptyBody, body == .null, response.body.isEmpty { return nil }
            guard let code = body.value(atKeyPath: codeKeyPath), code != .null else {
                return HTValidationFailure(message: "the response has no '\(codeKeyPath)'")
            }
            if case .bool = code {
                // A boolean is not a code, although it coerces to 0 or 1.
            } else if let number = code.int64Value, successCodes.contains(number) {
                return nil
            }
            let message =
                body.value(atKeyPath: messageKeyPath)?.coercedString ?? "the result code is not a success code"
            return HTValidationFailure(code: code, message: message)
        }
    }
}
