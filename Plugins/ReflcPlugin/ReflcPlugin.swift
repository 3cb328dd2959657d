import Foundation
import PackagePlugin

/// Compiles the stylesheets of a target at build time. For each entry
/// stylesheet (a `.less` file of the target that no other `.less` file of
/// it imports), two build commands:
///
/// - `reflc build`: the JSON rule table, `NAME.json`, which the target gets
///   as a resource: `Bundle.module.url(forResource: "NAME", withExtension: "json")`;
/// - `reflc gen-swift`: `NAMEStyles.swift` (`main.less` gives `MainStyles`),
///   the stylesheet's variables and selector names as Swift constants,
///   compiled into the target.
///
/// Every `.less` file of the target is an input of both commands, so a save
/// of any of them (an imported one included) builds again, and nothing is
/// rebuilt when none changed. A stylesheet's errors fail the build, printed
/// as `file:line:column: error: ...`, which SwiftPM and Xcode show at the line.
@main
struct ReflcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let stylesheets = target.sourceFiles(withSuffix: "less").map(\.url).sorted { $0.path < $1.path }
        let reflc = try context.tool(named: "reflc").url
        return Self.entries(of: stylesheets).flatMap { entry -> [Command] in
            let name = entry.deletingPathExtension().lastPathComponent
            let typeName = Self.typeName(name)
            let table = context.pluginWorkDirectoryURL.appending(path: name + ".json")
            let tokens = context.pluginWorkDirectoryURL.appending(path: typeName + ".swift")
            return [
                .buildCommand(displayName: "Compiling stylesheet \(entry.lastPathComponent)", executable: reflc,
                              arguments: ["build", entry.path, "-o", table.path], inputFiles: stylesheets, outputFiles: [table]),
                .buildCommand(displayName: "Generating \(typeName).swift from \(entry.lastPathComponent)", executable: reflc,
                              arguments: ["gen-swift", entry.path, "-o", tokens.path, "--type-name", typeName, "--quiet"],
                              inputFiles: stylesheets, outputFiles: [tokens]),
            ]
        }
    }

    /// The stylesheets no other stylesheet of the target imports. Imports
    /// are found by their `@import "path"` statements (a plugin cannot run
    /// the compiler to plan the build; reflc itself reads the imports).
    static func entries(of stylesheets: [URL]) -> [URL] {
        var imported = Set<String>()
        for stylesheet in stylesheets {
            guard let text = try? String(contentsOf: stylesheet, encoding: .utf8) else { continue }
            for path in importedPaths(in: text) {
                imported.insert(stylesheet.deletingLastPathComponent().appending(path: path).standardizedFileURL.path)
            }
        }
        return stylesheets.filter { !imported.contains($0.standardizedFileURL.path) }
    }

    /// The quoted paths of the `@import` statements of a stylesheet.
    static func importedPaths(in text: String) -> [String] {
        var paths: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "@import") {
            rest = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "(" || $0 == "u" || $0 == "r" || $0 == "l" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let body = rest.dropFirst()
            guard let end = body.firstIndex(of: quote) else { break }
            paths.append(String(body[..<end]))
            rest = body[end...]
        }
        return paths
    }

    /// `main` → `MainStyles`, `design-system` → `DesignSystemStyles`, as `reflc gen-swift` names it.
    static func typeName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        let joined = words.joined()
        return (joined.isEmpty || joined.first!.isNumber ? "Stylesheet" + joined : joined) + "Styles"
    }
}
