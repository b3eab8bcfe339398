import HTNetworking

// What the upload tests read from the server's answer.
extension UploadResult {
    /// A text field as the server parsed it.
    package func field(_ name: String) -> String? { htStorage.fields?[name]?.stringValue }

    /// A file part's description (`filename`, `content_type`, `size`, `sha256`).
    package func file(_ name: String) -> HTJSON? { htStorage.files?[name] }
}
