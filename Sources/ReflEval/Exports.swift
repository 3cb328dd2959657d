// `import ReflEval` gives an embedding app everything: the compiler and the
// run time (values, conditions, rule tables, resolution). An app that ships
// only a rule table can import `ReflRuntime` alone.
@_exported import ReflRuntime
