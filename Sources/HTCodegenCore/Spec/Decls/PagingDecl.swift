/// How an interface's results are paged: a native spec's `"paging"`, an OpenAPI operation's
/// `x-ht-paging`, a `paging` setting of `htcodegen.json`, or what the NEI reader infers from a paging
/// envelope (``NEIPagingInference``). The generated request conforms to the runtime's `HTPagedRequest`,
/// whose `paging` is this, so `client.pages(of:)` needs nothing more. Written as ``PagingSyntax`` reads it.
package struct PagingDecl: Sendable, Hashable {
    /// Where the next page comes from (the runtime's `HTPaging.Kind`).
    package enum Kind: Sendable, Hashable {
        /// The body holds the next page's cursor at `keyPath`; the next request sends it as `parameter`.
        case cursor(keyPath: String, parameter: String)
        /// Pages numbered from `first`, sent as `parameter`.
        case pageNumber(parameter: String, first: Int)
        /// The first item of a page, counted from 0, sent as `parameter`.
        case offset(parameter: String)
        /// The response's `Link` header names the next page (`rel="next"`).
        case linkHeader

        /// The input the pages set, if any.
        package var parameter: String? {
            switch self {
            case .cursor(_, let parameter), .pageNumber(let parameter, _), .offset(let parameter): return parameter
            case .linkHeader: return nil
            }
        }
    }

    /// Who says how the interface is paged.
    package enum Origin: Sendable, Hashable {
        /// The spec (native `"paging"`, OpenAPI `x-ht-paging`).
        case spec
        /// A `paging` setting of `htcodegen.json`.
        case config
        /// The NEI reader, from a paging envelope and a page-number or offset input.
        case inferred
    }

    /// Where the next page comes from.
    package var kind: Kind
    /// The key path of a page's items in the body; `nil`: the response's key path, else the whole body.
    package var itemsKeyPath: String?
    /// The key path of the total number of items in the body, if any.
    package var totalKeyPath: String?
    /// The most pages read; `nil`: the runtime's default.
    package var maximumPages: Int?
    /// Where the paging is written (the value of the key).
    package var location: SourceLocation
    /// Where the name of the input the pages set is written (``location`` when there is none).
    package var parameterLocation: SourceLocation
    /// Who says so.
    package var origin: Origin = .spec

    /// Creates a paging of `kind`, written at `location`.
    package init(
        _ kind: Kind, itemsKeyPath: String? = nil, totalKeyPath: String? = nil, maximumPages: Int? = nil,
        location: SourceLocation, parameterLocation: SourceLocation? = nil, origin: Origin = .spec
    ) {
        self.kind = kind
        self.itemsKeyPath = itemsKeyPath
        self.totalKeyPath = totalKeyPath
        self.maximumPages = maximumPages
        self.location = location
        self.parameterLocation = parameterLocation ?? location
        self.origin = origin
    }
}
