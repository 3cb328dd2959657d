import Foundation
import Testing

/// `--config reflc.json`: the build plugin's configuration, read by reflc.
struct BuildConfigurationTests {
    @Test func theFileSetsTheFormIncludesWarningsAndTarget() throws {
        let folder = try ToolchainTests.folder([
            "main.less": "@import \"palette.less\";\nUIView { background-color: @accent; directional-layout-margins: edge-insets(1, 2, 3, 4); }\n",
            "Shared/palette.less": "@accent: #0a84ff;\n",
            "reflc.json": "{\n  \"format\": \"binary\",\n  \"includePaths\": [\"Shared\"],\n  \"deploymentTarget\": \"10.0\"\n}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let built = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "main.reflb"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("'directional-layout-margins' (UIView.directionalLayoutMargins) is available from iOS 11.0"))
        let table = try Data(contentsOf: URL(fileURLWithPath: folder + "/main.reflb"))
        #expect(table.starts(with: [0x89, 0x52, 0x45, 0x46, 0x4C, 0x42, 0x0D, 0x0A]))  // the binary table's magic number
        // The form the plugin planned no longer matches the file's: refused, saying what to do.
        let refused = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "main.json"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the build plans 'main.json' (json) but reflc.json asks for the binary table"))
        // warningsAsErrors fails on the availability warning.
        try "{\"includePaths\": [\"Shared\"], \"warningsAsErrors\": true, \"deploymentTarget\": \"10.0\"}"
            .write(toFile: folder + "/reflc.json", atomically: true, encoding: .utf8)
        let strict = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "main.json"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("[--warnings-as-errors]"))
    }

    @Test func mistakesAreReportedAtTheirPlace() throws {
        let folder = try ToolchainTests.folder(["main.less": "UIView { alpha: 1; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each at its place, with its line and a caret as a stylesheet's mistakes have, and a fix where one is likely.
        let cases: [(String, String)] = [
            ("{\n  \"formt\": \"binary\"\n}", """
                reflc.json:2:3: error: unknown key 'formt'; did you mean 'format'? the keys are format, includePaths, warningsAsErrors, deploymentTarget
                  "formt": "binary"
                  ^~~~~~~
                  "format"

                """),
            ("{\"format\": \"xml\"}", """
                reflc.json:1:12: error: 'format' is "json" or "binary", found "xml"
                {"format": "xml"}
                           ^~~~~

                """),
            ("{\"format\": \"jsn\"}", """
                reflc.json:1:12: error: 'format' is "json" or "binary", found "jsn"; did you mean 'json'?
                {"format": "jsn"}
                           ^~~~~
                           "json"

                """),
            ("{\"format\": 2}", """
                reflc.json:1:12: error: 'format' is "json" or "binary"
                {"format": 2}
                           ^

                """),
            ("{\"deploymentTarget\": \"fifteen\"}", """
                reflc.json:1:22: error: 'deploymentTarget' is an iOS version such as "15.0", found "fifteen"
                {"deploymentTarget": "fifteen"}
                                     ^~~~~~~~~

                """),
            ("[1]", """
                reflc.json:1:1: error: expected an object such as {"format": "binary"}
                [1]
                ^

                """),
            ("{\"format\": \"binary\",, }", """
                reflc.json:1:21: error: not valid JSON: expected a quoted key
                {"format": "binary",, }
                                    ^

                """),
        ]
        for (text, message) in cases {
            try text.write(toFile: folder + "/reflc.json", atomically: true, encoding: .utf8)
            let run = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "out.json"], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr == message + "1 error generated.\n", "\(text)")
        }
        // Every mistake in one run.
        try "{\n  \"deploymentTarget\": 15,\n  \"warningsAsErrors\": \"yes\"\n}".write(toFile: folder + "/reflc.json", atomically: true, encoding: .utf8)
        let two = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "out.json"], in: folder)
        #expect(two.status == 1)
        #expect(two.stderr.hasPrefix("reflc.json:2:23: error: 'deploymentTarget' is an iOS version as a string, such as \"15.0\"\n"))
        #expect(two.stderr.contains("\nreflc.json:3:23: error: 'warningsAsErrors' is true or false\n"))
        #expect(two.stderr.hasSuffix("\n2 errors generated.\n"))
        // As JSON lines with --diagnostics json, and nothing else on stderr.
        let json = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "out.json", "--diagnostics", "json"], in: folder)
        #expect(json.status == 1)
        #expect(json.stderr == """
            {"severity":"error","code":"malformed-configuration","message":"'deploymentTarget' is an iOS version as a string, such as \\"15.0\\"",\
            "file":"reflc.json","line":2,"column":23,"endLine":2,"endColumn":25,"notes":[],"fixIts":[]}
            {"severity":"error","code":"malformed-configuration","message":"'warningsAsErrors' is true or false",\
            "file":"reflc.json","line":3,"column":23,"endLine":3,"endColumn":28,"notes":[],"fixIts":[]}

            """)
        // --error-limit holds here too.
        let keys = (0..<30).map { "\"key\($0)\": 1" }.joined(separator: ", ")
        try "{\(keys)}".write(toFile: folder + "/reflc.json", atomically: true, encoding: .utf8)
        let limited = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "out.json", "--error-limit", "2"], in: folder)
        #expect(limited.status == 1)
        #expect(limited.stderr.components(separatedBy: "error: unknown key").count == 3)
        #expect(limited.stderr.hasSuffix("\n30 errors generated; 2 shown, 28 more not shown (raise the limit with --error-limit N, or 0 for no limit).\n"))
        // No fix that would repeat a key.
        try #"{"format": "json", "formt": "binary"}"#.write(toFile: folder + "/reflc.json", atomically: true, encoding: .utf8)
        let fixless = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "out.json", "--diagnostics", "json"], in: folder)
        #expect(fixless.status == 1)
        #expect(fixless.stderr.hasSuffix(#""file":"reflc.json","line":1,"column":20,"endLine":1,"endColumn":27,"notes":[],"fixIts":[]}"# + "\n"), "\(fixless.stderr)")
        // A caret never runs past its line, even from a string whose escape ends the line.
        try "{\"a\" \"b\\\n x\"}".write(toFile: folder + "/reflc.json", atomically: true, encoding: .utf8)
        let broken = try CommandLineTests.run(["build", "main.less", "--config", "reflc.json", "-o", "out.json", "--diagnostics", "json"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(#""line":1,"column":6,"endLine":1,"endColumn":9,"#), "\(broken.stderr)")
        // A file that cannot be read is unreadable input: exit 2, as for a stylesheet.
        let missing = try CommandLineTests.run(["build", "main.less", "--config", "nothere.json", "-o", "out.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "reflc: error: cannot read 'nothere.json': no such file or directory\n")
    }
}
