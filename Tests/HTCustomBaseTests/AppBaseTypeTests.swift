import HTNetworking
import Testing

@Suite("App-declared model base class and request protocol")
struct AppBaseTypeTests {
    @Test("generated models inherit the app's base class and map, write, build and edit")
    func modelsInheritTheAppBase() throws {
        let product = try AppProduct(
            jsonString:
                #"{"id": 3, "name": "Lamp", "tags": ["desk"], "maker": {"name": "Acme"}, "variants": [{"id": 4}]}"#)
        #expect(product.id == 3)
        #expect(product.name == "Lamp")
        #expect(product.tags == ["desk"])
        #expect(product.maker?.name == "Acme")
        #expect(product.variants?.map(\.id) == [4])

        let base: AppModel = product
        #expect(base.origin == "network")
        #expect(product.maker?.logLine() == #"AppMaker from network: {"name":"Acme"}"#)

        #expect(
            product.htJSONString()
                == #"{"id":3,"name":"Lamp","tags":["desk"],"maker":{"name":"Acme"},"variants":[{"id":4}]}"#)
        let edited = product.with { $0.name = "Desk lamp" }
        #expect(edited != product && edited.maker === product.maker && edited.origin == "network")
        #expect(AppProduct { $0.id = 3 }.origin == "network")
        #expect(AppProduct.baseTypePropertyList == ["id", "name", "tags"])
        #expect(AppProduct.customTypePropertyDic.keys.sorted() == ["maker", "variants"])
    }

    @Test("a schema and a format mapped to the app's own types map and write through them")
    func appOwnTypes() throws {
        let account = try AppAccount(
            jsonString:
                #"{"id": "DE-7", "balance": {"cents": 1250, "currency": "EUR"}, "history": [{"cents": 5, "currency": "EUR"}]}"#
        )
        #expect(account.id == AccountNumber(text: "DE-7"))
        #expect(account.balance == Cash(cents: 1250, currency: "EUR"))
        #expect(account.history == [Cash(cents: 5, currency: "EUR")])
        #expect(account.htJSONString().contains(#""balance":{"cents":1250,"currency":"EUR"}"#))
        #expect(AppGetAccountRequest(id: AccountNumber(text: "DE-7")).id.text == "DE-7")
    }

    @Test("generated requests conform to the app's protocol")
    func requestsConformToTheAppProtocol() {
        func area<Request: AppRequest>(of _: Request.Type) -> String { Request.appArea }
        #expect(area(of: AppListProductsRequest.self) == "store")
    }
}
