import Foundation
import Testing
import GoldenFiles
import ReflLexer
@testable import ReflEval

/// Every color function over a grid of colors (hues, saturations,
/// lightnesses, alphas), amounts, angles and weights, against what lessc 3
/// computes: `Fixtures/lessc/color-functions.tsv`, written from lessc's own
/// output by `scripts/lessc-color-table.py`. Each channel must agree within
/// half of 1/255.
struct ColorFunctionTableTests {
    struct Row {
        let expression: String
        /// Red, green, blue in 0...255 and alpha in 0...1, as lessc gives them.
        let channels: [Double]
    }

    static let rows: [Row] = {
        let path = Golden.packageRoot + "/Fixtures/lessc/color-functions.tsv"
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return Row(expression: fields[0], channels: fields.dropFirst().map { Double($0)! })
        }
    }()

    @Test func theTableIsThere() {
        #expect(Self.rows.count > 800)
    }

    /// Arithmetic and math functions, against `Fixtures/lessc/numbers.tsv`:
    /// the same value and unit (lessc prints 8 decimals, reflc rounds to 5).
    @Test func arithmeticAndMathFunctionsAgreeWithLessc() throws {
        let path = Golden.packageRoot + "/Fixtures/lessc/numbers.tsv"
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count > 30)
        for row in rows {
            let fields = row.split(separator: "\t").map(String.init)
            let (expression, lessc) = (fields[0], fields[1])
            let unit = String(lessc.drop { $0.isNumber || $0 == "." || $0 == "-" })
            let expected = try #require(Double(lessc.dropLast(unit.count)))
            let table = Compiler.compile(source: SourceFile(path: "n.less", text: "a { n: \(expression); }")).ruleTable
            let (value, ourUnit): (Double?, String)
            switch table?.rules.first?.properties.first?.value {
            case .number(let number, let lengthUnit)?: (value, ourUnit) = (number, lengthUnit?.rawValue ?? "")
            case .percent(let number)?: (value, ourUnit) = (number, "%")
            case .angle(let radians)?: (value, ourUnit) = (radians * 180 / Double.pi, "deg")
            default: (value, ourUnit) = (nil, "")
            }
            #expect(ourUnit == unit, "\(expression): unit \(ourUnit), lessc \(lessc)")
            #expect(value.map { abs($0 - expected) < 0.00001 } == true, "\(expression): \(value.map { "\($0)" } ?? "no number"), lessc \(lessc)")
        }
    }

    @Test func everyColorFunctionAgreesWithLessc() throws {
        // One stylesheet, one property per row: compiled once.
        let source = "a {\n" + Self.rows.indices.map { "  p\($0): \(Self.rows[$0].expression);" }.joined(separator: "\n") + "\n}\n"
        let result = Compiler.compile(source: SourceFile(path: "colors.less", text: source), errorLimit: 0)
        var renderer = DiagnosticRenderer()
        #expect(result.diagnostics.isEmpty, "\(renderer.render(result.diagnostics))")
        let properties = try #require(result.ruleTable?.rules.first?.properties)
        let byName = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.value) })
        var mismatches: [String] = []
        for (index, row) in Self.rows.enumerated() {
            guard case .color(let color)? = byName["p\(index)"] else {
                mismatches.append("\(row.expression): not a color")
                continue
            }
            let ours = [color.red * 255, color.green * 255, color.blue * 255, color.alpha * 255]
            let lessc = [row.channels[0], row.channels[1], row.channels[2], row.channels[3] * 255]
            if zip(ours, lessc).contains(where: { abs($0 - $1) > 0.5 }) {
                mismatches.append("\(row.expression): reflc \(ours), lessc \(lessc)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) rows differ:\n\(mismatches.prefix(20).joined(separator: "\n"))")
    }
}
