/// A value an ``HTResponseData`` throwing accessor could not return: where it was, what was there, and
/// what was expected.
///
/// ```text
/// data.items[5].name: expected string, found nothing (at data.items: index 5 is out of range (3 elements))
/// data.age: expected integer, found string "forty"
/// ```
public struct HTResponseDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the document the value was asked for (or, for a value nested in a model, where the
    /// nested value that failed is).
    public var path: HTJSONPath
    /// The kind of value found there; ``HTResponseData/Kind/none`` when there was nothing.
    public var found: HTResponseData.Kind
    /// What was expected and what was found, in words.
    public var message: String

    /// Creates an error.
    package init(path: HTJSONPath, found: HTResponseData.Kind, message: String) {
        self.path = path
        self.found = found
        self.message = message
    }

    /// `path: message`, e.g. `data.age: expected integer, found string "forty"`.
    public var description: String { "\(path): \(message)" }
}
