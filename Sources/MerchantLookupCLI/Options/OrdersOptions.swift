/// `orders`' options.
enum OrdersOptions {
    /// `--csv`: the accounting export.
    static let csv = Flag(
        "--csv",
        help: "print the orders as CSV for accounting, one row per card, oldest first (never the card's codes)")
}
