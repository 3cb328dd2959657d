
extension Field {
    /// A typed value in the shape of Docs/RuleTable.md.
    func styleValue() throws(RuleTableReader.Failure) -> StyleValue {
        let type = try self["type"].string()
        switch type {
        case "number":
            let unit = self["unit"].node == nil ? nil : try self["unit"].keyword(LengthUnit.self)
            return .number(try self["value"].number(), unit: unit)
        case "percent": return .percent(try self["value"].number())
        case "angle": return .angle(radians: try self["radians"].number())
        case "string": return .string(try self["value"].string())
        case "bool": return .bool(try self["value"].bool())
        case "color": return .color(try color())
        case "gradient": return .gradient(try self["colors"].array().map { color throws(RuleTableReader.Failure) in try color.color() })
        case "font": return .font(try font())
        case "rect":
            return .rect(x: try self["x"].number(), y: try self["y"].number(),
                         width: try self["width"].number(), height: try self["height"].number())
        case "point": return .point(x: try self["x"].number(), y: try self["y"].number())
        case "size": return .size(width: try self["width"].number(), height: try self["height"].number())
        case "edgeInsets":
            return .edgeInsets(top: try self["top"].number(), left: try self["left"].number(),
                               bottom: try self["bottom"].number(), right: try self["right"].number())
        case "localizedString": return .localizedString(key: try self["key"].string())
        case "transform": return .transform(try transform())
        case "vector": return .vector(try self["items"].array().map { item throws(RuleTableReader.Failure) in try item.styleValue() })
        case "image":
            if self["name"].node != nil { return .image(.named(try self["name"].string())) }
            let fill = try self["fill"].styleValue()
            switch fill {
            case .color, .gradient: return .image(.fill(fill))
            default: throw self["fill"].failure("an image is filled with a color or a gradient")
            }
        case "condition": return .condition(try self["condition"].condition())
        case "enum":
            return .enumCase(EnumCase(enumName: try self["enum"].string(), caseName: try self["case"].string(),
                                      rawValue: try self["rawValue"].int()))
        case "optionSet":
            return .optionSet(OptionSetValue(setName: try self["optionSet"].string(),
                                             options: try self["options"].array().map { option throws(RuleTableReader.Failure) in try option.string() },
                                             rawValue: try self["rawValue"].int()))
        case "call":
            return .call(name: try self["name"].string(),
                         arguments: try self["args"].array().map { argument throws(RuleTableReader.Failure) in try argument.styleValue() })
        case "identifier": return .identifier(try self["value"].string())
        default: throw self["type"].failure("unknown value type '\(type)'")
        }
    }

    private func color() throws(RuleTableReader.Failure) -> Color {
        let components = try self["rgba"].array()
        guard components.count == 4 else { throw self["rgba"].failure("expected four components") }
        return Color(red: try components[0].number(), green: try components[1].number(),
                     blue: try components[2].number(), alpha: try components[3].number())
    }

    private func font() throws(RuleTableReader.Failure) -> Font {
        let size: Font.Size
        switch try self["size"].styleValue() {
        case .number(let points, let unit): size = .points(points, unit: unit)
        case .percent(let percent): size = .percent(percent)
        default: throw self["size"].failure("expected a number or percent value")
        }
        let weight = self["weight"].node == nil ? nil : try self["weight"].keyword(FontWeight.self)
        let textStyle = self["textStyle"].node == nil ? nil : try self["textStyle"].keyword(TextStyle.self)
        if textStyle != nil, case .percent = size { throw self["size"].failure("a font with a text style takes a size in points") }
        return Font(name: try self["name"].string(), size: size, isSystem: try self["system"].bool(),
                    weight: weight, textStyle: textStyle)
    }

    private func transform() throws(RuleTableReader.Failure) -> Transform {
        let op = try self["op"].string()
        switch op {
        case "scale": return .scale(x: try self["x"].number(), y: try self["y"].number())
        case "rotate": return .rotate(radians: try self["radians"].number())
        case "translate": return .translate(x: try self["x"].number(), y: try self["y"].number())
        default: throw self["op"].failure("unknown transform '\(op)'")
        }
    }

    /// Version 2: `{"source": TEXT, "test": EXPR}`; version 1:
    /// `{"source": TEXT, "terms": [TERM, ...]}`, the terms joined by `and`.
    func condition() throws(RuleTableReader.Failure) -> Condition {
        let source = try self["source"].string()
        guard version >= 2 else {
            let terms = try self["terms"].array().map { term throws(RuleTableReader.Failure) in try term.conditionTest() }
            return Condition(test: terms.count == 1 ? .test(terms[0]) : .all(terms.map { .test($0) }), source: source)
        }
        return Condition(test: try self["test"].conditionExpression(), source: source)
    }

    /// `{"all": [...]}`, `{"any": [...]}`, `{"not": EXPR}` or a term.
    private func conditionExpression() throws(RuleTableReader.Failure) -> ConditionExpression {
        if self["all"].node != nil {
            return .all(try self["all"].array().map { operand throws(RuleTableReader.Failure) in try operand.conditionExpression() })
        }
        if self["any"].node != nil {
            return .any(try self["any"].array().map { operand throws(RuleTableReader.Failure) in try operand.conditionExpression() })
        }
        if self["not"].node != nil { return .not(try self["not"].conditionExpression()) }
        return .test(try conditionTest())
    }

    private func conditionTest() throws(RuleTableReader.Failure) -> ConditionTest {
        let test = try self["test"].string()
        switch test {
        case "default": return .always
        case "external": return .external(name: try self["name"].string())
        case "sizeClass":
            return .sizeClass(axis: try self["axis"].keyword(SizeClassAxis.self), op: try self["op"].keyword(EqualityOperator.self),
                              value: try self["value"].keyword(SizeClass.self))
        case "size":
            return .size(dimension: try self["dimension"].keyword(Dimension.self), op: try self["op"].keyword(ComparisonOperator.self),
                         value: try self["value"].number())
        case "idiom":
            return .idiom(op: try self["op"].keyword(EqualityOperator.self), value: try self["value"].keyword(Idiom.self))
        case "appearance":
            return .appearance(op: try self["op"].keyword(EqualityOperator.self), value: try self["value"].keyword(Appearance.self))
        case "contentSize":
            let op = try self["op"].keyword(ComparisonOperator.self)
            let value = try self["value"].keyword(ContentSizeCategory.self)
            if value == .unspecified && !op.isEquality {
                throw self["op"].failure("'unspecified' is compared with '==' or '!=' only")
            }
            return .contentSize(op: op, value: value)
        case "layoutDirection":
            return .layoutDirection(op: try self["op"].keyword(EqualityOperator.self),
                                    value: try self["value"].keyword(LayoutDirection.self))
        case "orientation":
            return .orientation(op: try self["op"].keyword(EqualityOperator.self), value: try self["value"].keyword(Orientation.self))
        case "contrast":
            return .contrast(op: try self["op"].keyword(EqualityOperator.self), value: try self["value"].keyword(Contrast.self))
        case "flag":
            return .flag(try self["name"].keyword(AccessibilityFlag.self))
        default: throw self["test"].failure("unknown condition test '\(test)'")
        }
    }
}
