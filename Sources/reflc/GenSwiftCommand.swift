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
        (keywords escaped; a name with no letter or digit is spelled by its
        code points: @_ -> _u5F); names that become the same identifier in one
        group are an error naming them, every such error in one run. The same
        input gives the same bytes.

        options:
          -o, --output PATH      where to write the Swift file ('-' or none: stdout)
          --type-name NAME       the enum that holds the constants (default: from the
                                 input's name, main.less -> MainStyles); a Swift
                                 identifier, not a keyword nor a type the file uses
                                 (String, Double, Int, Bool, Hashable, UIColor, ...)
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
        let explicitName = parsed.last("--type-name")
        let typeName = explicitName ?? SwiftTokens.typeName(forFile: command.readsStandardInput ? "stdin" : command.input.description)
        if let problem = SwiftTokens.typeNameProblem(typeName) {
            guard explicitName != nil else {
                return Console.fail("the type name '\(typeName)' made from the file name '\(command.input)' cannot be used: \(problem); "
                                    + "pass --type-name NAME")
            }
            return Console.fail("--type-name takes a Swift type name such as MainStyles, found '\(typeName)': \(problem)", help: help)
        }
        var table: RuleTable, compilation: CompileResult?
        switch load(command) {
        case .failure(let status): return status
        case .success(let loaded): (table, compilation) = loaded
        }
        if compilation != nil {
            // A compiled rule's file is relative to the entry file's folder;
            // a collision names it as a diagnostic does, as a variable's is.
            for index in table.rules.indices {
                table.rules[index].source.file = command.input.directory.appending(FilePath(table.rules[index].source.file)).description
            }
        }
        let source: String
        do {
            source = try SwiftTokens(typeName: typeName, sourceName: command.readsStandardInput ? "<stdin>" : command.input.lastComponent.description,
                                     descriptions: compilation?.variableDescriptions ?? [:],
                                     variablePositions: compilation.map(variablePositions) ?? [:])
                .source(for: table)
        } catch {
            for message in error.messages { Console.writeError("reflc: error: \(message)\n") }
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
    /// its compilation (nil for a table): the descriptions of its variables
    /// imported from design tokens, and where each variable is defined.
    private static func load(_ command: CompilingCommand) -> Result<(RuleTable, CompileResult?), Console.ExitStatus> {
        if command.readsStandardInput {
            return command.compile().flatMap { result in
                guard !command.options.report(result), let table = result.ruleTable else { return .failure(.inputErrors) }
                return .success((table, result))
            }
        }
        let loaded = StylesheetLoader.load(command.input, options: command.loadOptions)
        return command.report(loaded).map { ($0.table, loaded.compilation) }
    }

    /// Where each variable's definition is, its file named as diagnostics name it.
    private static func variablePositions(_ result: CompileResult) -> [String: SourcePosition] {
        var tables: [String: LineTable] = [:]
        return result.variableDefinitions.mapValues { definition in
            let path = definition.file.path
            let table = tables[path] ?? LineTable(definition.file)
            tables[path] = table
            let (line, column) = table.location(of: definition.range.start)
            return SourcePosition(file: path, line: line, column: column)
        }
    }
}
