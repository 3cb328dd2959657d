import ReflLexer

/// What loading a stylesheet gave: the stylesheet (nil when it has errors
/// or could not be read), its diagnostics, and the files it read.
public struct LoadedStylesheet: Sendable {
    /// The stylesheet, or nil after an error.
    public var stylesheet: Stylesheet?
    /// Every diagnostic of the compilation (warnings too); a rule table
    /// that fails to load gives one.
    public var diagnostics: [Diagnostic]
    /// Why nothing could be read at all (an unreadable file, a malformed
    /// binary table), with no diagnostic to show.
    public var failure: String?
    /// The files read, and the imports looked for but missing: what a
    /// watcher watches to see the next version.
    public var files: [FilePath]
    /// The compilation, when the input was source (its omitted-diagnostic
    /// counts, variables and definitions for tools).
    public var compilation: CompileResult?
    /// Whether the input was source, a JSON table or a binary table; nil
    /// when it could not be read.
    public var format: TableFormat?

    /// The load as an error, for callers that only want the stylesheet.
    public var error: StylesheetError {
        var error = StylesheetError(diagnostics: diagnostics, reason: failure)
        error.watchedFiles = files
        return error
    }
}

/// The one way to load a stylesheet in any form: `.less` source (compiled
/// with its imports), a JSON rule table or a binary one, told apart by
/// content. Every command, the monitor and the editor tools load through it.
public enum StylesheetLoader {
    /// How to compile source.
    public struct Options: Sendable {
        public var errorLimit: Int
        public var includePaths: [FilePath]
        /// The iOS version properties are checked against (see `Compiler.compile`).
        public var deploymentTarget: OSVersion?
        /// Whether a large JSON table is read where it is mapped into
        /// memory rather than copied (see `FileSystem.mapLargeFile`); a
        /// program that shortens it meanwhile ends the process with reflc's
        /// message. For reflc.
        package var mapsLargeJSONTables = false

        public init(errorLimit: Int = Compiler.defaultErrorLimit, includePaths: [FilePath] = [], deploymentTarget: OSVersion? = nil) {
            self.errorLimit = errorLimit
            self.includePaths = includePaths
            self.deploymentTarget = deploymentTarget
        }
    }

    /// Loads the file at `path`.
    public static func load(_ path: FilePath, options: Options = Options()) -> LoadedStylesheet {
        let contents: Stylesheet.FileContents
        do {
            contents = try Stylesheet.read(path, mapsLargeJSONTables: options.mapsLargeJSONTables)
        } catch {
            return LoadedStylesheet(stylesheet: nil, diagnostics: error.diagnostics, failure: error.reason, files: [path],
                                    compilation: nil, format: error.isUnreadable ? nil : TableFormat.isBinaryTable(atPath: path) ? .binary : .json)
        }
        switch contents {
        case .table(let stylesheet):
            return LoadedStylesheet(stylesheet: stylesheet, diagnostics: [], failure: nil, files: [path],
                                    compilation: nil, format: stylesheet.isBinary ? .binary : .json)
        case .source(let bytes):
            return compile(SourceFile(path: path.description, bytes: bytes), importsRelativeTo: path, options: options)
        }
    }

    /// Loads `bytes` read from elsewhere (standard input), named `name` in
    /// diagnostics; imports of source are read relative to `name`.
    public static func load(bytes: [UInt8], name: String, options: Options = Options()) -> LoadedStylesheet {
        let format = TableFormat.detect(bytes)
        guard format == .source else {
            do {
                let stylesheet = try Stylesheet(ruleTable: bytes, path: name)
                return LoadedStylesheet(stylesheet: stylesheet, diagnostics: [], failure: nil, files: [],
                                        compilation: nil, format: format)
            } catch {
                return LoadedStylesheet(stylesheet: nil, diagnostics: error.diagnostics, failure: error.reason, files: [],
                                        compilation: nil, format: format)
            }
        }
        return compile(SourceFile(path: name, bytes: bytes), importsRelativeTo: FilePath(name), options: options)
    }

    private static func compile(_ source: SourceFile, importsRelativeTo path: FilePath, options: Options) -> LoadedStylesheet {
        let result = Compiler.compile(source: source, importsRelativeTo: path, errorLimit: options.errorLimit,
                                      includePaths: options.includePaths, deploymentTarget: options.deploymentTarget)
        let files = [path] + result.inputs + result.missingInputs
        return LoadedStylesheet(stylesheet: result.ruleTable.map(Stylesheet.init(table:)), diagnostics: result.diagnostics,
                                failure: nil, files: files, compilation: result, format: .source)
    }
}

extension Stylesheet {
    /// Compiles `.less` source text; imports are read relative to `path`,
    /// which also names the file in diagnostics.
    public init(source text: String, path: String = "main.less") throws(StylesheetError) {
        try self.init(source: SourceFile(path: path, text: text))
    }

    /// Compiles `.less` source (imports are read relative to `source.path`).
    public init(source: SourceFile) throws(StylesheetError) {
        let result = Compiler.compile(source: source)
        guard let table = result.ruleTable else { throw StylesheetError(diagnostics: result.diagnostics) }
        self.init(table: table)
    }

    /// Loads the file at `path`, whichever of the three forms it holds (told
    /// apart by its content, not its name): a binary or JSON rule table, or
    /// a `.less` stylesheet, compiled with what it imports.
    public init(contentsOfFile path: String) throws(StylesheetError) {
        try self.init(contentsOfFile: FilePath(path))
    }

    /// Loads the file at `path` (see `init(contentsOfFile: String)`).
    public init(contentsOfFile path: FilePath, errorLimit: Int = Compiler.defaultErrorLimit) throws(StylesheetError) {
        let loaded = StylesheetLoader.load(path, options: .init(errorLimit: errorLimit))
        guard let stylesheet = loaded.stylesheet else { throw loaded.error }
        self = stylesheet
    }
}
