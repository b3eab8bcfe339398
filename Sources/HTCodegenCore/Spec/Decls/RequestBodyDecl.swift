/// The body an interface sends, when its spec describes one apart from its parameters (an OpenAPI
/// `requestBody`). Native specs and NEI exports have none: their non-path parameters are the body.
package struct RequestBodyDecl: Sendable {
    /// How the body is written.
    package enum Encoding: Sendable, Hashable {
        /// `application/json` (or a `+json` type): the value as JSON.
        case json
        /// `application/x-www-form-urlencoded`: the object's fields as `key=value` pairs, those the
        /// media type's `encoding` gives a style written in it.
        case form(styles: [FormFieldStyle] = [])
        /// `multipart/form-data`: one part per field of the object; `Data` fields are file parts.
        case multipart
        /// Raw bytes (`application/octet-stream`, `image/png`, `text/plain`, ...) sent as given, with
        /// this content type: the body's Swift type is `Data`.
        case binary(contentType: String)
    }

    /// How one field of a form body is written (its `encoding` entry's `style` and `explode`).
    package struct FormFieldStyle: Sendable, Hashable {
        /// The field's JSON key.
        package var name: String
        /// `form`, `deepObject`, `spaceDelimited` or `pipeDelimited`.
        package var style: String
        /// Whether arrays and objects are exploded.
        package var explode: Bool

        /// Creates a style.
        package init(name: String, style: String, explode: Bool) {
            self.name = name
            self.style = style
            self.explode = explode
        }
    }

    /// How the body is written.
    package var encoding: Encoding
    /// The body's type: a model for form and multipart bodies, any type for JSON; `nil` for binary
    /// bodies (`Data`) and for a JSON body whose schema says nothing (`HTJSON`).
    package var type: TypeRef?
    /// Whether the request must send it (`required: true`): a non-optional initializer argument.
    package var isRequired: Bool
    /// What the body is.
    package var description: String?
    /// Where the body is described.
    package var location: SourceLocation

    /// Creates a body.
    package init(
        encoding: Encoding, type: TypeRef?, isRequired: Bool, description: String?, location: SourceLocation
    ) {
        self.encoding = encoding
        self.type = type
        self.isRequired = isRequired
        self.description = description
        self.location = location
    }
}
