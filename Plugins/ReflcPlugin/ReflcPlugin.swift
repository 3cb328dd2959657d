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
/// Every `.less` and `.json` file of the target (stylesheets, design-token
/// files, `reflc.json`) is an input of both commands, so a save of any of
/// them (an imported one included) builds again, and nothing is
/// rebuilt when none changed. A stylesheet's errors fail the build, printed
/// as `file:line:column: error: ...`, which SwiftPM and Xcode show at the line.
@main
struct ReflcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        return Self.commands(for: files, workFolder: context.pluginWorkDirectoryURL, reflc: try context.tool(named: "reflc").url)
    }

    /// The build commands for a target's files (SwiftPM's and Xcode's alike):
    /// two for each entry stylesheet, configured by the target's `reflc.json`.
    static func commands(for files: [URL], workFolder: URL, reflc: URL) -> [Command] {
        let stylesheets = files.filter { $0.pathExtension == "less" }.sorted { $0.path < $1.path }
        let configurationFile = files.first { $0.lastPathComponent == Configuration.fileName }
        let configuration = configurationFile.map { Configuration(contentsOf: $0) } ?? Configuration()
        // A change of the configuration, or of a design-token file a
        // stylesheet may import (`@import tokens("brand.tokens.json")`: any
        // JSON file of the target), builds again, as a change of a stylesheet does.
        let jsonFiles = files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        let inputs = stylesheets + jsonFiles
        return entries(of: stylesheets).flatMap { entry -> [Command] in
            let name = entry.deletingPathExtension().lastPathComponent
            let typeName = Self.typeName(name)
            let table = workFolder.appending(path: name + "." + configuration.format.fileExtension)
            let tokens = workFolder.appending(path: typeName + ".swift")
            return [
                .buildCommand(displayName: "Compiling stylesheet \(entry.lastPathComponent)", executable: reflc,
                              arguments: ["build", entry.path, "-o", table.path] + configuration.arguments,
                              inputFiles: inputs, outputFiles: [table]),
                .buildCommand(displayName: "Generating \(typeName).swift from \(entry.lastPathComponent)", executable: reflc,
                              arguments: ["gen-swift", entry.path, "-o", tokens.path, "--type-name", typeName, "--quiet"]
                                  + configuration.arguments,
                              inputFiles: inputs, outputFiles: [tokens]),
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

/// `reflc.json` in a target: how its stylesheets are built (see
/// `reflc build --config`). reflc reads it as it builds, so its mistakes are
/// reported at their line and a change of it builds again; the plugin reads
/// only the table's form, to name the output it plans.
struct Configuration {
    static let fileName = "reflc.json"

    enum Format: String {
        case json, binary
        var fileExtension: String { self == .json ? "json" : "reflb" }
    }

    var format = Format.json
    var file: URL?

    init() {}

    init(contentsOf file: URL) {
        self.file = file
        if let data = try? Data(contentsOf: file),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let written = object["format"] as? String, let format = Format(rawValue: written) {
            self.format = format
        }
    }

    /// `--config FILE`, when the target has one.
    var arguments: [String] { file.map { ["--config", $0.path] } ?? [] }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build commands for an app target of an Xcode project: its
/// `.less` files and its `reflc.json` are among the target's input files.
extension ReflcPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return Self.commands(for: files, workFolder: context.pluginWorkDirectoryURL, reflc: try context.tool(named: "reflc").url)
    }
}
#endif
