// swift-tools-version:6.0
// Benchmark programs for reflc, in a package of their own (depending on the
// root by path) so the root package holds only the product. Run everything
// with `scripts/bench.sh`.
import PackageDescription

let package = Package(
    name: "reflc-benchmarks",
    dependencies: [.package(name: "reflc", path: "..")],
    targets: [
        // How the programs report an error rather than trap on it, and their usage.
        .target(name: "BenchmarkSupport"),
        .executableTarget(name: "ResolveBench", dependencies: ["BenchmarkSupport", .product(name: "ReflEval", package: "reflc")]),
        .executableTarget(name: "LoadBench", dependencies: ["BenchmarkSupport", .product(name: "ReflEval", package: "reflc")]),
        .executableTarget(name: "ApplyBench", dependencies: ["BenchmarkSupport", .product(name: "ReflEval", package: "reflc")]),
        .executableTarget(name: "PhaseBench", dependencies: ["BenchmarkSupport", .product(name: "ReflEval", package: "reflc"),
                                                             .product(name: "ReflParser", package: "reflc")]),
    ]
)
