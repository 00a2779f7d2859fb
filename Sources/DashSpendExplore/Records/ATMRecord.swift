/// A Dash ATM from the explore database's `atm` table.
public struct ATMRecord: Sendable, Hashable {
    /// Where it is.
    public let location: MerchantLocation
    /// The machine's maker (`General Bytes`, ...).
    public let manufacturer: String?
    /// `Buy Only`, `Sell Only` or `Buy and Sell`.
    public let type: String?
    /// What it does with Dash, read from ``type`` (nil when the type says neither buy nor sell).
    public var kind: ATMKind? { ATMKind(type: type) }
    /// The postcode.
    public let postcode: String?
    /// The operator's website.
    public let website: String?
}
