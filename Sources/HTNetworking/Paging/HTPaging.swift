/// How an API pages its results: where the next page is, and how it is asked for. ``HTClient/pages(of:paging:)``
/// follows it from the first page to the last.
///
/// ```swift
/// for try await page in client.pages(of: ListOrdersRequest(), paging: .cursor(at: "next_cursor", parameter: "cursor")) {
///     show(page.value)
/// }
/// ```
public struct HTPaging: Sendable, Hashable {
    /// Where the next page comes from.
    public enum Kind: Sendable, Hashable {
        /// The body holds the next page's cursor at a key path; the next request sends it as a parameter.
        /// No cursor (missing, `null` or empty) is the last page.
        case cursor(keyPath: String, parameter: String)
        /// Pages are numbered from `first`, sent as a parameter; an empty page is past the last.
        case pageNumber(parameter: String, first: Int)
        /// Items are counted from 0, sent as a parameter; the next page starts after this page's items,
        /// and an empty page is past the last.
        case offset(parameter: String)
        /// The response's `Link` header names the next page (`<https://api.example/items?page=2>;
        /// rel="next"`, RFC 8288); no such link is the last page. A link to another origin is refused.
        case linkHeader
    }

    /// Where the next page comes from.
    public var kind: Kind
    /// The key path of a page's items in the body (an array), which page numbers and offsets count;
    /// `nil`: the request's response key path, else the whole body.
    public var itemsKeyPath: String?
    /// The key path of the total number of items in the body (an NEI paging envelope's `total`), which
    /// ends the pages once that many items came and is reported with each page.
    public var totalKeyPath: String?
    /// The most pages read, however many the server has (a guard against a server that never ends).
    public var maximumPages: Int

    /// Paging of `kind`.
    public init(_ kind: Kind, itemsKeyPath: String? = nil, totalKeyPath: String? = nil, maximumPages: Int = 10_000) {
        self.kind = kind
        self.itemsKeyPath = itemsKeyPath
        self.totalKeyPath = totalKeyPath
        self.maximumPages = max(1, maximumPages)
    }

    /// The next page's cursor is at `keyPath` in the body, and is sent as the parameter `parameter`.
    public static func cursor(at keyPath: String, parameter: String) -> HTPaging {
        HTPaging(.cursor(keyPath: keyPath, parameter: parameter))
    }

    /// Pages numbered from `first` (1 by default), sent as the parameter `parameter`.
    public static func pageNumber(
        _ parameter: String, first: Int = 1, itemsKeyPath: String? = nil, totalKeyPath: String? = nil
    ) -> HTPaging {
        HTPaging(
            .pageNumber(parameter: parameter, first: first), itemsKeyPath: itemsKeyPath, totalKeyPath: totalKeyPath)
    }

    /// Items counted from 0, the first of a page sent as the parameter `parameter`.
    public static func offset(_ parameter: String, itemsKeyPath: String? = nil, totalKeyPath: String? = nil)
        -> HTPaging
    {
        HTPaging(.offset(parameter: parameter), itemsKeyPath: itemsKeyPath, totalKeyPath: totalKeyPath)
    }

    /// The next page is the `Link` header's `rel="next"`.
    public static let linkHeader = HTPaging(.linkHeader)
}

/// A request that says how its results are paged, so that ``HTClient/pages(of:)`` needs no more.
public protocol HTPagedRequest: HTBaseRequest, Sendable {
    /// How the results are paged.
    static var paging: HTPaging { get }
}
