// swift-tools-version:5.9
// ScopaKit: the Swift bindings of scopa-ffi (module ScopaEngine, over the C module
// ScopaEngineFFI shipped as an XCFramework) and the app's game controller (ScopaController,
// Foundation only). Run scripts/build-xcframework.sh first: it builds
// build/ScopaEngineFFI.xcframework and generates Sources/ScopaEngine/ScopaEngine.swift
// (neither is committed). See docs/apps.md.
import PackageDescription

let package = Package(
    name: "ScopaKit",
    platforms: [.iOS(.v15)],
    products: [
        .library(name: "ScopaKit", targets: ["ScopaEngine", "ScopaController"]),
    ],
    targets: [
        .binaryTarget(name: "ScopaEngineFFI", path: "build/ScopaEngineFFI.xcframework"),
        .target(
            name: "ScopaEngine", dependencies: ["ScopaEngineFFI"], path: "Sources/ScopaEngine",
            exclude: ["README.md"]),
        .target(name: "ScopaController", dependencies: ["ScopaEngine"], path: "Sources/ScopaController"),
        .testTarget(
            name: "ScopaControllerTests",
            dependencies: ["ScopaController", "ScopaEngine"],
            path: "Tests/ScopaControllerTests"),
    ]
)
