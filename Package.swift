// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "HTNetworking",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "HTNetworking", targets: ["HTNetworking"]),
        .library(name: "HTModel", targets: ["HTModel"]),
        // The Objective-C-style APIs (callbacks, delegates, chains, branches, freeze notifications,
        // RestKit-style descriptors), for apps moving from the original: `import HTNetworkingCompat`.
        .library(name: "HTNetworkingCompat", targets: ["HTNetworkingCompat"]),
        .executable(name: "ht-codegen", targets: ["ht-codegen"]),
        .executable(name: "ht-mock-server", targets: ["ht-mock-server"]),
        .plugin(name: "HTCodegenPlugin", targets: ["HTCodegenPlugin"]),
        .plugin(name: "GenerateClient", targets: ["GenerateClient"]),
        .plugin(name: "MockServer", targets: ["MockServer"]),
    ],
    targets: [
        // Runtime
        .target(name: "HTModel"),
        .target(name: "HTNetworking", dependencies: ["HTModel"]),
        .target(name: "HTNetworkingCompat", dependencies: ["HTNetworking"]),

        // Generator
        .target(name: "HTCodegenCore"),
        .executableTarget(name: "ht-codegen", dependencies: ["HTCodegenCore"]),
        // Serves specs over HTTP on loopback (issue #40): POSIX sockets, one thread per connection, so
        // the package keeps no dependency; the routing, checking and answering are HTCodegenCore's.
        .executableTarget(name: "ht-mock-server", dependencies: ["HTCodegenCore"]),
        .plugin(
            name: "HTCodegenPlugin",
            capability: .buildTool(),
            dependencies: ["ht-codegen"]
        ),
        .plugin(
            name: "GenerateClient",
            capability: .command(
                intent: .custom(
                    verb: "generate-client",
                    description:
                        "Generate Swift models and requests from *.htspec.json (or .yaml) files into Sources/<target>/Generated/."
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "To write the generated Swift files into the target's source folder.")
                ]
            ),
            dependencies: ["ht-codegen"]
        ),

        .plugin(
            name: "MockServer",
            capability: .command(
                intent: .custom(
                    verb: "mock-server",
                    description:
                        "Serve a target's spec files over HTTP on loopback with ht-mock-server (answers from the specs)."
                ),
                permissions: [
                    .allowNetworkConnections(
                        scope: .local(ports: []), reason: "To listen on a loopback port for the mock server.")
                ]
            ),
            dependencies: ["ht-mock-server"]
        ),

        // Executables
        .executableTarget(
            name: "ht-demo", dependencies: ["HTNetworking"], resources: [.copy("Responses")],
            plugins: ["HTCodegenPlugin"]),
        .executableTarget(name: "ht-bench", dependencies: ["HTNetworking", "HTModel"], plugins: ["HTCodegenPlugin"]),

        // Tests
        // What several test targets share: the loopback HTTP server (a Python script run as a child
        // process) and its Swift driver. A plain target under Tests/, so no test target links another's files.
        .target(name: "HTTestSupport", path: "Tests/HTTestSupport", exclude: ["Server"]),
        // The models and requests the runtime's tests send, generated from the specs in its folder (the
        // loopback server's routes and a user API) with `package` access, so that every test target of
        // the runtime uses the shape apps get from the generator, not a hand-written imitation of it.
        // It also holds the helpers those test targets share (loggers, transports, scheduling helpers).
        .target(
            name: "HTTestRequests", dependencies: ["HTNetworking", "HTTestSupport"], path: "Tests/HTTestRequests",
            plugins: ["HTCodegenPlugin"]),
        // The models that both HTModelTests and HTNetworkingCompatTests' descriptor tests map, with `package`
        // access, so that each is defined once: generated from its spec (importing HTModel, not HTNetworking),
        // plus the few the generator can't emit, written by hand in SharedModels.swift.
        .target(
            name: "HTModelFixtures", dependencies: ["HTModel"], path: "Tests/HTModelFixtures",
            plugins: ["HTCodegenPlugin"]),
        .testTarget(name: "HTModelTests", dependencies: ["HTModel", "HTTestSupport", "HTModelFixtures"]),
        .testTarget(name: "HTNetworkingTests", dependencies: ["HTNetworking", "HTTestSupport", "HTTestRequests"]),
        .testTarget(
            name: "HTNetworkingCompatTests",
            dependencies: ["HTNetworkingCompat", "HTTestSupport", "HTTestRequests", "HTModelFixtures"]),
        .testTarget(
            name: "HTCodegenCoreTests", dependencies: ["HTCodegenCore", "HTTestSupport"], exclude: ["Goldens", "Specs"]),
        .testTarget(
            name: "HTGeneratedClientTests",
            dependencies: ["HTNetworking", "HTTestSupport"],
            plugins: ["HTCodegenPlugin"]
        ),
        .testTarget(name: "HTCustomBaseTests", dependencies: ["HTNetworking"], plugins: ["HTCodegenPlugin"]),
    ],
    swiftLanguageModes: [.v6]
)
