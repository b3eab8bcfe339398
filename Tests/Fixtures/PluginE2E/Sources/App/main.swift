// Uses the code HTCodegenPlugin generates from shop.htspec.json (this target), catalog.htspec.json,
// reviews.htspec.yaml and inventory.openapi.yaml (the ShopAPI library target): if either were not generated, or not public, this file would not
// compile. .ci/plugin-e2e.sh checks the printed lines.
import HTNetworking
import ShopAPI
import StockAPI

let product = HTProduct {
    $0.id = 42
    $0.name = "Widget"
}
print("model: HTProduct id=\(product.id.map(String.init) ?? "-") name=\(product.name ?? "-")")

let request = HTGetProductRequest(id: product.id ?? 0)
print("request: \(type(of: request)) \(HTGetProductRequest.method) \(HTGetProductRequest.path)")

let category = CatCategory { $0.title = "Tools" }
print(
    "library: \(type(of: CatListCategoriesRequest(page: 2))) \(CatListCategoriesRequest.path) \(category.title ?? "-")")

let review = CatReview {
    $0.stars = 5
    $0.title = "Great"
}
print(
    "yaml: \(type(of: CatListReviewsRequest(id: 42))) \(CatListReviewsRequest.path) \(review.stars.map(String.init) ?? "-") \(review.title ?? "-")"
)

let warehouse = CatWarehouse(code: "W1") { $0.name = "Main" }
print(
    "openapi: \(type(of: CatGetWarehouseRequest(code: "W1"))) \(CatGetWarehouseRequest.path) \(warehouse.name ?? "-") \(CatInventoryServers.default)"
)

let stock = StockStockLevel { $0.sku = "W-42" }
print(
    "package: \(type(of: StockGetStockRequest(sku: "W-42"))) \(StockGetStockRequest.path) \(stock.sku ?? "-") \(StockListLevelsRequest.path)"
)
_ = StockListLevelsRequest()

let shelf = StockShelf { $0.label = "A1" }
print("documents: \(type(of: StockGetShelfRequest(id: "S1"))) \(StockGetShelfRequest.path) \(shelf.label ?? "-")")
