import Foundation
import HTNetworking
import HTTestSupport
import Testing

/// Issue #38, part 2: a form body's `encoding` is honoured (`Specs/payments.openapi.yaml`): nested
/// objects and arrays in `deepObject` style go out as `metadata[plan]=pro&line_items[0][price]=p_1`,
/// not as JSON text, and a field without `explode` is joined.
@Suite struct PaymentsFormTests {
    @Test func deepObjectFieldsGoOutInBrackets() async throws {
        let server = try await LoopbackServer.start()
        defer { server.stop() }
        let request = HTCreateCheckoutSessionRequest(
            requestBody: HTCreateCheckoutSessionRequestBody(mode: "payment") {
                $0.metadata = ["plan": "pro", "ref": "a&b"]
                $0.lineItems = [
                    HTCreateCheckoutSessionRequestBodyLineItemsItem {
                        $0.price = "p_1"
                        $0.quantity = 2
                    },
                    HTCreateCheckoutSessionRequestBodyLineItemsItem { $0.price = "p_2" },
                ]
                $0.expand = ["customer", "invoice"]
                $0.paymentMethodTypes = ["card", "link"]
                $0.shipping = HTCreateCheckoutSessionRequestBodyShipping {
                    $0.name = "Ann"
                    $0.address = HTCreateCheckoutSessionRequestBodyShippingAddress { $0.city = "Oslo" }
                }
            })
        let echo = try await makeEchoClient(server).send(request)
        let expected: [String] = [
            "mode=payment", "metadata%5Bplan%5D=pro", "metadata%5Bref%5D=a%26b", "line_items%5B0%5D%5Bprice%5D=p_1",
            "line_items%5B0%5D%5Bquantity%5D=2", "line_items%5B1%5D%5Bprice%5D=p_2", "expand=customer",
            "expand=invoice", "payment_method_types=card%2Clink", "shipping%5Bname%5D=Ann",
            "shipping%5Baddress%5D%5Bcity%5D=Oslo",
        ]
        #expect(echo.body == expected.joined(separator: "&"))
    }
}
