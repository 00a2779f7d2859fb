extension Array where Element == String {
    /// The strings with `separator` between them: what `joined(separator:)` returns, in concrete code.
    ///
    /// The standard library's `joined(separator:)` is generic: the first call in a process makes the runtime
    /// look up `[String]`'s `Element` by scanning every protocol conformance in the binary (90,000 to 175,000
    /// instructions, and the page faults of reading them all). The code a command runs before its answer
    /// (parsing, building SQL) uses this one; elsewhere either is fine.
    package func joinedText(separator: String = "") -> String {
        var result = ""
        var first = true
        for part in self {
            if !first { result += separator }
            result += part
            first = false
        }
        return result
    }
}
