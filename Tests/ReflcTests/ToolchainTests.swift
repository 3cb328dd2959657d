import Foundation
import Testing
import ReflLexer

/// What build systems and editors use: standard input, include folders,
/// depfiles, JSON diagnostics with stable codes, color, quiet, and the
/// Swift tokens of `gen-swift` (compiled and run).
struct ToolchainTests {
    static func folder(_ files: [String: String]) throws -> String {
        let folder = try CommandLineTests.temporaryFolder()
        for (name, text) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func standardInputIsCompiledWithImportsFromTheWorkingDirectory() throws {
        let folder = try Self.folder(["theme.less": "@accent: #ff0000;\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["build", "-"], in: folder, standardInput: "@import \"theme.less\";\nUIView { tint-color: @accent; }\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""source": {"file": "<stdin>", "line": 2, "column": 1}"#))
        let broken = try CommandLineTests.run(["build", "-"], in: folder, standardInput: "UIView { tint-color: @nope; }\n")
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("<stdin>:1:22: error: undefined variable '@nope'"))
        let resolved = try CommandLineTests.run(["resolve", "-", "--class", "UIView"], in: folder,
                                                standardInput: "@import \"theme.less\";\nUIView { tint-color: @accent; }\n")
        #expect(resolved.stdout.contains("#ff0000ff"))
    }

    @Test func includeFoldersAreSearchedInOrderAndNameTheFilesTheyFind() throws {
        let folder = try Self.folder([
            "main.less": "@import \"tokens.less\";\n@import \"theme.less\";\nUIView { tint-color: @accent; alpha: @alpha; }\n",
            "theme.less": "@alpha: 0.5;\n",
            "vendor/tokens.less": "@accent: #00ff00;\n",
            "shared/tokens.less": "@accent: #0000ff;\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["build", "main.less", "-I", "vendor", "--include-path", "shared", "--depends", "main.d",
                                            "-o", "out dir.json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let table = try String(contentsOfFile: folder + "/out dir.json", encoding: .utf8)
        #expect(table.contains("#00ff00ff"))  // vendor comes first
        #expect(try String(contentsOfFile: folder + "/main.d", encoding: .utf8) == "out\\ dir.json: main.less vendor/tokens.less theme.less\n")
        // Without the folders: an error at the import, and no depfile.
        try? FileManager.default.removeItem(atPath: folder + "/main.d")
        let missing = try CommandLineTests.run(["build", "main.less", "--depends", "main.d", "-o", "out.json"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("main.less:1:9: error: cannot import 'tokens.less': no such file or directory"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/main.d"))
        // With an include path that does not have it either: where it was looked for.
        let nowhere = try CommandLineTests.run(["build", "main.less", "-I", "empty", "-o", "out.json"], in: folder)
        #expect(nowhere.stderr.hasPrefix("main.less:1:9: error: cannot import 'tokens.less': no such file or directory "
                                         + "(looked for tokens.less, empty/tokens.less)"))
        // Standard input is left out of the depfile; output to stdout is '-'.
        let piped = try CommandLineTests.run(["build", "-", "-I", "shared", "--depends", "piped.d"], in: folder,
                                             standardInput: "@import \"tokens.less\";\nUIView { tint-color: @accent; }\n")
        #expect(piped.status == 0)
        #expect(try String(contentsOfFile: folder + "/piped.d", encoding: .utf8) == "-: shared/tokens.less\n")
    }

    @Test func diagnosticsAsJSONLinesWithStableCodes() throws {
        let folder = try Self.folder(["bad.less": "MyView { background-color: @acent; x: 12 px; }\n@accent: red;\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["build", "bad.less", "--diagnostics", "json"], in: folder)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines == [
            #"{"severity":"error","code":"undefined-variable","message":"undefined variable '@acent'; did you mean '@accent'?","file":"bad.less","line":1,"column":28,"endLine":1,"endColumn":34,"notes":[],"fixIts":[{"line":1,"column":28,"endLine":1,"endColumn":34,"replacement":"@accent"}]}"#,
            #"{"severity":"error","code":"detached-unit","message":"a unit must be attached to its number: write '12px'","file":"bad.less","line":1,"column":39,"endLine":1,"endColumn":44,"notes":[],"fixIts":[{"line":1,"column":39,"endLine":1,"endColumn":44,"replacement":"12px"}]}"#,
        ])
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        #expect(try CommandLineTests.run(["build", "bad.less", "--diagnostics", "xml"], in: folder).stderr
            .hasPrefix("reflc: error: --diagnostics takes text or json, found 'xml'"))
    }

    @Test func colorOnlyWhenAskedOrOnATerminalAndQuietHidesWarnings() throws {
        let folder = try Self.folder(["warn.less": "UIView { alpha: 1; alpha: 2; }\nbad { x: @y; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try CommandLineTests.run(["build", "warn.less"], in: folder)
        #expect(!plain.stderr.contains("\u{1B}["))  // stderr is not a terminal here
        let colored = try CommandLineTests.run(["build", "warn.less", "--color", "always"], in: folder)
        #expect(colored.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        #expect(colored.stderr.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let noColor = try CommandLineTests.run(["build", "warn.less", "--color", "auto"], in: folder, environment: environment)
        #expect(!noColor.stderr.contains("\u{1B}["))
        let quiet = try CommandLineTests.run(["build", "warn.less", "-q"], in: folder)
        #expect(!quiet.stderr.contains("warning:") && quiet.stderr.contains("error: undefined variable '@y'"))
        let strict = try CommandLineTests.run(["build", "warn.less", "-q", "-W", "error"], in: folder)
        #expect(strict.stderr.contains("[--warnings-as-errors]"))  // quiet hides warnings, not errors they became
    }

    @Test func theCodeCatalogueAndItsPageAgree() throws {
        let page = try String(contentsOfFile: CommandLineTests.packageRoot + "/Docs/Diagnostics.md", encoding: .utf8)
        var listed: [String: String] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            // Cells split at each `|` that is not escaped as `\|`.
            var cells: [String] = [], cell = "", previous: Character = " "
            for character in line.dropFirst() {
                if character == "|" && previous != "\\" {
                    cells.append(cell.trimmingCharacters(in: .whitespaces))
                    cell = ""
                } else {
                    cell.append(character)
                }
                previous = character
            }
            listed[String(cells[0].dropFirst().dropLast())] = cells[2].replacingOccurrences(of: "\\|", with: "|")
        }
        #expect(listed.count == DiagnosticCode.allCases.count)
        for code in DiagnosticCode.allCases {
            #expect(listed[code.rawValue] == code.summary, "Docs/Diagnostics.md on '\(code.rawValue)'")
        }
    }

    // MARK: - gen-swift

    static let designSystem = """
        @tokens {
            @accent: #0a84ff;
            @accent-pressed: darken(@accent, 10%);
            @grid: 8px;
            @radius: 50%;
            @turn: 90deg;
            @title: font('Avenir-Heavy', 17pt, headline);
            @body-bold: font('system', 15pt, semibold);
            @card-insets: edge-insets(@grid, @grid * 2);
            @thumb: size(44, 44);
            @origin: point(1, 2);
            @frame: rect(0, 0, 320, 44);
            @greeting: 'Hello, "world"';
            @fade: linear-gradient(red, blue);
            @sweep: linear-gradient(90deg, red, blue 80%);
            @lift: shadow(0, 2px, 4px, rgba(0, 0, 0, 0.25));
            @hairline: border(0.5pt, light-dark(#c6c6c8, #38383a));
            @heart: symbol('heart.fill', 17pt, semibold, large);
            @body-text: text-attributes(font: font(body), color: #333333, letter-spacing: 0.5pt, underline: single, shadow: @lift);
            @mode: mode-center;
            @mask: flexible-width, flexible-height;
            @enabled: true;
            @default: 1;
            @2x: 2;
        }
        UIButton:primary { background-color: @accent; }
        MyApp.TitleLabel:headline { font: @title; }
        card-view { alpha: 1; }
        """

    @Test func genSwiftWritesTokensThatCompileAndHoldTheValues() throws {
        let folder = try Self.folder(["design.less": Self.designSystem])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["gen-swift", "design.less", "-o", "Tokens.swift"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOfFile: folder + "/Tokens.swift", encoding: .utf8)
        #expect(source.contains("public enum DesignStyles {"))
        #expect(source.contains("public static let accentPressed: Color = Color(red: 0, green: 0.4179, blue: 0.83922, alpha: 1)"))
        #expect(source.contains("public static let `default`: Double = 1"))
        #expect(source.contains("public static let _2x: Double = 2"))
        #expect(source.contains("public static let myAppTitleLabel: String = \"MyApp.TitleLabel\""))
        #expect(source.contains("public static let cardView: String = \"card-view\""))
        // The same input, the same bytes.
        #expect(try CommandLineTests.run(["gen-swift", "design.less"], in: folder).stdout == source)

        try """
            print(DesignStyles.Colors.accent.blue, DesignStyles.Numbers.grid, DesignStyles.Percents.radius)
            print(DesignStyles.Fonts.title.name, DesignStyles.Fonts.title.size, DesignStyles.Fonts.title.textStyle ?? "-")
            print(DesignStyles.Fonts.bodyBold.isSystem, DesignStyles.Fonts.bodyBold.weight ?? "-")
            print(DesignStyles.Insets.cardInsets.left, DesignStyles.Sizes.thumb.width, DesignStyles.Points.origin.y, DesignStyles.Rects.frame.width)
            print(DesignStyles.Strings.greeting, DesignStyles.Gradients.fade.colors.count, DesignStyles.RawValues.mode, DesignStyles.RawValues.mask)
            print(DesignStyles.Gradients.sweep.direction, DesignStyles.Gradients.sweep.locations ?? [], DesignStyles.Gradients.fade.direction)
            print(DesignStyles.Shadows.lift.blur, DesignStyles.Shadows.lift.color.light.alpha, DesignStyles.Borders.hairline.width, DesignStyles.Borders.hairline.color.dark.red)
            print(DesignStyles.Symbols.heart, DesignStyles.Typography.bodyText.letterSpacing ?? 0, DesignStyles.Typography.bodyText.underline ?? 0,
                  DesignStyles.Typography.bodyText.font?.textStyle ?? "-", DesignStyles.Typography.bodyText.shadow?.y ?? 0)
            print(DesignStyles.Flags.enabled, DesignStyles.Numbers.`default`, DesignStyles.Numbers._2x, DesignStyles.Angles.turn)
            print(DesignStyles.Traits.primary, DesignStyles.Traits.headline, DesignStyles.Classes.uiButton, DesignStyles.Classes.myAppTitleLabel)
            """.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let compiled = try ExampleTests.run("/usr/bin/env", ["swiftc", "Tokens.swift", "main.swift", "-o", "tokens"], in: folder)
        #expect(compiled.status == 0, "\(compiled.output)")
        let printed = try ExampleTests.run(folder + "/tokens", [], in: folder).output
        #expect(printed == """
            1.0 8.0 50.0
            Avenir-Heavy 17.0 headline
            true semibold
            16.0 44.0 2.0 320.0
            Hello, "world" 2 4 18
            90deg [0.0, 0.8] 180deg
            4.0 0.25 0.5 0.21961
            heart.fill 0.5 1 body 2.0
            true 1.0 2.0 1.5707963267948966
            primary headline UIButton MyApp.TitleLabel

            """)
    }

    /// Imported design tokens with light and dark values: each token is
    /// declared, with its description, its two colors a DynamicColor; the
    /// file compiles and holds the values.
    @Test func genSwiftOfImportedDesignTokensCompiles() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["gen-swift", "Fixtures/compile/design-tokens/main.less", "-o", folder + "/Brand.swift",
                                            "--type-name", "Brand"])
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOfFile: folder + "/Brand.swift", encoding: .utf8)
        #expect(source.contains("        /// The brand green, for primary actions\n        ///\n        /// @color-green\n"))
        for token in ["accent", "colorBrand", "colorGreen", "colorGreenVivid", "colorInk", "colorScrim", "colorWhite", "fontBody",
                      "fontHeadingFamily", "fontHeadingWeight", "motionFast", "opacityDisabled", "spaceLarge", "spaceSmall",
                      "surfaceBackground", "surfaceText"] {
            #expect(source.contains("public static let \(token): "), "no constant \(token)")
        }
        try "print(Brand.Colors.surfaceBackground.light.red, Brand.Colors.surfaceBackground.dark.red, Brand.Durations.motionFast)\n"
            .write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let compiled = try ExampleTests.run("/usr/bin/env", ["swiftc", "Brand.swift", "main.swift", "-o", "brand"], in: folder)
        #expect(compiled.status == 0, "\(compiled.output)")
        #expect(try ExampleTests.run(folder + "/brand", [], in: folder).output == "1.0 0.11 0.15\n")
    }

    /// Every collision in one run, each name where it is written (as
    /// diagnostics name the file); a rule table places its rules only.
    @Test func namesThatCollideAreAnErrorNamingBoth() throws {
        let clash = "@ink-dark: #000;\n@inkDark: #111;\n@a-b: 1;\n  @aB: 2;\n@a_b: 3;\nUIView { alpha: 1; }\nUiView { alpha: 1; }\n"
            + "UIView:my-trait { alpha: 1; }\nUILabel:myTrait { alpha: 1; }\n"
        let folder = try Self.folder(["styles/clash.less": clash])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["gen-swift", "styles/clash.less"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == """
            reflc: error: class UIView (styles/clash.less:6:1) and class UiView (styles/clash.less:7:1) both become 'Classes.uiView' in Swift; rename one of them
            reflc: error: @ink-dark (styles/clash.less:1:1) and @inkDark (styles/clash.less:2:1) both become 'Colors.inkDark' in Swift; rename one of them
            reflc: error: @a-b (styles/clash.less:3:1), @aB (styles/clash.less:4:3) and @a_b (styles/clash.less:5:1) all become 'Numbers.aB' in Swift; rename all but one
            reflc: error: trait my-trait (styles/clash.less:8:1) and trait myTrait (styles/clash.less:9:1) both become 'Traits.myTrait' in Swift; rename one of them

            """)
        #expect(try CommandLineTests.run(["build", "styles/clash.less", "-o", "clash.json"], in: folder).status == 0)
        let fromTable = try CommandLineTests.run(["gen-swift", "clash.json"], in: folder)
        #expect(fromTable.status == 1)
        #expect(fromTable.stderr.split(separator: "\n") == [
            "reflc: error: class UIView (clash.less:6:1) and class UiView (clash.less:7:1) both become 'Classes.uiView' in Swift; rename one of them",
            "reflc: error: @ink-dark and @inkDark both become 'Colors.inkDark' in Swift; rename one of them",
            "reflc: error: @a-b, @aB and @a_b all become 'Numbers.aB' in Swift; rename all but one",
            "reflc: error: trait my-trait (clash.less:8:1) and trait myTrait (clash.less:9:1) both become 'Traits.myTrait' in Swift; rename one of them",
        ])
    }

    /// `swiftc -typecheck` of `files` in `folder`: its output, nil when it failed.
    static func typecheck(_ files: [String], in folder: String) throws -> String? {
        let run = try ExampleTests.run("/usr/bin/env", ["swiftc", "-typecheck"] + files, in: folder)
        return run.status == 0 ? run.output : nil
    }

    /// The default type name comes from any file name; a given one is any
    /// Swift type name but a keyword or a type the file uses; what is
    /// refused says why, and where the name came from.
    @Test func genSwiftTypeNamesFromFilesAndOptions() throws {
        let files = ["UIKit-overrides.less": "UIKitOverridesStyles", "a-b.less": "ABStyles", "AB.less": "ABStyles", "a.b.less": "ABStyles",
                     "a b.less": "ABStyles", "2024.less": "Stylesheet2024Styles"]
        let folder = try Self.folder(files.mapValues { _ in "@a: 1;\nUIView:b { alpha: 1; }\n" })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, typeName) in files {
            let run = try CommandLineTests.run(["gen-swift", file], in: folder)
            #expect(run.status == 0, "\(file): \(run.stderr)")
            #expect(run.stdout.contains("public enum \(typeName) {"), "\(file)")
        }
        // Names the old check refused, and ones that share a name with the file's own types: each compiles.
        for typeName in ["URLStyles", "IOSStyles", "Self_", "Color", "Font", "Swift"] {
            let run = try CommandLineTests.run(["gen-swift", "a-b.less", "--type-name", typeName, "-o", "Tokens.swift"], in: folder)
            #expect(run.status == 0, "\(typeName): \(run.stderr)")
            try "let x: Double = \(typeName).Numbers.a\nlet y: String = \(typeName).Traits.b\n"
                .write(toFile: folder + "/use.swift", atomically: true, encoding: .utf8)
            #expect(try Self.typecheck(["Tokens.swift", "use.swift"], in: folder) == "", "\(typeName)")
        }
        let refused = [
            "Any": "it is a Swift keyword",
            "some": "it is a Swift keyword",
            "String": "it would hide Swift's String, which the generated file uses",
            "Double": "it would hide Swift's Double, which the generated file uses",
            "UIColor": "it would hide UIKit's UIColor, which the generated file uses",
            "a-b": "it is not a Swift identifier (letters, digits and _, not starting with a digit)",
        ]
        for (typeName, problem) in refused {
            let run = try CommandLineTests.run(["gen-swift", "a-b.less", "--type-name", typeName], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr == "reflc: error: --type-name takes a Swift type name such as MainStyles, found '\(typeName)': \(problem)\n"
                    + "run 'reflc gen-swift --help' for usage\n")
        }
    }

    /// Names with no letters, a token description with control characters:
    /// the file type-checks without a warning and the constants are there.
    @Test func genSwiftOfAdversarialNamesTypechecks() throws {
        let folder = try Self.folder([
            "odd.less": "@import tokens(\"odd.tokens.json\");\n@_: 1;\n@😀: 2;\n@€: 3;\n@-: 4;\nUIView:_ { alpha: 1; }\nUIView:😀 { alpha: 1; }\n",
            "odd.tokens.json": #"{"ink": {"$type": "number", "$value": 5, "$description": "Ink\u0000with a NUL\u0007 and ESC\u001b[31m"}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CommandLineTests.run(["gen-swift", "odd.less", "-o", "Odd.swift"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let source = try String(contentsOfFile: folder + "/Odd.swift", encoding: .utf8)
        #expect(source.contains("        /// Ink\\u{0}with a NUL\\u{7} and ESC\\u{1B}[31m\n        ///\n        /// @ink\n"))
        try """
            let numbers: [Double] = [OddStyles.Numbers._u5F, OddStyles.Numbers._u1F600, OddStyles.Numbers._u20AC, OddStyles.Numbers._u2D,
                                     OddStyles.Numbers.ink]
            let traits: [String] = [OddStyles.Traits._u5F, OddStyles.Traits._u1F600]

            """.write(toFile: folder + "/use.swift", atomically: true, encoding: .utf8)
        #expect(try Self.typecheck(["Odd.swift", "use.swift"], in: folder) == "")
    }
}
