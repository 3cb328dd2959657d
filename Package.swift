// swift-tools-version:6.0
// reflc — a compiler and embeddable evaluator for Reflektor stylesheets.
//
// The targets form one line, each depending only on the one before it:
//
//   ReflRuntime  ←  ReflLexer  ←  ReflParser  ←  ReflEval  ←  ReflTools  ←  reflc  ←  ReflcPlugin
//
// - ReflRuntime: what an app needs at run time — values, conditions, control
//   states, rule tables (JSON and binary, read and written), resolution,
//   explanations, the applier that puts styles on targets; and what every
//   layer reports with (sources, diagnostics). An app that ships a binary
//   table links this alone.
// - ReflUIKit (on ReflRuntime): the applier's UIKit layer — `view.refl`,
//   conversions to UIKit types, bindings made from the UIKit schema. Its
//   UIKit part compiles only where UIKit exists; what it follows is checked
//   everywhere.
// - ReflLiveReload (on ReflRuntime): a client of `reflc watch --serve` over
//   the system's sockets, for live reload on a device.
// - ReflLexer: bytes → tokens.  ReflParser: tokens → syntax tree.
// - ReflEval: syntax tree → rule table (the compiler), loading a stylesheet in
//   any form; re-exports ReflRuntime, so `import ReflEval` gives everything.
// - ReflTools: the tools as a library: the language server (its transports
//   and typed messages), the formatter, the dev server of `reflc watch
//   --serve`, and gen-swift's Swift tokens.
// - reflc: the command line.  ReflcPlugin: SwiftPM build plugin.
//
// No package dependencies, and no Foundation in any library.
import PackageDescription

let package = Package(
    name: "reflc",
    products: [
        .library(name: "ReflRuntime", targets: ["ReflRuntime"]),
        .library(name: "ReflEval", targets: ["ReflEval"]),
        .library(name: "ReflParser", targets: ["ReflParser"]),
        .library(name: "ReflLexer", targets: ["ReflLexer"]),
        .library(name: "ReflTools", targets: ["ReflTools"]),
        // Styles UIKit views with the run time's applier (compiled where UIKit exists).
        .library(name: "ReflUIKit", targets: ["ReflUIKit"]),
        // Follows `reflc watch --serve` from an app: new tables as they are built.
        .library(name: "ReflLiveReload", targets: ["ReflLiveReload"]),
        .executable(name: "reflc", targets: ["reflc"]),
        // Compiles a target's stylesheets at build time (see README, "Building with SwiftPM").
        .plugin(name: "ReflcPlugin", targets: ["ReflcPlugin"]),
    ],
    targets: [
        .target(name: "ReflRuntime"),
        .target(name: "ReflUIKit", dependencies: ["ReflRuntime"]),
        .target(name: "ReflLiveReload", dependencies: ["ReflRuntime"]),
        .target(name: "ReflLexer", dependencies: ["ReflRuntime"]),
        .target(name: "ReflParser", dependencies: ["ReflLexer"]),
        .target(name: "ReflEval", dependencies: ["ReflParser"]),
        .target(name: "ReflTools", dependencies: ["ReflEval"]),
        .executableTarget(name: "reflc", dependencies: ["ReflEval", "ReflTools"]),
        .plugin(name: "ReflcPlugin", capability: .buildTool(), dependencies: ["reflc"]),

        // Golden files under Fixtures/, compared or rewritten (REFLC_UPDATE_GOLDENS=1) by each module's tests.
        .target(name: "GoldenFiles", dependencies: ["ReflRuntime"], path: "Tests/Support/GoldenFiles"),
        // Reads Schema/UIKit.schema and writes what is generated from it (checked by SchemaTests).
        .target(name: "SchemaGenerator", dependencies: ["ReflRuntime"], path: "Tests/Support/SchemaGenerator"),
        .testTarget(name: "ReflRuntimeTests", dependencies: ["ReflRuntime", "GoldenFiles", "SchemaGenerator"]),
        // What the UIKit layer follows, checked against the schema on any machine.
        .testTarget(name: "ReflUIKitTests", dependencies: ["ReflUIKit", "GoldenFiles", "SchemaGenerator"]),
        .testTarget(name: "ReflLexerTests", dependencies: ["ReflLexer", "GoldenFiles"]),
        .testTarget(name: "ReflParserTests", dependencies: ["ReflParser", "GoldenFiles"]),
        .testTarget(name: "ReflEvalTests", dependencies: ["ReflEval", "GoldenFiles"]),
        // Language server sessions in-process, through the library's in-memory transport.
        .testTarget(name: "ReflToolsTests", dependencies: ["ReflTools", "GoldenFiles"]),
        // Runs the built `reflc` binary: exit codes, files, help text, language server sessions.
        .testTarget(name: "ReflcTests", dependencies: ["reflc", "ReflLiveReload", "GoldenFiles"]),
    ]
)
