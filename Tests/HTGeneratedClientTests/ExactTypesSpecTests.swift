import Foundation
import HTNetworking
import HTTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #24: every exact type declared in a spec (`Specs/exact-types.htspec.json`), generated, sent to the
/// real loopback server in each parameter position, and mapped back. The server must see the exact text.
@Suite struct ExactTypesSpecTests {
    static let day = Date(timeIntervalSince1970: 1_795_564_800)  // 2026-11-25
    static let instant = Date(timeIntervalSince1970: 1_795_593_600)  // 2026-11-25T08:00:00Z
    static let token = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!

    static func decimal(_ text: String) -> Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    static func findRequest() -> HTShopFindProductsRequest {
        HTShopFindProductsRequest(
            id: UInt64.max, day: day, maxPrice: decimal("12.12"), since: instant,
            sinceMs: instant.addingTimeInterval(0.25),
            token: token, stock: Int32.min, serial: 4_900_111_000, link: URL(string: "https://example.com/a?b=1"),
            blob: Data([0xFB, 0xFF]), tags: ["zh": "你好", "en": "Hi"])
    }

    @Test func pathAndQuerySeeTheExactText() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let echo = try await makeEchoClient(server).send(Self.findRequest())
        #expect(echo["path"] == "/echo/shop/18446744073709551615/2026-11-25")
        #expect(
            echo["query"]
                == [
                    "maxPrice": ["12.12"], "since": ["2026-11-25T08:00:00Z"], "sinceMs": ["1795593600250"],
                    "token": ["3f2504e0-4f89-41d3-9a0c-0305e82c3301"], "stock": ["-2147483648"],
                    "serial": ["4900111000"], "link": ["https://example.com/a?b=1"], "blob": ["+/8="],
                    "tags": [#"{"en":"Hi","zh":"你好"}"#],
                ])
    }

    @Test func jsonAndFormBodiesSeeTheExactText() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = HTShopSaveProductRequest(
            id: 18_000_000_000_000_000_001, maxPrice: Self.decimal("1234567890.123456789"), since: Self.instant,
            sinceMs: Self.instant, token: Self.token, blob: Data("hi".utf8), tags: ["k": "v"],
            route: [[120.1, 30.25], [121]])
        let json = try await makeEchoClient(server).send(request)
        #expect(json["path"] == "/echo/shop/18000000000000000001")
        #expect(
            json["body"]
                == .string(
                    #"{"maxPrice":1234567890.123456789,"since":"2026-11-25T08:00:00Z","sinceMs":1795593600000,"#
                        + #""token":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","blob":"aGk=","tags":{"k":"v"},"#
                        + #""route":[[120.1,30.25],[121]]}"#))
        let form = try await makeEchoClient(server, encoding: .form).send(request)
        #expect(
            form["form"]
                == [
                    "maxPrice": ["1234567890.123456789"], "since": ["2026-11-25T08:00:00Z"],
                    "sinceMs": ["1795593600000"], "token": ["3f2504e0-4f89-41d3-9a0c-0305e82c3301"],
                    "blob": ["aGk="], "tags": [#"{"k":"v"}"#], "route": ["[120.1,30.25]", "[121]"],
                ])
    }

    @Test func aProductRoundTripsThroughTheServer() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let product = HTShopProduct {
            $0.id = UInt64.max
            $0.stock = -7
            $0.serial = 4_900_111_000
            $0.price = Self.decimal("12.12")
            $0.createdAt = Self.instant.addingTimeInterval(0.25)
            $0.releasedOn = Self.day
            $0.updatedAt = Self.instant
            $0.soldAt = Self.instant
            $0.homepage = URL(string: "/products/7")
            $0.uuid = Self.token
            $0.thumbnail = Data([0, 1, 2, 255])
            $0.names = ["zh": "你好", "en": "Hello"]
            $0.regionalPrices = ["cn": Self.decimal("0.1"), "us": Self.decimal("99999999999999999999.99")]
                .compactMapValues { $0 }
            $0.route = [[120.1, 30.25], [121.5, 31]]
            $0.variants = [
                "s": HTShopVariant {
                    $0.sku = "S"
                    $0.price = Self.decimal("10.5")
                }
            ]
            $0.restocks = [Self.instant, Self.day]
        }
        let client = HTClient(baseURL: server.baseURL)
        let response = try await client.response(for: HTShopEchoProductRequest(shopProduct: product))
        #expect(response.diagnostics.isEmpty)
        #expect(response.value == product)
        let sent = String(decoding: response.body, as: UTF8.self)
        for text in [
            #""id":18446744073709551615"#, #""price":12.12"#, #""createdAt":1795593600250"#,
            #""releasedOn":"2026-11-25""#, #""updatedAt":"2026-11-25T08:00:00Z""#, #""soldAt":"2026/11/25 16:00""#,
            #""uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3301""#, #""thumbnail":"AAEC/w==""#,
            #""regionalPrices":{"cn":0.1,"us":99999999999999999999.99}"#, #""restocks":[1795593600,1795564800]"#,
        ] {
            #expect(sent.contains(text), "\(text) in \(sent)")
        }
    }

    @Test func badValuesAreDiagnosticsAtTheirPaths() throws {
        let json = try HTJSON(
            parsing: #"""
                {"id": -1, "stock": 2147483648, "price": "ten", "createdAt": "2026-11-25", "uuid": "x",
                 "thumbnail": "%%", "regionalPrices": {"a": 1, "b": "x"}, "restocks": [1, "soon"]}
                """#)
        let (product, diagnostics) = try HTShopProduct.htMapped(from: json)
        #expect(product.id == nil && product.stock == nil && product.price == nil && product.createdAt == nil)
        #expect(product.regionalPrices == ["a": 1])
        #expect(product.restocks == [Date(timeIntervalSince1970: 1)])
        #expect(
            diagnostics.map(\.path.description) == [
                "id", "stock", "price", "createdAt", "uuid", "thumbnail", "regionalPrices.b", "restocks[1]",
            ])
        #expect(throws: HTMappingError.self) { try HTShopProduct.htMapped(from: json, options: .strict) }
    }

    @Test func valuesPastTheTypesLimitsAreDiagnosticsNotChangedValues() throws {
        // Issue #35: a Decimal of more than 38 digits or beyond its exponent range, a date outside the
        // years 1...9999, a map key that differs from another only in Unicode normalization.
        let json = try HTJSON(
            parsing: #"""
                {"price": 115792089237316195423570985008687907853269984665640564039457584007913129639935,
                 "regionalPrices": {"a": "0.1234567890123456789012345678901234567891", "b": 1e-400, "c": 12.12},
                 "createdAt": 253402300800000, "releasedOn": "0000-01-01", "updatedAt": "0000-01-01T00:00:00Z",
                 "soldAt": "10000/01/01 08:00", "restocks": [1e300, 1],
                 "names": {"\u00e9": "precomposed", "e\u0301": "decomposed"}}
                """#)
        let (product, diagnostics) = try HTShopProduct.htMapped(from: json)
        #expect(product.price == nil && product.createdAt == nil && product.releasedOn == nil)
        #expect(product.updatedAt == nil && product.soldAt == nil)
        #expect(product.regionalPrices == ["c": Self.decimal("12.12")].compactMapValues { $0 })
        #expect(product.restocks == [Date(timeIntervalSince1970: 1)])
        #expect(product.names?.count == 1)
        #expect(product.names?.first.map { Array($0.key.utf8) } == [0xC3, 0xA9])
        #expect(
            diagnostics.map(\.path) == [
                HTJSONPath(keyPath: "price"), HTJSONPath(keyPath: "regionalPrices.a"),
                HTJSONPath(keyPath: "regionalPrices.b"), HTJSONPath(keyPath: "createdAt"),
                HTJSONPath(keyPath: "releasedOn"), HTJSONPath(keyPath: "updatedAt"), HTJSONPath(keyPath: "soldAt"),
                HTJSONPath([.key("restocks"), .index(0)]), HTJSONPath([.key("names"), .key("e\u{0301}")]),
            ])
        #expect(throws: HTMappingError.self) { try HTShopProduct.htMapped(from: json, options: .strict) }
    }
}
