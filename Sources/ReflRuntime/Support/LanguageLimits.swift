/// Limits of the language that the compiler and the rule-table readers
/// share, so that what one side accepts the other can hold.
public enum LanguageLimits {
    /// How deep values (vectors, calls, image fills) and conditions may
    /// nest, in source and in every table form.
    public static let maximumNesting = 256
    /// How many values one value may hold in all (itself, its items, theirs,
    /// ...), a variable's value counted in full at each use. Variables can
    /// double a value at each step (`@b: vector(@a, @a)`), so without it a
    /// few lines would make a value too large to write or even walk.
    public static let maximumValueSize = 100_000
}
