import Testing
import ReflParser
@testable import ReflEval

/// The catalogue editors read says what the compiler does.
struct LanguageCatalogueTests {
    @Test func everyBuiltinFunctionIsDocumentedAndNothingElse() {
        #expect(Set(LanguageCatalogue.functions.map(\.name)) == Set(BuiltinFunctions.table.keys))
        #expect(LanguageCatalogue.functions.count == BuiltinFunctions.table.count)
    }

    @Test func colorNamesAreColors() {
        #expect(LanguageCatalogue.colorNames.count == 150)
        #expect(LanguageCatalogue.colorNames.allSatisfy { LanguageCatalogue.color(named: $0) != nil })
        #expect(LanguageCatalogue.color(named: "RebeccaPurple")?.hex == "#663399ff")
        #expect(LanguageCatalogue.color(named: "mode-center") == nil)
    }

    @Test func conditionWordsAreTheParsers() {
        for subject in LanguageCatalogue.conditionSubjects where !LanguageCatalogue.conditionValues(for: subject).isEmpty {
            for value in LanguageCatalogue.conditionValues(for: subject) {
                let source = "A:__where { __condition: '\(subject) = \(value)'; }"
                let result = Compiler.compile(source: .init(path: "t.less", text: source))
                #expect(!result.hasErrors, "\(subject) = \(value)")
            }
        }
        #expect(LanguageCatalogue.keyPath(of: "title-label--text-color") == "titleLabel.textColor")
        #expect(LanguageCatalogue.controlStates == ["normal", "highlighted", "disabled", "selected", "focused"])
    }
}
