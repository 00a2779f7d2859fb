import DashSpend
import DashSpendBarcode
import DashSpendCore

/// A delivered card's barcode, as the wallets show it at the till: drawn in the terminal after the order, and
/// written to a PNG or SVG file with `order --barcode FILE`. A barcode of the card number is the number, so
/// both follow the `--reveal` rule: nothing is drawn or written without it.
enum BarcodeOutput {
    /// The barcodes of `order`'s cards that have a number, each under a line naming its format and why (the
    /// provider's, or chosen by DashSpend), in the terminal's colours when `colours`; nothing unless `reveal`.
    /// A number that cannot be drawn is said in place of its barcode.
    static func text(_ order: Order, reveal: Bool, colours: Bool) -> String {
        guard reveal else { return "" }
        var text = ""
        for (index, card) in order.cards.enumerated() {
            let label = order.cards.count == 1 ? "card barcode" : "card \(index + 1) barcode"
            do {
                guard let barcode = try card.barcode else { continue }
                text += "\(label) (\(barcode.format), \(barcode.formatSource)):\n"
                text += BarcodeTerminalRenderer(style: colours ? .ansiColors : .plain).render(barcode.image) + "\n"
            } catch {
                text += "\(label): none (\(error))\n"
            }
        }
        return text
    }

    /// Writes the barcode of each of `order`'s cards that has a number to `path` (the second to `name-2.ext`,
    /// ...), as PNG or SVG by its extension, readable by the user alone (0600, written atomically); the lines that say where each
    /// went.
    ///
    /// - Throws: a `CLIError` when no card has a number yet, when a number cannot be drawn, or when a file
    ///   cannot be written.
    static func write(_ order: Order, to path: String) throws(CLIError) -> String {
        guard let type = BarcodeFileType(path: path) else { throw .usage("--barcode writes .png or .svg files") }
        var lines = ""
        var written = 0
        for (index, card) in order.cards.enumerated() {
            let barcode: CardBarcode
            do {
                guard let drawn = try card.barcode else { continue }
                barcode = drawn
            } catch {
                throw CLIError(error)
            }
            let file = BarcodeFileType.path(path, card: index)
            let bytes = type == .png ? barcode.image.pngFile() : barcode.image.svgDocument()
            do {
                // Mode 0600 from the first byte (never readable by others, even for a moment), replaced atomically.
                try AtomicFile.replace(file, with: bytes)
            } catch {
                throw CLIError(
                    "cannot write the barcode to \(TerminalText.clipped(file).debugDescription): \(error.reason)",
                    code: .cannotCreate, name: "barcodeNotWritten")
            }
            lines +=
                "barcode written to \(TerminalText.sanitized(file, keepingNewlines: false)) (\(barcode.format), \(barcode.formatSource))\n"
            written += 1
        }
        guard written > 0 else {
            throw CLIError(
                "order \(order.id) has no card number to draw as a barcode (\(order.status.rawValue))", code: .notFound,
                hint: order.status.isFinal ? nil : "run `merchant-lookup order \(order.id) --wait` until it is fulfilled",
                name: "noBarcode")
        }
        return lines
    }
}
