import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 11, "Numbers": NEI `Number` inputs and fields (Swift `Double`) generated from an NEI v3 export
/// (`Specs/numbers.nei.json`); whole values reach the loopback server as integers.
@Suite struct NumberSpecTests {
    @Test func numberInputsInThePathAndQueryAreIntegers() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = HTListNumberItemsRequest(id: 5.0, offset: 0.0, limit: 10.0, ratio: 2.5, ids: [1.0, 2.5])
        let echo = try await makeEchoClient(server).send(request)
        #expect(echo["method"] == "GET")
        #expect(echo["path"] == "/echo/api/items/5")
        #expect(echo["query"] == ["offset": ["0"], "limit": ["10"], "ratio": ["2.5"], "ids": ["1", "2.5"]])
    }

    @Test func numberInputsInAJSONBodyAreIntegers() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = HTSaveNumberItemRequest(id: 5.0, offset: 0.0, limit: 10.0, ratio: 2.5, ids: [1.0, 2.5])
        let echo = try await makeEchoClient(server).send(request)
        #expect(echo["path"] == "/echo/api/items/5")
        #expect(echo["body"] == #"{"offset":0,"limit":10,"ratio":2.5,"ids":[1,2.5]}"#)
    }

    @Test func numberInputsInAFormBodyAreIntegers() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = HTSaveNumberItemRequest(id: 5.0, offset: 0.0, limit: 10.0, ratio: 2.5, ids: [1.0, 2.5])
        let echo = try await makeEchoClient(server, encoding: .form).send(request)
        #expect(echo["body"] == "offset=0&limit=10&ratio=2.5&ids=1&ids=2.5")
    }

    @Test func numberFieldsMappedFromIntegersAreWrittenBackAsIntegers() throws {
        let item = try HTNumberItem.htMap(
            try HTJSON(parsing: #"{"id": 3, "price": 2.5, "sizes": [1, 2.0, 0.5], "title": "t"}"#))
        #expect(item.id == 3)
        #expect(item.htJSONString() == #"{"id":3,"price":2.5,"sizes":[1,2,0.5],"title":"t"}"#)
        #expect(item.htJSON.serializedString() == item.htJSONString())
    }
}
