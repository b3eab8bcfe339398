/// Whether models are being written as a request body: then their read-only fields (OpenAPI
/// `readOnly`: the server sends them, the app never does) are left out, at every level of nesting.
enum HTRequestBodyScope {
    @TaskLocal static var isActive = false
}

extension HTJSONValueConvertible {
    /// The value as JSON to send: as ``htJSON``, but without the read-only fields of the models it
    /// holds, at any depth (OpenAPI `readOnly`), which the server never expects from an app. What
    /// generated requests send as a body.
    @_spi(Generated) public var htRequestJSON: HTJSON {
        HTRequestBodyScope.$isActive.withValue(true) { htJSON }
    }
}
