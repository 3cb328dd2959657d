// swift-tools-version:6.0
// libFuzzer targets for reflc, in a package of their own so that the root
// package's `swift build` and `swift test` never see them. Build and run them
// with `scripts/fuzz.sh`.
import PackageDescription

let package = Package(
    name: "reflc-fuzz",
    // The name pins the dependency's identity whatever the checkout folder is called.
    dependencies: [.package(name: "reflc", path: "..")],
    targets: [
        .executableTarget(name: "LexerFuzz", dependencies: [.product(name: "ReflLexer", package: "reflc")]),
        .executableTarget(name: "ParserFuzz", dependencies: [.product(name: "ReflParser", package: "reflc")]),
        .executableTarget(name: "CompileFuzz", dependencies: [.product(name: "ReflEval", package: "reflc")]),
        .executableTarget(name: "TableFuzz", dependencies: [.product(name: "ReflEval", package: "reflc")]),
        .executableTarget(name: "FormatFuzz", dependencies: [.product(name: "ReflTools", package: "reflc"),
                                                             .product(name: "ReflLexer", package: "reflc")]),
    ]
)
