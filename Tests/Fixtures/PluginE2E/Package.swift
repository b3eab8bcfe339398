// swift-tools-version: 6.0
// A tiny package for the end-to-end check of the HTCodegenPlugin build-tool plugin (.ci/plugin-e2e.sh).
// It is not part of the HTNetworking package graph: the script copies it to a temporary folder and
// rewrites the dependency path below to the absolute path of the HTNetworking checkout. As committed,
// the relative path points at the checkout this folder lives in, so it also builds in place.
import PackageDescription

let package = Package(
    name: "PluginE2E",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "HTNetworking", path: "../../..")
    ],
    targets: [
        // A library target of specs, used from the app: the README's setup.
        .target(
            name: "ShopAPI",
            dependencies: [.product(name: "HTNetworking", package: "HTNetworking")],
            plugins: [.plugin(name: "HTCodegenPlugin", package: "HTNetworking")]
        ),
        // A library target whose generated types have `package` access.
        .target(
            name: "StockAPI",
            dependencies: [.product(name: "HTNetworking", package: "HTNetworking")],
            plugins: [.plugin(name: "HTCodegenPlugin", package: "HTNetworking")]
        ),
        .executableTarget(
            name: "App",
            dependencies: ["ShopAPI", "StockAPI", .product(name: "HTNetworking", package: "HTNetworking")],
            plugins: [.plugin(name: "HTCodegenPlugin", package: "HTNetworking")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
