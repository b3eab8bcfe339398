// swift-tools-version: 6.0
// The client of the end-to-end check against a real FastAPI server (.ci/fastapi-e2e.sh, issue #37).
// It is not part of the HTNetworking package graph: the script copies it to a scratch folder, writes
// the code ht-codegen generates from the server's /openapi.json into Sources/FastAPIClient/Generated,
// and rewrites the dependency path below to the absolute path of the HTNetworking checkout. As
// committed, the relative path points at the checkout this folder lives in.
import PackageDescription

let package = Package(
    name: "FastAPIClient",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "HTNetworking", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "FastAPIClient",
            dependencies: [.product(name: "HTNetworking", package: "HTNetworking")]
        )
    ],
    swiftLanguageModes: [.v6]
)
