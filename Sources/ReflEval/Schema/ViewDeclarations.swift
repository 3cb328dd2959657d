import ReflLexer
import ReflParser

/// The `@view` declarations of a program, read before its rules are
/// compiled: each adds a class (with its superclass and properties) to the
/// schema rules are checked against, or properties to a class already there.
enum ViewDeclarations {
    /// The declarations of every file, in file order, merged into `program`'s
    /// schema. Mistakes are reported at their place and leave the property
    /// (or class) out.
    static func collect(into program: Program) {
        var gathered: [String: GatheredClass] = [:]
        var declaredAt: [String: (file: LoadedFile, range: SourceRange)] = [:]
        for file in program.files {
            for case .viewDeclaration(let declaration) in file.syntax.items {
                let name = file.text(declaration.name)
                let superclass = declaration.superclass.map { file.text($0) }
                // Taken out while it grows, so that its arrays are not shared with the dictionary and copied.
                var gatheredClass = gathered.removeValue(forKey: name) ?? GatheredClass(superclass: nil)
                if let superclass {
                    if let previous = gatheredClass.superclass, previous != superclass, let first = declaredAt[name] {
                        program.report(.error(.viewDeclaration, "'\(name)' is declared a subclass of \(previous) already; a class has one superclass"),
                                       in: file, at: declaration.superclass!,
                                       notes: [Diagnostic.Note("the first declaration is here", file: first.file.source, range: first.range)])
                    } else if let known = program.schemaCheck.schema.classes[name], known.superclass != nil, known.superclass != superclass {
                        program.report(.error(.viewDeclaration, "'\(name)' is a subclass of \(known.superclass!) in UIKit"),
                                       in: file, at: declaration.superclass!)
                    } else {
                        gatheredClass.superclass = superclass
                    }
                }
                if declaredAt[name] == nil { declaredAt[name] = (file, declaration.name) }
                for property in declaration.properties {
                    let typeText = file.text(property.type)
                    guard let (type, isPerState) = PropertyType.parse(typeText) else {
                        program.report(.error(.viewDeclaration,
                            "unknown type '\(typeText)'; the types are \(PropertyType.simpleTypes.keys.sorted().joined(separator: ", ")), enum(a, b, ...), per-state(TYPE)"),
                                       in: file, at: property.type)
                        continue
                    }
                    if case .enumeration(let enumName) = type, program.schemaCheck.schema.enumerations[enumName] == nil {
                        program.report(.error(.viewDeclaration, "unknown enumeration '\(enumName)'"), in: file, at: property.type)
                        continue
                    }
                    if case .options(let setName) = type, program.schemaCheck.schema.enumerations[setName] == nil {
                        program.report(.error(.viewDeclaration, "unknown option set '\(setName)'"), in: file, at: property.type)
                        continue
                    }
                    let writtenKey = file.text(property.key)
                    let key = PropertyName.keyPath(writtenKey)
                    gatheredClass.declare(PropertySchema(key: key, stylesheetKey: writtenKey, swiftName: key, type: type, isPerState: isPerState))
                }
                gathered[name] = gatheredClass
            }
        }
        var declared = ViewSchema()
        for (name, gatheredClass) in gathered {
            declared.classes[name] = ViewClass(name: name, superclass: gatheredClass.superclass,
                                               properties: gatheredClass.properties.compactMap { $0 })
        }
        guard !declared.classes.isEmpty else { return }
        program.declaredViews = declared
        program.schemaCheck = SchemaCheck(schema: program.schemaCheck.schema.merging(declared),
                                          deploymentTarget: program.schemaCheck.deploymentTarget)
    }

    /// A class as its declarations are read: a key declared again replaces
    /// the earlier property, which leaves its place and comes last. Found
    /// by key rather than searched for, so that a class of thousands of
    /// properties is read in linear time.
    private struct GatheredClass {
        var superclass: String?
        /// The properties in the order declared, nil where a later declaration of the key replaced one.
        var properties: [PropertySchema?] = []
        var positions: [String: Int] = [:]

        mutating func declare(_ property: PropertySchema) {
            if let earlier = positions[property.key] { properties[earlier] = nil }
            positions[property.key] = properties.count
            properties.append(property)
        }
    }
}
