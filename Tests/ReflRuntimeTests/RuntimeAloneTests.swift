import Testing
import ReflRuntime

/// The run-time module on its own: this test target depends on ReflRuntime
/// only, as an app that ships a rule table does.
struct RuntimeAloneTests {
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    @Test func aTableOfAnEarlierVersionLoadsAndResolvesWithoutTheCompiler() throws {
        let stylesheet = try Stylesheet(contentsOfTableFile: FilePath(Self.packageRoot + "/Fixtures/tables/seed-example-v1.json"))
        let style = stylesheet.resolve(StyleQuery(className: "UIView", traits: ["circularView"]))
        #expect(style["backgroundColor"] == .color(Color(red: 0.5, green: 1, blue: 0.5)))
        #expect(style["cornerRadius"] == .number(0, unit: nil))  // 50% of a 0x0 view
        #expect(style.importantProperties.contains("cornerRadius"))
        let explained = stylesheet.explain(StyleQuery(className: "UIView", traits: ["circularView"]))
        #expect(explained.first { $0.property == "backgroundColor" }?.winner.selector == "UIView:circularView")
    }

    @Test func sourceIsRefusedWithWhatToDo() throws {
        let source = Self.packageRoot + "/Fixtures/compile/seed-example/main.less"
        #expect {
            try Stylesheet(contentsOfTableFile: FilePath(source))
        } throws: { error in
            "\(error)".contains("this is stylesheet source, not a rule table; build a table with 'reflc build --format binary'")
        }
    }

    @Test func anUnreadableFileSaysWhy() throws {
        #expect {
            try Stylesheet(contentsOfTableFile: FilePath("/nonexistent/styles.reflb"))
        } throws: { error in
            "\(error)" == "cannot read '/nonexistent/styles.reflb': no such file or directory"
        }
    }
}
