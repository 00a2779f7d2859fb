import DashSpend

/// `buy`'s options.
enum BuyOptions {
    /// `--amount N`: the card's value.
    static let amount = Option(
        "--amount", "N", help: "the card's value in USD (one of a fixed card's values, or within the range)",
        parser: .amount)
    /// `--provider ID`: the provider to buy from (the same option as `search`'s, helped for buying).
    static let provider = SearchOptions.provider.helping(
        "the provider to buy from (\(GiftCardProvider.idList); default: the best offer)")
    /// `-y`, `--yes`: no question.
    static let yes = Flag(
        "--yes", aliases: ["-y"], help: "buy without asking for confirmation (needed without a terminal)")
    /// `--again`: buy although the same card may still be outstanding.
    static let again = Flag(
        "--again",
        help: "buy although an order of the same card from the last day may still be outstanding "
            + "(its answer lost, or unpaid)")
}
