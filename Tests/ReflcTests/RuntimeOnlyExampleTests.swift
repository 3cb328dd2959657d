import Foundation
import Testing

/// `Examples/RuntimeOnly`: an app that depends on the `ReflRuntime` product
/// alone. Built from a clean scratch folder, it compiles the run-time module
/// and nothing of the compiler, loads the binary table `reflc build --format
/// binary` writes, and resolves the same styles as `reflc resolve`.
struct RuntimeOnlyExampleTests {
    @Test(.enabled(if: !ExampleTests.isSkipped, "REFLC_SKIP_EXAMPLE_BUILD=1"))
    func anAppLinkingOnlyTheRunTimeResolvesLikeReflc() throws {
        let root = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/RuntimeOnly"
        try FileManager.default.copyItem(atPath: CommandLineTests.packageRoot + "/Examples/RuntimeOnly", toPath: folder)
        try? FileManager.default.removeItem(atPath: folder + "/.build")
        let manifest = folder + "/Package.swift"
        try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(CommandLineTests.packageRoot)\"")
            .write(toFile: manifest, atomically: true, encoding: .utf8)

        let build = try ExampleTests.build(folder)
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output.contains("Compiling ReflRuntime"), "\(build.output)")
        for compilerModule in ["ReflLexer", "ReflParser", "ReflEval"] {
            #expect(!build.output.contains("Compiling \(compilerModule)"), "the app must not build \(compilerModule)")
        }

        let table = root + "/styles.reflb"
        let source = CommandLineTests.packageRoot + "/Fixtures/compile/seed-example/main.less"
        #expect(try CommandLineTests.run(["build", source, "--format", "binary", "-o", table, "-q"]).status == 0)
        let queries: [(subject: String, reflcArguments: [String])] = [
            ("UIView:circularView", ["--class", "UIView", "--trait", "circularView"]),
            ("UILabel:small", ["--class", "UILabel", "--trait", "small"]),
            ("UIView", ["--class", "UIView"]),
        ]
        for query in queries {
            let expected = try CommandLineTests.run(["resolve", table] + query.reflcArguments)
            #expect(expected.status == 0 && expected.stdout.contains("\"properties\":{\""), "\(expected.stderr)")
            let answer = try ExampleTests.run(folder + "/.build/debug/RuntimeOnly", [table, query.subject], in: folder)
            #expect(answer.status == 0)
            #expect(answer.output == expected.stdout, "\(query.subject)")
        }

        // Source is refused with a message that says what to do.
        let refused = try ExampleTests.run(folder + "/.build/debug/RuntimeOnly", [source, "UIView"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.output.contains("this is stylesheet source, not a rule table"))
    }
}
