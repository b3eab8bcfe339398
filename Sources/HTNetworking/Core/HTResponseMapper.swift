import Foundation

/// Turns a raw response into a mapped value: checks the status, reads the body with the serializer
/// for its content type, runs the result validator, and maps the payload at the response key path.
enum HTResponseMapper {
    static func map<R: HTBaseRequest>(
        _ raw: HTTransportResponse, _ prepared: HTPreparedRequest<R>, serializers: HTSerializerRegistry,
        logger: HTLogger
    ) throws(HTNetworkingError) -> HTResponse<R.Response> {
        let description = prepared.description
        guard prepared.acceptedStatusCodes.contains(raw.statusCode) else {
            throw HTNetworkingError(.status(code: raw.statusCode, body: raw.body), request: description, response: raw)
        }
        let json = try body(of: raw, serializers: serializers, description: description)
        if let validator = prepared.resultValidator, let failure = validator.validate(json, response: raw) {
            throw HTNetworkingError(.validation(failure), request: description, response: raw)
        }
        var payload = json
        let keyPath = R.responseKeyPath.map { HTJSONPath(keyPath: $0) } ?? HTJSONPath()
        for component in keyPath.components {
            guard case .key(let key) = component, case .object(let object) = payload, let next = object[key] else {
                if R.Response.self == HTJSON.self {
                    payload = .null
                    break
                }
                throw HTNetworkingError(
                    .mapping(HTMappingError(path: keyPath, message: "the response has no value at this key path")),
                    request: description, response: raw)
            }
            payload = next
        }
        var context = HTMappingContext(options: prepared.mappingOptions, path: keyPath)
        let value: R.Response
        do {
            value = try R.Response.htMap(payload, context: &context)
        } catch {
            throw HTNetworkingError(.mapping(error), request: description, response: raw)
        }
        let diagnostics = context.diagnostics
        if !diagnostics.isEmpty, logger.isEnabled(.warning, for: .mapping) {
            // A diagnostic shows the value found; at a secret field it is redacted.
            let redaction = logger.redaction
            let request = description.description(redactingWith: redaction)
            for diagnostic in diagnostics {
                logger.warning(
                    .mapping,
                    "\(request): \(redaction.redactedDiagnostic(path: diagnostic.path, message: diagnostic.message))")
            }
        }
        return HTResponse(value: value, raw: raw, diagnostics: diagnostics)
    }

    /// The body as JSON: `null` when empty, otherwise what the serializer for its content type reads.
    static func body(of raw: HTTransportResponse, serializers: HTSerializerRegistry, description: HTRequestDescription)
        throws(HTNetworkingError) -> HTJSON
    {
        if raw.body.isEmpty { return .null }
        let contentType = raw.contentType
        let serializer = serializers.serializer(for: contentType)
        do {
            return try serializer.json(from: raw.body, contentType: contentType)
        } catch let error as HTJSONParseError {
            throw HTNetworkingError(.decoding(error), request: description, response: raw)
        } catch {
            let failure = HTSerializationError(
                serializer: serializer.name, mimeType: contentType?.mimeType, message: String(describing: error))
            throw HTNetworkingError(.serialization(failure), request: description, response: raw)
        }
    }
}
