/// The file name and content type a file part of a generated multipart request body is sent with.
///
/// A generated OpenAPI request whose `multipart/form-data` body has a binary field (`Data`, or
/// `[Data]` for several files) has a property for it, named after the field (`photoFile`, or
/// `photosFiles` with one value per file, in order). Left `nil`, a file part is named after its field
/// (`filename="photo"`) and typed as the document's `encoding` says, else
/// `application/octet-stream`:
///
/// ```swift
/// var request = UploadPetPhotoRequest(petId: 7, requestBody: UploadPetPhotoRequestBody(photo: jpeg))
/// request.photoFile = HTMultipartFileInfo(fileName: "rex.jpg", contentType: "image/jpeg")
/// ```
public struct HTMultipartFileInfo: Sendable, Hashable {
    /// The file name the receiver sees (`filename=`); `nil`: the field's name.
    public var fileName: String?
    /// The part's `Content-Type`; `nil`: the document's, else `application/octet-stream`.
    public var contentType: String?

    /// Describes a file part.
    ///
    /// - Parameters:
    ///   - fileName: the file name the receiver sees; `nil`: the field's name.
    ///   - contentType: the part's `Content-Type`; `nil`: the document's, else `application/octet-stream`.
    public init(fileName: String? = nil, contentType: String? = nil) {
        self.fileName = fileName
        self.contentType = contentType
    }
}
