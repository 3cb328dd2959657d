// Sources, diagnostics and their rendering live in the run-time module, so
// that a rule-table reader can report what the compiler reports; the lexer's
// API speaks of them, so importing the lexer gives them too.
@_exported import ReflRuntime
