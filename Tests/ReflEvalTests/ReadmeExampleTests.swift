import Foundation
import Testing
import GoldenFiles
import ReflEval

/// The README's "Embedding the evaluator" example, compiled and run. The
/// code between the markers must stand verbatim in the README.
struct ReadmeExampleTests {
    func readmeExample(path: String) throws -> [String] {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        // README example begins
        // A .less file (compiled here), or a table `reflc build` wrote:
        // JSON, or binary, which loads in milliseconds (told apart by content).
        let stylesheet = try Stylesheet(contentsOfFile: path)

        var environment = StyleEnvironment(idiom: .pad, horizontalSizeClass: .regular,
                                           screenSize: ViewSize(width: 1024, height: 768),
                                           bounds: ViewSize(width: 300, height: 44))
        environment.externalConditions["darkMode"] = .value(true)
        environment.appearance = .dark
        environment.contentSizeCategory = .accessibilityLarge

        let query = StyleQuery(className: "MyApp.TitleLabel", superclasses: ["UILabel", "UIView"],
                               traits: ["headline"], environment: environment)
        let style = stylesheet.resolve(query)
        if let color = style.color("textColor") {
            print("textColor", color.hex)  // #1a80e6ff
        }
        if let font = style.font("font"), case .points(let size, _) = font.size {
            print("font", font.name, size)  // system 4.4 (10% of the 44pt-high bounds)
        }
        for explanation in stylesheet.explain(query) {
            print(explanation.displayName, "set by", explanation.winner.selector, "at", explanation.winner.source)
        }
        // README example ends
        return printed
    }

    @Test func runsAndPrintsWhatTheReadmeSays() throws {
        let lines = try readmeExample(path: Golden.packageRoot + "/Fixtures/compile/embedding/main.less")
        #expect(lines == [
            "textColor #1a80e6ff",
            "font system 4.4",
            "font set by headline at main.less:13",
            "textColor set by UILabel:headline:__where at main.less:17",
        ])
    }

    /// The README's "Checked against UIKit" lists what the compiler says of
    /// `Fixtures/errors/uikit-checks/main.less`, one line a diagnostic.
    @Test func readmeShowsWhatTheUIKitChecksReport() throws {
        let folder = "Fixtures/errors/uikit-checks/"
        let golden = try String(contentsOfFile: Golden.packageRoot + "/" + folder + "expected.diagnostics", encoding: .utf8)
        let headlines = golden.split(separator: "\n").filter { $0.hasPrefix(folder) }.map { $0.dropFirst(folder.count) }
        #expect(headlines.count == 5)
        let readme = try String(contentsOfFile: Golden.packageRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains("```text\n" + headlines.joined(separator: "\n") + "\n```"),
                "README.md's UIKit check output differs from \(folder)expected.diagnostics")
    }

    @Test func readmeHoldsThisCode() throws {
        let here = try String(contentsOfFile: #filePath, encoding: .utf8)
        let readme = try String(contentsOfFile: Golden.packageRoot + "/README.md", encoding: .utf8)
        let begin = here.range(of: "// README example begins\n")!.upperBound
        let end = here.range(of: "        // README example ends")!.lowerBound
        let code = here[begin..<end].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
        #expect(readme.contains(code), "README.md's example differs from ReadmeExampleTests.swift")
    }
}
