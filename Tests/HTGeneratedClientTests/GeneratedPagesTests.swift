import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// Issue #39, part 4: generated requests that say how they are paged (`Specs/paging.htspec.json`'s
/// `"paging"`, `Specs/pages.openapi.yaml`'s `x-ht-paging`, and the paging envelope of
/// `Specs/nei-paging.nei.json`) conform to `HTPagedRequest`, so `client.pages(of:)` takes the request
/// alone, against the loopback server's `/pages` route (ten items, three a page by default).
@Suite struct GeneratedPagesTests {
    private let expected = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]

    /// The ids of every page of `request`, each page's total checked.
    private func ids<R: HTPagedRequest>(
        _ request: R, client: HTClient, total: Int? = 10, items: (R.Response) -> [Int]
    ) async throws -> [[Int]] {
        var result: [[Int]] = []
        for try await page in client.pages(of: request) {
            #expect(page.index == result.count)
            #expect(page.total == total)
            result.append(items(page.value))
        }
        return result
    }

    @Test func nativeSpecRequestsPageByEveryScheme() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        #expect(
            try await ids(HTListPageItemsByCursorRequest(scheme: "cursor"), client: client) { $0.map(\.id) }
                == expected)
        #expect(try await ids(HTListPageItemsByNumberRequest(), client: client) { $0.map(\.id) } == expected)
        #expect(
            try await ids(HTListPageItemsByOffsetRequest(scheme: "offset"), client: client) { $0.map(\.id) }
                == expected)
        // The Link header's pages: no total in the paging, so none is reported.
        #expect(
            try await ids(HTListPageItemsByLinkRequest(scheme: "link"), client: client, total: nil) { $0.map(\.id) }
                == expected)
        // The request's own inputs go with every page (five items, two a page).
        #expect(
            try await ids(HTListPageItemsByNumberRequest(total: 5, per: 2), client: client, total: 5) {
                $0.map(\.id)
            } == [[0, 1], [2, 3], [4]])
    }

    @Test func nativeSpecRequestsCarryTheirPaging() {
        #expect(
            HTListPageItemsByCursorRequest.paging
                == HTPaging(.cursor(keyPath: "next_cursor", parameter: "cursor"), totalKeyPath: "total"))
        #expect(
            HTListPageItemsByNumberRequest.paging
                == .pageNumber("page", first: 1, itemsKeyPath: "items", totalKeyPath: "total"))
        #expect(
            HTListPageItemsByOffsetRequest.paging
                == HTPaging(.offset(parameter: "offset"), totalKeyPath: "total", maximumPages: 100))
        #expect(HTListPageItemsByLinkRequest.paging == .linkHeader)
    }

    @Test func aLinkToAnotherOriginIsRefused() async throws {
        let server = try await sharedServer()
        var pages = HTClient(baseURL: server.baseURL).pages(
            of: HTListPageItemsByLinkRequest(scheme: "link", elsewhere: "1")
        ).makeAsyncIterator()
        #expect(try await pages.next()?.value.count == 3)
        await #expect(throws: HTNetworkingError.self) { _ = try await pages.next() }
    }

    @Test func openAPIOperationsPageWithTheirExtension() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        #expect(
            try await ids(HTListPagedThingsByCursorRequest(scheme: "cursor"), client: client) {
                ($0.items ?? []).map(\.id)
            } == expected)
        #expect(
            try await ids(HTListPagedThingsByPageRequest(), client: client) { ($0.items ?? []).map(\.id) }
                == expected)
        #expect(
            HTListPagedThingsByPageRequest.paging
                == .pageNumber("page", first: 1, itemsKeyPath: "items", totalKeyPath: "total"))
    }

    @Test func anNEIPagingEnvelopeGivesTypedPagesWithTheirTotal() async throws {
        let server = try await sharedServer()
        let client = HTClient(baseURL: server.baseURL)
        // `page`, `per` and `ResultFragment {total, result}`: inferred, nothing declared.
        #expect(
            HTGetPagedProductsRequest.paging
                == .pageNumber("page", first: 1, itemsKeyPath: "result", totalKeyPath: "total"))
        #expect(
            try await ids(HTGetPagedProductsRequest(), client: client) { $0.compactMap { $0.id.map { Int($0) } } }
                == expected)
        #expect(
            try await ids(HTGetPagedProductsRequest(per: 4), client: client) {
                $0.compactMap { $0.id.map { Int($0) } }
            } == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]])
        // The fixture's other paged interfaces, by the same rule.
        #expect(HTGetProductsRequest.paging.totalKeyPath == "total")
        #expect(HTSearchProductsRequest.paging.kind == .pageNumber(parameter: "page", first: 1))
        #expect(HTGetOrdersRequest.paging.itemsKeyPath == "result")
    }
}
