// swift-tools-version:6.0
// An app-like package styled by reflc: its stylesheets are compiled at build
// time by the ReflcPlugin into a rule table (a resource) and Swift tokens.
//
//   swift run --package-path Examples/StyledApp
import PackageDescription

let package = Package(
    name: "StyledApp",
    // The name pins the dependency's identity whatever the checkout folder is called.
    dependencies: [.package(name: "reflc", path: "../..")],
    targets: [
        .executableTarget(
            name: "StyledApp",
            dependencies: [.product(name: "ReflEval", package: "reflc")],
            plugins: [.plugin(name: "ReflcPlugin", package: "reflc")]
        ),
    ]
)
