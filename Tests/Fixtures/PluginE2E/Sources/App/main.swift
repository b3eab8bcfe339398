// Uses the code HTCodegenPlugin generates from shop.htspec.json: if the model or the request were not
// generated, this file would not compile. .ci/plugin-e2e.sh checks the printed lines.
import HTNetworking

let product = HTProduct()
product.id = 42
product.name = "Widget"
print("model: HTProduct id=\(product.id.map(String.init) ?? "-") name=\(product.name ?? "-")")

let request = HTGetProductRequest(id: product.id)
print("request: \(type(of: request)) \(HTGetProductRequest.method) \(HTGetProductRequest.path)")
