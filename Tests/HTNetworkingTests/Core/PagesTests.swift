import Foundation
import HTNetworking
import HTTestRequests
import HTTestSupport
import Testing

/// Issue #39, part 4: `client.pages(of:paging:)` follows a paged API from the first page to the last,
/// for each common scheme, against the loopback server's `/pages` route (ten items, three a page).
@Suite("Pages")
struct PagesTests {
    typealias Support = SchedulingTestSupport

    private func ids(_ pages: HTPages<ItemsPageRequest>) async throws -> [[Int]] {
        var result: [[Int]] = []
        for try await page in pages {
            result.append(page.value.compactMap { $0["id"]?.intValue })
            #expect(page.total == 10)
        }
        return result
    }

    private let expected = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]

    @Test("a cursor in the body, page numbers, offsets and Link headers all reach the last item once")
    func everySchemeReachesTheEnd() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        #expect(
            try await ids(
                client.pages(
                    of: ItemsPageRequest(scheme: "cursor"),
                    paging: HTPaging(.cursor(keyPath: "next_cursor", parameter: "cursor"), totalKeyPath: "total")))
                == expected)
        #expect(
            try await ids(
                client.pages(of: ItemsPageRequest(scheme: "page"), paging: .pageNumber("page", totalKeyPath: "total")))
                == expected)
        #expect(
            try await ids(
                client.pages(of: ItemsPageRequest(scheme: "offset"), paging: .offset("offset", totalKeyPath: "total")))
                == expected)
        #expect(
            try await ids(
                client.pages(of: ItemsPageRequest(scheme: "link"), paging: HTPaging(.linkHeader, totalKeyPath: "total"))
            )
                == expected)
        // Without a total, an empty page ends the pages (and is not one).
        var count = 0
        for try await page in client.pages(of: ItemsPageRequest(scheme: "page", total: 6), paging: .pageNumber("page"))
        {
            #expect(!page.value.isEmpty)
            count += 1
        }
        #expect(count == 2)
    }

    @Test("a body that is the items array itself is counted as the page's items")
    func bareArrayPages() async throws {
        let server = try await Support.server()
        var pages: [[Int]] = []
        for try await page in Support.client(server).pages(of: BareItemsPageRequest(), paging: .pageNumber("page")) {
            pages.append(page.value.compactMap { $0["id"]?.intValue })
        }
        #expect(pages == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]])
    }

    @Test("a next-page link to another origin is refused, not followed")
    func anotherOriginIsRefused() async throws {
        let server = try await Support.server()
        var pages = Support.client(server).pages(
            of: ItemsPageRequest(scheme: "link", elsewhere: true), paging: .linkHeader
        )
        .makeAsyncIterator()
        #expect(try await pages.next()?.value.count == 3)
        do {
            _ = try await pages.next()
            Issue.record("the link to another origin was followed")
        } catch {
            guard case .invalidRequest(let message) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("another origin"))
        }
    }

    @Test("breaking out of the loop fetches no more pages; maximumPages bounds an endless API")
    func stoppingEarly() async throws {
        let server = try await Support.server()
        let client = Support.client(server)
        var seen = 0
        for try await _ in client.pages(
            of: ItemsPageRequest(scheme: "page", total: 100_000), paging: .pageNumber("page"))
        {
            seen += 1
            if seen == 2 { break }
        }
        #expect(seen == 2)
        let bounded = HTPaging(.pageNumber(parameter: "page", first: 1), maximumPages: 3)
        var count = 0
        for try await _ in client.pages(of: ItemsPageRequest(scheme: "page", total: 100_000), paging: bounded) {
            count += 1
        }
        #expect(count == 3)
    }
}

/// `GET /pages?scheme=&total=&per=3`, its items mapped at `items`.
struct ItemsPageRequest: HTBaseRequest, Sendable {
    typealias Response = [HTJSON]
    static var method: HTHTTPMethod { .get }
    static var path: String { "/pages" }
    static var responseKeyPath: String? { "items" }
    var scheme: String
    var total = 10
    var elsewhere = false
    var parameters: HTJSONObject {
        var parameters: HTJSONObject = ["scheme": .string(scheme), "total": .integer(Int64(total)), "per": 3]
        if elsewhere { parameters["elsewhere"] = "1" }
        return parameters
    }
}

/// `GET /pages?scheme=page&total=10&per=3&bare=1`: the body is the items array, no key path.
struct BareItemsPageRequest: HTBaseRequest, Sendable {
    typealias Response = [HTJSON]
    static var method: HTHTTPMethod { .get }
    static var path: String { "/pages" }
    var parameters: HTJSONObject { ["scheme": "page", "total": 10, "per": 3, "bare": "1"] }
}
