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
        /// `multipart/form-data`: one part per field of the object; `Data` fields are file parts. The
        /// media type's `encoding` gives some parts a content type and headers.
        case multipart(parts: [MultipartPartEncoding] = [])
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

    /// How one part of a multipart body is written (its `encoding` entry's `contentType` and
    /// `headers`).
    package struct MultipartPartEncoding: Sendable, Hashable {
        /// The field's JSON key.
        package var name: String
        /// The part's `Content-Type`: the entry's type, or the first concrete one of its list; `nil`
        /// for the default (none for text, `application/json` for objects, `application/octet-stream`
        /// for files).
        package var contentType: String?
        /// The headers the app may give the part, in the order declared (`Content-Type` left out).
        package var headers: [PartHeader]

        /// Creates a part's encoding.
        package init(name: String, contentType: String?, headers: [PartHeader]) {
            self.name = name
            self.contentType = contentType
            self.headers = headers
        }
    }

    /// A header a multipart part declares: its value is the app's.
    package struct PartHeader: Sendable, Hashable {
        /// The header's name.
        package var name: String
        /// What it is.
        package var description: String?
        /// Where it is declared.
        package var location: SourceLocation

        /// Creates a part header.
        package init(name: String, description: String?, location: SourceLocation) {
            self.name = name
            self.description = description
            self.location = location
        }
    }

    /// One media type of a body that lists several, which the app chooses between.
    package struct Choice: Sendable, Hashable {
        /// The case name (`json`, `form`, `multipart`, `octetStream`, `png`, ...).
        package var name: String
        /// The media type, without parameters.
        package var mediaType: String
        /// How it is written.
        package var encoding: Encoding
        /// Its type, as ``RequestBodyDecl/type`` is for a body of one media type.
        package var type: TypeRef?
        /// Where the media type is listed.
        package var location: SourceLocation

        /// Creates a choice.
        package init(name: String, mediaType: String, encoding: Encoding, type: TypeRef?, location: SourceLocation) {
            self.name = name
            self.mediaType = mediaType
            self.encoding = encoding
            self.type = type
            self.location = location
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
    /// The media types the app chooses between, when the body lists several that differ (then
    /// ``encoding`` and ``type`` are the first's); empty for a body of one media type.
    package var choices: [Choice] = []

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
