#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReflRuntime

// RuntimeOnly TABLE CLASS[:TRAIT...] [SUPERCLASS...]
//
// Loads a rule table (binary or JSON) and prints the computed style of a view
// of CLASS with the given traits, as `reflc resolve` prints it.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    print("usage: RuntimeOnly TABLE CLASS[:TRAIT...] [SUPERCLASS...]")
    exit(2)
}
let path = arguments[arguments.startIndex]
let subject = arguments[arguments.startIndex + 1].split(separator: ":").map(String.init)
let superclasses = arguments.dropFirst(2).map { $0 }

do {
    let stylesheet = try Stylesheet(contentsOfTableFile: FilePath(path))
    let query = StyleQuery(className: subject[0], superclasses: superclasses, traits: Set(subject.dropFirst()))
    print(String(decoding: stylesheet.resolve(query).jsonBytes(), as: UTF8.self), terminator: "")
} catch {
    print(error.description)
    exit(1)
}
