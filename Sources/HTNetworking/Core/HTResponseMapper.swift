import Foundation

/// Turns a raw response into a mapped value: checks the status, reads the body with the serializer
/// for its content type, runs the result validator, and maps the payload at the response key path.
enum HTResponseMapper {
    /// What mapping takes from a request and the client's configuration.
    struct Rules: Sendable {
        var acceptedStatusCodes: Set<Int>
        var mappingOptions: HTMappingOptions
        var resultValidator: HTResultValidator?

        /// The rules of a client with `configuration`, for a request that has none of its own.
        init(configuration: borrowing HTClientConfiguration) {
            acceptedStatusCodes = configuration.acceptedStatusCodes
            mappingOptions = configuration.mappingOptions
            resultValidator = configuration.resultValidator
        }

        /// The rules of `request` on a client with `configuration` (borrowed: an initializer's
        /// parameters are otherwise passed owned, and the client would copy its whole configuration).
        init<R: HTBaseRequest>(for request: R, configuration: borrowing HTClientConfiguration) {
            // No `??`: its autoclosure would capture, and so copy, the configuration.
            if let own = request.acceptedStatusCodes {
                acceptedStatusCodes = own
            } else {
                acceptedStatusCodes = configuration.acceptedStatusCodes
            }
            if let own = request.mappingOptions {
                mappingOptions = own
            } else {
                mappingOptions = configuration.mappingOptions
            }
            if let own = request.resultValidator {
                resultValidator = own
            } else {
                resultValidator = configuration.resultValidator
            }
        }
    }

    static func map<R: HTBaseRequest>(
        _ raw: HTTransportResponse, _ prepared: HTPreparedRequest<R>, serializers: HTSerializerRegistry,
        logger: HTLogger
    ) throws(HTNetworkingError) -> HTResponse<R.Response> {
        try map(raw, as: R.self, rules: prepared.rules, serializers: serializers, logger: logger) {
            prepared.description
        }
    }

    /// Maps `raw` as a response of `R`; `describe` names the request in errors and logs, and is called
    /// only for them (``HTClient/map(_:for:)`` builds the request's URL only then).
    static func map<R: HTBaseRequest>(
        _ raw: HTTransportResponse, as _: R.Type, rules: Rules, serializers: HTSerializerRegistry,
        logger: HTLogger, describe: () -> HTRequestDescription
    ) throws(HTNetworkingError) -> HTResponse<R.Response> {
        guard rules.acceptedStatusCodes.contains(raw.statusCode) else {
            let description = describe()
            var error = HTNetworkingError(
                .status(code: raw.statusCode, body: raw.body), request: description, response: raw)
            error.documentedError = documentedError(of: raw, for: R.self)
            throw error
        }
        if let reading = R.statusReading(raw.statusCode) {
            return try map(raw, by: reading, rules: rules, serializers: serializers, logger: logger, describe: describe)
        }
        // A request that accepts a media type of its own reads a body of bytes or text as it came: no
        // serializer, validator or key path (a `Data` or `String` value in JSON is mapped as JSON).
        if R.accept != nil, R.Response.self == Data.self, let value = raw.body as? R.Response {
            return HTResponse(value: value, raw: raw, diagnostics: [])
        }
        if R.accept != nil, R.Response.self == String.self {
            let text = try HTResponseMapper.text(of: raw, describe: describe)
            if let value = text as? R.Response { return HTResponse(value: value, raw: raw, diagnostics: []) }
        }
        // A request without a response body (HTNoContent) ignores whatever body comes: one that is empty
        // or does not parse is no failure and is not validated, and a missing key path is no failure.
        let ignoresBody = R.Response.self == HTNoContent.self
        let json: HTJSON
        var validates = true
        if ignoresBody {
            let parsed = raw.body.isEmpty ? nil : try? body(of: raw, serializers: serializers, describe: describe)
            json = parsed ?? .null
            validates = parsed != nil
        } else {
            json = try body(of: raw, serializers: serializers, describe: describe)
        }
        if validates, let validator = rules.resultValidator, let failure = validator.validate(json, response: raw) {
            throw HTNetworkingError(.validation(failure), request: describe(), response: raw)
        }
        var payload = json
        let keyPath = R.responseKeyPath.map { HTJSONPath(keyPath: $0) } ?? HTJSONPath()
        for component in keyPath.components {
            guard case .key(let key) = component, case .object(let object) = payload, let next = object[key] else {
                if R.Response.self == HTJSON.self || ignoresBody {
                    payload = .null
                    break
                }
                throw HTNetworkingError(
                    .mapping(HTMappingError(path: keyPath, message: "the response has no value at this key path")),
                    request: describe(), response: raw)
            }
            payload = next
        }
        var context = HTMappingContext(options: rules.mappingOptions, path: keyPath)
        let value: R.Response
        do {
            value = try R.Response.htMap(payload, context: &context)
        } catch {
            throw HTNetworkingError(.mapping(error), request: describe(), response: raw)
        }
        log(context.diagnostics, logger: logger, describe: describe)
        return HTResponse(value: value, raw: raw, diagnostics: context.diagnostics)
    }

