/// `order`'s options.
enum OrderOptions {
    /// `--wait`: follow the order to its end.
    static let wait = Flag(
        "--wait",
        help: "ask again until fulfilled or rejected, at most --timeout seconds in all "
            + "(--timeout is also each request's time-out)")
    /// `--poll-interval SECONDS`.
    static let pollInterval = Option(
        "--poll-interval", "SECONDS", help: "with --wait, the first wait between two asks (default 2, doubling up to 30)",
        parser: .number(0.01...30))
    /// `--reveal`: the card number and PIN.
    static let reveal = Flag("--reveal", help: "show the card's number, PIN, challenge and links (masked otherwise)")
    /// `--txid TXID`.
    static let transactionId = Option(
        "--txid", "TXID", help: "find the CTX order paid by this Dash transaction", parser: .text())
}
