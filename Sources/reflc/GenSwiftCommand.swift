import ReflEval
import ReflLexer
import ReflTools

/// `reflc gen-swift INPUT [-o OUT.swift]`: the stylesheet's variables and
/// selector names as typed Swift constants.
enum GenSwiftCommand {
    static let help = """
        usage: reflc gen-swift INPUT [-o OUT.swift] [--type-name NAME] [-I DIR]...
                               [--warnings-as-errors] [--error-limit N] [--diagnostics text|json]

        Writes Swift source with every variable of INPUT (a .less stylesheet, -
        for standard input, or a rule table) as a typed constant — colors,
        numbers, fonts, insets, sizes, points, rects, strings, gradients,
        UIKit enum raw values — and every trait and class its selectors name
        as a string constant, so app code uses the same palette and cannot
        misspell a trait:

            view.backgroundColor = MainStyles.Colors.accent.uiColor
            label.refl.traits = [MainStyles.Traits.headline]

        It compiles with the Swift standard library alone; where UIKit is
        available it adds uiColor, uiFont (Dynamic Type sized), uiEdgeInsets,
        cgSize, cgPoint and cgRect. Names become lowerCamelCase identifiers
        (keywords escaped); two names that become the same identifier in one
        group are an error naming both. The same input gives the same bytes.

        options:
          -o, --output PATH      where to write the Swift file ('-' or none: stdout)
          --type-name NAME       the enum that holds the constants (default: from the
                                 input's name, main.less -> MainStyles)
        \(CompilingCommand.inputHelp)
        \(DiagnosticOptions.help)
          -h, --help             show this help

        exit status: 0 success, 1 the stylesheet has errors or two names collide,
        2 usage error, unreadable input or unwritable output
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let command: CompilingCommand
        switch CompilingCommand.parse(arguments, name: "gen-swift", valued: ["-o", "--output", "--type-name"], help: help) {
        case .failure(let status): return status
        case .success(let parsed): command = parsed
        }
        let parsed = command.arguments
        let typeName = parsed.last("--type-name")
            ?? SwiftTokens.typeName(forFile: command.readsStandardInput ? "stdin" : command.input.description)
        guard SwiftTokens.identifier(typeName) == typeName.prefix(1).lowercased() + typeName.dropFirst(), typeName.first?.isLetter == true else {
            return Console.fail("--type-name takes a Swift type name such as MainStyles, found '\(typeName)'")
        }
        let table: RuleTable, descriptions: [String: String]
        switch load(command) {
        case .failure(let status): return status
        case .success(let loaded): (table, descriptions) = loaded
        }
        let source: String
        do {
            source = try SwiftTokens(typeName: typeName, sourceName: command.readsStandardInput ? "<stdin>" : command.input.lastComponent.description,
                                     descriptions: descriptions)
                .source(for: table)
        } catch {
            Console.writeError("reflc: error: \(error.description)\n")
            return .inputErrors
        }
        let output = parsed.lastPath("--output") ?? parsed.lastPath("-o")
        guard let output, output.bytes != Array("-".utf8) else {
            Console.writeOut(source)
            return .success
        }
        switch OutputFile.create(output, refusing: command.entryFiles) {
        case .failure(let error): return Console.fail(error.message)
        case .success(let file):
            file.write(Array(source.utf8)[...])
            if let problem = file.commit() { return Console.fail(problem) }
            return .success
        }
    }

    /// The table of INPUT, compiled from source or read from a table, and
    /// the descriptions of its variables imported from design tokens.
    private static func load(_ command: CompilingCommand) -> Result<(RuleTable, [String: String]), Console.ExitStatus> {
        if command.readsStandardInput {
            return command.compile().flatMap { result in
                guard !command.options.report(result), let table = result.ruleTable else { return .failure(.inputErrors) }
                return .success((table, result.variableDescriptions))
            }
        }
        let loaded = StylesheetLoader.load(command.input, options: command.loadOptions)
        return command.report(loaded).map { ($0.table, loaded.compilation?.variableDescriptions ?? [:]) }
    }
}
