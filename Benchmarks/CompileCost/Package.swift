// swift-tools-version: 6.2
// The peer side of the compile-cost benchmark (run.sh): swift-openapi-generator's CLI and the
// OpenAPIRuntime module that its generated code imports. Kept out of the root package graph: the
// root package has no dependencies, and this package is never built by `swift build` / `swift test`.
import PackageDescription

let package = Package(
    name: "CompileCost",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        // Empty anchor target: building it builds OpenAPIRuntime (and HTTPTypes) into .build/debug/Modules,
        // the module search path run.sh type-checks the peer's generated code against.
        .target(
            name: "PeerRuntime",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        )
    ],
    swiftLanguageModes: [.v6]
)
