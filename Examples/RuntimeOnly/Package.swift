// swift-tools-version:6.0
// An app that ships only a binary rule table: it links the run-time module
// alone (no lexer, parser or compiler), loads the table and resolves a view.
//
//   reflc build main.less --format binary -o styles.reflb
//   swift run --package-path Examples/RuntimeOnly RuntimeOnly styles.reflb UIButton:primary
import PackageDescription

let package = Package(
    name: "RuntimeOnly",
    // The name pins the dependency's identity whatever the checkout folder is called.
    dependencies: [.package(name: "reflc", path: "../..")],
    targets: [
        .executableTarget(
            name: "RuntimeOnly",
            dependencies: [.product(name: "ReflRuntime", package: "reflc")]
        ),
    ]
)