    /// Maps `raw` as `reading` says: a response of a request whose value depends on its status
    /// (``HTStatusResponse``). A JSON body is validated and mapped as any other; bytes, text and no
    /// body are neither.
    private static func map<Value>(
        _ raw: HTTransportResponse, by reading: HTStatusReading<Value>, rules: Rules, serializers: HTSerializerRegistry,
        logger: HTLogger, describe: () -> HTRequestDescription
    ) throws(HTNetworkingError) -> HTResponse<Value> {
        switch reading.kind {
        case .empty(let value):
            return HTResponse(value: value, raw: raw, diagnostics: [])
        case .data(let wrap):
            return HTResponse(value: wrap(raw.body), raw: raw, diagnostics: [])
        case .text(let wrap):
            return HTResponse(value: wrap(try text(of: raw, describe: describe)), raw: raw, diagnostics: [])
        case .json(let map):
            let json = try body(of: raw, serializers: serializers, describe: describe)
            if let validator = rules.resultValidator, let failure = validator.validate(json, response: raw) {
                throw HTNetworkingError(.validation(failure), request: describe(), response: raw)
            }
            var context = HTMappingContext(options: rules.mappingOptions, path: HTJSONPath())
            let value: Value
            do {
                value = try map(json, &context)
            } catch {
                throw HTNetworkingError(.mapping(error), request: describe(), response: raw)
            }
            log(context.diagnostics, logger: logger, describe: describe)
            return HTResponse(value: value, raw: raw, diagnostics: context.diagnostics)
        }
    }

    /// Logs the mapping diagnostics of a response, as warnings.
    private static func log(
        _ diagnostics: [HTMappingDiagnostic], logger: HTLogger, describe: () -> HTRequestDescription
    ) {
        guard !diagnostics.isEmpty, logger.isEnabled(.warning, for: .mapping) else { return }
        // A diagnostic shows the value found; at a secret field it is redacted.
        let redaction = logger.redaction
        let request = describe().description(redactingWith: redaction)
        for diagnostic in diagnostics {
            logger.warning(
                .mapping,
                "\(request): \(redaction.redactedDiagnostic(path: diagnostic.path, message: diagnostic.message))")
        }
    }

    /// What `R` documents for a response it does not accept (``HTBaseRequest/documentedError(status:body:)``),
    /// when the body parses as JSON; `nil` otherwise.
    static func documentedError<R: HTBaseRequest>(of raw: HTTransportResponse, for type: R.Type)
        -> (any Error & Sendable)?
    {
        guard !raw.body.isEmpty, let json = try? HTJSONParser().parse(raw.body) else { return nil }
        return R.documentedError(status: raw.statusCode, body: json)
    }

    /// The body as text in the charset its content type declares (UTF-8 when none).
    static func text(of raw: HTTransportResponse, describe: () -> HTRequestDescription) throws(HTNetworkingError)
        -> String
    {
        let json = try read(raw, raw.contentType, with: HTTextResponseSerializer(), describe: describe)
        guard case .string(let text) = json else { return "" }
        return text
    }

    /// The body as JSON: `null` when empty, otherwise what the serializer for its content type reads.
    static func body(
        of raw: HTTransportResponse, serializers: HTSerializerRegistry, describe: () -> HTRequestDescription
    ) throws(HTNetworkingError) -> HTJSON {
        if raw.body.isEmpty { return .null }
        let contentType = raw.contentType
        return try read(raw, contentType, with: serializers.serializer(for: contentType), describe: describe)
    }

    /// What `serializer` reads of the body (of `contentType`, the response's), its failure as the
    /// client's error: a JSON parse error as `decoding`, any other as `serialization`.
    private static func read(
        _ raw: HTTransportResponse, _ contentType: HTContentType?, with serializer: any HTResponseSerializer,
        describe: () -> HTRequestDescription
    ) throws(HTNetworkingError) -> HTJSON {
        do {
            return try serializer.json(from: raw.body, contentType: contentType)
        } catch let error as HTJSONParseError {
            throw HTNetworkingError(.decoding(error), request: describe(), response: raw)
        } catch {
            let failure = HTSerializationError(
                serializer: serializer.name, mimeType: contentType?.mimeType, message: String(describing: error))
            throw HTNetworkingError(.serialization(failure), request: describe(), response: raw)
        }
    }
}
