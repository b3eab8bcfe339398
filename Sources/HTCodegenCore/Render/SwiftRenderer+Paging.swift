/// A paged request (``ResolvedRequest/paging``) conforms to the runtime's `HTPagedRequest`:
///
/// ```swift
/// internal struct HTListItemsRequest: HTBaseRequest, Sendable, HTPagedRequest {
///     internal static var paging: HTPaging { HTPaging(.pageNumber(parameter: "page", first: 1), totalKeyPath: "total") }
/// ```
///
/// so that `client.pages(of: HTListItemsRequest())` needs no paging argument. Computed like the other
/// static members (issue #16); only what differs from `HTPaging`'s defaults is written. Its doc comment
/// says how it pages, and who said so when the NEI reader inferred it.
extension SwiftRenderer {
    /// The `HTPaging` expression of `paging`.
    func pagingExpression(_ paging: PagingDecl) -> String {
        let kind: String
        switch paging.kind {
        case .cursor(let keyPath, let parameter):
            kind =
                ".cursor(keyPath: \(SwiftNaming.stringLiteral(keyPath)), parameter: \(SwiftNaming.stringLiteral(parameter)))"
        case .pageNumber(let parameter, let first):
            kind = ".pageNumber(parameter: \(SwiftNaming.stringLiteral(parameter)), first: \(first))"
        case .offset(let parameter):
            kind = ".offset(parameter: \(SwiftNaming.stringLiteral(parameter)))"
        case .linkHeader:
            kind = ".linkHeader"
        }
        var arguments = [kind]
        if let items = paging.itemsKeyPath { arguments.append("itemsKeyPath: \(SwiftNaming.stringLiteral(items))") }
        if let total = paging.totalKeyPath { arguments.append("totalKeyPath: \(SwiftNaming.stringLiteral(total))") }
        if let maximum = paging.maximumPages { arguments.append("maximumPages: \(maximum)") }
        return "HTPaging(\(arguments.joined(separator: ", ")))"
    }

    /// The doc comment lines that say how the request pages.
    func writePagingDoc(_ paging: PagingDecl?, into writer: inout SwiftWriter) {
        guard let paging else { return }
        func code(_ text: String) -> String { "`\(SwiftNaming.commentLine(text).replacingBackticks)`" }
        var how: String
        switch paging.kind {
        case .cursor(let keyPath, let parameter):
            how = "by a cursor: the body's \(code(keyPath)), sent as \(code(parameter))"
        case .pageNumber(let parameter, let first):
            how = "by page number: \(code(parameter)), from \(first)"
        case .offset(let parameter):
            how = "by offset: \(code(parameter)), from 0"
        case .linkHeader:
            how = "by the `Link` header's `rel=\"next\"`"
        }
        if let items = paging.itemsKeyPath { how += "; the items at \(code(items))" }
        if let total = paging.totalKeyPath { how += "; the total at \(code(total))" }
        writer.line("/// - Note: `client.pages(of:)` pages it \(how).")
        if paging.origin == .inferred {
            writer.line("///   Inferred from the NEI paging envelope; set `paging` in htcodegen.json to change it.")
        }
    }
}
