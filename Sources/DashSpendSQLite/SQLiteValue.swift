/// A value bound to a statement parameter.
public enum SQLiteValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Text.
    public init(stringLiteral value: String) { self = .text(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A double.
    public init(floatLiteral value: Double) { self = .real(value) }
}
