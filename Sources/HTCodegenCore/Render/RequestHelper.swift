/// A function of the runtime's `HTParameterStyles` (SPI `Generated`) that generated requests call: the
/// parameter styles of OpenAPI that are joined or flattened before the runtime sees the parameters
/// (see `SwiftRenderer+PlacedRequests.swift`). Each takes and returns concrete types, so a request calls
/// it with nothing to infer.
enum RequestHelper: CaseIterable, Hashable {
    /// An array's (or an object's) values joined by a separator.
    case joinedValue
    /// An object's members as parameters of their own.
    case appendMembers
    /// An object's members as `name[key]` parameters.
    case appendDeepObject
    /// A header's text.
    case headerText
    /// A value as its JSON text (a parameter described by JSON `content`).
    case jsonText
    /// Adds a `name=value` pair to the `Cookie` header.
    case cookie
    /// The members of a form body that is not a model.
    case formObject
    /// One field of a form body written in the style its `encoding` gives.
    case restyleFormField
    /// The parts of a multipart body that is not a model.
    case multipartParts
    /// A file part of a multipart body, described by the app's `HTMultipartFileInfo`.
    case filePart
    /// The headers of a multipart part that the app set.
    case partHeaders

    /// The function's name.
    var functionName: String {
        switch self {
        case .joinedValue: return "joined"
        case .appendMembers: return "appendMembers"
        case .appendDeepObject: return "appendDeepObject"
        case .headerText: return "headerText"
        case .jsonText: return "jsonText"
        case .cookie: return "appendCookie"
        case .formObject: return "formObject"
        case .restyleFormField: return "restyleFormField"
        case .multipartParts: return "multipartParts"
        case .filePart: return "filePart"
        case .partHeaders: return "partHeaders"
        }
    }
}
