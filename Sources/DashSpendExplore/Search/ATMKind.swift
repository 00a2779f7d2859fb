/// What an ATM does with Dash, as the wallets filter ATMs: the explore database's `atm.type` (`Buy Only`,
/// `Sell Only`, `Buy and Sell`), read by its words so that other spellings (`buy/sell`, any case) count too.
public enum ATMKind: String, CaseIterable, Sendable, Hashable {
    /// You can buy Dash there: `Buy Only` and `Buy and Sell` ATMs.
    case buy
    /// You can sell Dash there: `Sell Only` and `Buy and Sell` ATMs.
    case sell
    /// Both: `Buy and Sell` ATMs only.
    case buyAndSell = "buy-and-sell"

    /// What an ATM of `type` (the `atm.type` column) does: nil when the type says neither buy nor sell.
    public init?(type: String?) {
        let words = (type ?? "").lowercased()
        switch (words.contains("buy"), words.contains("sell")) {
        case (true, true): self = .buyAndSell
        case (true, false): self = .buy
        case (false, true): self = .sell
        case (false, false): return nil
        }
    }

    /// Whether an ATM of kind `kind` serves someone looking for this kind: a `Buy and Sell` ATM serves both.
    public func includes(_ kind: ATMKind?) -> Bool {
        guard let kind else { return false }
        return self == kind || kind == .buyAndSell
    }
}
