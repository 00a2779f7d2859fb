/// `order`'s options.
enum OrderOptions {
    /// `--wait`: follow the order to its end.
    static let wait = Flag(
        "--wait",
        help: "ask again until fulfilled or rejected, at most --wait-timeout in all")
    /// `--wait-timeout SECONDS`: how long `--wait` follows the order in all (each request keeps `--timeout`).
    static let waitTimeout = Option(
        "--wait-timeout", "SECONDS",
        help: "with --wait, how long to follow the order in all (default 1800: paying takes minutes; "
            + "--timeout stays each request's time-out)",
        parser: .number(0.1...86_400))
    /// `--poll-interval SECONDS`.
    static let pollInterval = Option(
        "--poll-interval", "SECONDS", help: "with --wait, the first wait between two asks (default 2, doubling up to 30)",
        parser: .number(0.01...30))
    /// `--reveal`: the card number and PIN.
    static let reveal = Flag("--reveal", help: "show the card's number, PIN, challenge and links (masked otherwise)")
    /// `--support`: the report to paste into an e-mail to the provider's support.
    static let support = Flag(
        "--support",
        help: "print a report to paste into an e-mail to the provider's support (never the card's codes)")
    /// `--txid TXID`.
    static let transactionId = Option(
        "--txid", "TXID", help: "find the CTX order paid by this Dash transaction", parser: .text())
    /// `--record-txid TXID`: the transaction that paid the order, recorded with it.
    static let recordTransaction = Option(
        "--record-txid", "TXID",
        help: "record the Dash transaction (64 hex digits) that paid ORDER_ID: kept with the order and shown; "
            + "once recorded, another is refused",
        parser: .text())
}

extension OrderOptions {
    /// `--barcode FILE`: the card's barcode as a PNG or SVG file (by the extension), with `--reveal`.
    static let barcode = Option(
        "--barcode", "FILE",
        help: "with --reveal, write the card's barcode to FILE: .png or .svg (a second card to FILE-2.png, ...)",
        parser: ValueParser<String>(kind: .file) { (text, option) throws(CLIError) in
            guard BarcodeFileType(path: text) != nil else {
                throw .usage("\(option) writes .png or .svg files, not \(TerminalText.clipped(text).debugDescription)")
            }
            return text
        })
}
