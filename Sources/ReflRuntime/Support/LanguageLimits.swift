/// Limits of the language that the compiler and the rule-table readers
/// share, so that what one side accepts the other can hold.
public enum LanguageLimits {
    /// How deep values (vectors, calls, image fills) and conditions may
    /// nest, in source and in every table form.
    public static let maximumNesting = 256
}
