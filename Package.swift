// swift-tools-version:6.0
// reflc — a compiler and embeddable evaluator for Reflektor stylesheets.
//
// The targets form one line, each depending only on the one before it:
//
//   ReflLexer  ←  ReflParser  ←  ReflEval  ←  ReflTools  ←  reflc  ←  ReflcPlugin
//   (bytes → tokens, diagnostics)  (tokens → AST; the formatter)  (AST → rule table; resolution)
//   (editor tooling as a library: the language server, its transports and typed messages)
//   (command line)  (SwiftPM build plugin)
//
// No package dependencies, and no Foundation in the lexer or parser.
import PackageDescription

let package = Package(
    name: "reflc",
    products: [
        .library(name: "ReflEval", targets: ["ReflEval"]),
        .library(name: "ReflParser", targets: ["ReflParser"]),
        .library(name: "ReflLexer", targets: ["ReflLexer"]),
        .library(name: "ReflTools", targets: ["ReflTools"]),
        .executable(name: "reflc", targets: ["reflc"]),
        // Compiles a target's stylesheets at build time (see README, "Building with SwiftPM").
        .plugin(name: "ReflcPlugin", targets: ["ReflcPlugin"]),
    ],
    targets: [
        .target(name: "ReflLexer"),
        .target(name: "ReflParser", dependencies: ["ReflLexer"]),
        .target(name: "ReflEval", dependencies: ["ReflParser"]),
        .target(name: "ReflTools", dependencies: ["ReflEval"]),
        .executableTarget(name: "reflc", dependencies: ["ReflEval", "ReflTools"]),
        .plugin(name: "ReflcPlugin", capability: .buildTool(), dependencies: ["reflc"]),

        .testTarget(name: "ReflLexerTests", dependencies: ["ReflLexer"]),
        .testTarget(name: "ReflParserTests", dependencies: ["ReflParser"]),
        .testTarget(name: "ReflEvalTests", dependencies: ["ReflEval"]),
        // Language server sessions in-process, through the library's in-memory transport.
        .testTarget(name: "ReflToolsTests", dependencies: ["ReflTools"]),
        // Runs the built `reflc` binary: exit codes, files, help text, language server sessions.
        .testTarget(name: "ReflcTests", dependencies: ["reflc"]),
    ]
)
