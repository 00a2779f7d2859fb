import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `buy`, `orders` and `order` show an order: text for a person, JSON for a program. Everything of a
/// card that opens it (number, PIN, redeem challenge, and the claim, redeem and barcode links, which may
/// carry the code) is masked unless the caller asks to reveal it. A payment, and its QR code, is shown only
/// for an order that may be paid (``Order/isPayable``), never beside a card.
enum OrderOutput {
    /// `************7890`: all but the last four characters hidden (all of a PIN or a short number).
    static func masked(_ secret: String, keepingLast kept: Int = 4) -> String {
        guard secret.count > kept * 2 else { return String(repeating: "*", count: secret.count) }
        return String(repeating: "*", count: secret.count - kept) + secret.suffix(kept)
    }

    /// `https://ctx.example/********`: a link's scheme and host name, the rest (where a code may be: the
    /// path, the query, the port) hidden; a link without a plain host, or whose host carries one of
    /// `secrets` (the card's number, PIN or challenge), is hidden but for its scheme.
    static func maskedLink(_ link: String, hiding secrets: [String] = []) -> String {
        let hidden = "********"
        guard let separator = link.firstOccurrence(of: "://") else { return hidden }
        let scheme = String(link[..<separator.upperBound])
        let rest = link[separator.upperBound...]
        let hostEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[..<hostEnd]
        guard !authority.isEmpty, !authority.contains("@") else { return hidden }
        // The port is never shown: a code may be put there too.
        let host = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard !host.isEmpty, !secrets.contains(where: { host.lowercased().containsText($0.lowercased()) }) else {
            return scheme + hidden
        }
        return scheme + host + "/" + hidden
    }

    /// The values of `card` that open it (number, PIN, challenge), as ``maskedLink(_:hiding:)`` and
    /// ``maskedText(_:hiding:)`` hide them wherever they appear; values shorter than 4 characters are left
    /// out (they would hide unrelated text).
    static func secrets(of card: DeliveredCard) -> [String] {
        [card.number, card.pin, card.redeemChallenge].compactMap { $0?.trimmedWhitespace }.filter { $0.count >= 4 }
    }

    /// `text` with every occurrence of each of `secrets` masked.
    static func maskedText(_ text: String, hiding secrets: [String]) -> String {
        var text = text
        for secret in secrets {
            text = text.replacingEvery(secret, with: String(repeating: "*", count: secret.count))
        }
        return text
    }

    /// `3m`, `2h`, `5d`: how long ago `date` was.
    static func age(of date: Date, now: Date = Date()) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3_600 { return "\(seconds / 60)m" }
        if seconds < 86_400 { return "\(seconds / 3_600)h" }
        return "\(seconds / 86_400)d"
    }

    static func money(_ amount: Decimal, _ currency: String) -> String {
        "\(amount.plainText(fractionDigits: 2)) \(currency)"
    }

    /// `PiggyCards is not in this build`, for an order of a provider the build leaves out.
    static func notInThisBuild(_ order: Order) -> String? {
        order.provider == nil ? "\(order.providerName) is not in this build" : nil
    }

    /// The status as shown: the library's word, and the provider's own when it is one the library does not
    /// know.
    static func status(_ order: Order) -> String {
        guard order.status == .unknown, let word = order.providerStatus else { return order.status.rawValue }
        return "unknown (\(order.providerName) says \"\(word)\", a status DashSpend does not know: do not pay it)"
    }

    /// The order as lines of `label: value`, then its payment (only while it may be paid: with its QR code
    /// when `colours` is given, in the terminal's colours when true) and its cards.
    static func text(_ order: Order, reveal: Bool, colours: Bool? = nil) -> String {
        var provider = order.providerName + (order.providerOrderId.map { " (order \($0))" } ?? "")
        if let missing = notInThisBuild(order) { provider += " - \(missing)" }
        var lines = [
            ("order", order.id),
            ("provider", provider),
            ("merchant", order.merchantName.isEmpty ? "-" : order.merchantName),
            ("amount", amountText(order)),
            ("status", status(order)),
            ("created", UTCTimestamp.extended(order.createdAt) + " (\(age(of: order.createdAt)) ago)"),
        ]
        if let delivery = order.deliveryTime { lines.append(("delivery", delivery)) }
        if order.isPartiallyDelivered {
            lines.append(
                (
                    "delivered",
                    "\(order.cards.count) of \(order.cardCount) cards so far: the rest may still come "
                        + "(`merchant-lookup order \(order.id)` asks again)"
                ))
        }
        if order.foundByTransaction { lines.append(("found", "by the transaction that paid it (not ordered here)")) }
        if let message = order.message { lines.append(("note", message)) }
        if let txid = order.transactionId {
            let when = order.transactionRecordedAt.map { " (recorded \(UTCTimestamp.extended($0)))" } ?? ""
            lines.append(("transaction", txid + when))
            if order.status == .unpaid {
                lines.append(
                    (
                        "payment",
                        "sent by that transaction: not to be paid again; waiting for \(order.providerName) to see it "
                            + "(`merchant-lookup order \(order.id)` asks)"
                    ))
            }
        }
        if order.paymentCheckPending && order.status == .unpaid {
            lines.append(
                (
                    "payment",
                    "waiting for a check against an exchange rate: do not pay yet (`merchant-lookup order \(order.id)` checks it again)"
                ))
        }
        if order.isPayable {
            if let dash = order.dashAmount { lines.append(("pay", "\(dash) DASH")) }
            if let uri = order.paymentURI { lines.append(("payment URI", uri)) }
            if order.paymentRequestURL != nil {
                lines.append(
                    (
                        "how to pay",
                        "scan with a Dash wallet, which pays through the payment request; "
                            + "Dash sent to the address by hand may not be credited"
                    ))
                if let request = order.paymentRequest { lines += PaymentOutput.requestLines(request) }
            }
        }
        if order.cardCount > 1 {
            // Several cards: each line with what came of it, its cards under it (numbered in the order).
            let numbered = Array(order.cards.enumerated())
            for (index, line) in order.lines.enumerated() {
                let cards = numbered.filter { lineIndex($0.element, order) == index }
                lines.append(("line \(index + 1)", lineText(line, delivered: cards.count, currency: order.currency)))
                for (number, card) in cards {
                    lines += cardLines(card, label: "  card \(number + 1)", indent: "    ", reveal: reveal, labelled: true)
                }
            }
        } else {
            for (index, card) in order.cards.enumerated() {
                let label = order.cards.count == 1 ? "card" : "card \(index + 1)"
                lines += cardLines(card, label: label, indent: "  ", reveal: reveal, labelled: false)
            }
        }
        let width = (lines.map(\.0.count).max() ?? 0) + 2
        var text = lines.map { OutputFormat.pad($0.0 + ":", width) + $0.1 + "\n" }.joined()
        if let colours, order.isPayable, let uri = order.paymentURI, !uri.isEmpty {
            text += PaymentOutput.qrCode(uri, colours: colours)
        }
        if !reveal && order.cards.contains(where: \.hasSecrets) {
            text +=
                order.cards.count == 1
                ? "(the card's number, PIN, challenge and links are masked: add --reveal to show them)\n"
                : "(the cards' numbers, PINs, challenges and links are masked: add --reveal to show them)\n"
        }
        return text
    }

    /// The line of the order `card` is shown under (as ``Order/cards(inLine:)`` places it).
    static func lineIndex(_ card: DeliveredCard, _ order: Order) -> Int {
        min(max(0, card.line ?? 0), max(0, order.lines.count - 1))
    }

    /// The transaction that paid `order` as the orders table shows it: its first 16 characters, `-` without one.
    static func shortTransaction(_ order: Order) -> String {
        guard let txid = order.transactionId else { return "-" }
        return txid.count > 19 ? String(txid.prefix(16)) + "..." : txid
    }

    /// `2 x 20.00 USD: 1 of 2 delivered`.
    static func lineText(_ line: OrderLine, delivered: Int, currency: String) -> String {
        let cards = "\(line.quantity) x \(money(line.amount, currency))"
        if delivered == 0 { return cards + ": none delivered yet" }
        return cards + ": \(delivered) of \(line.quantity) delivered"
    }

    /// `amount` with the number of cards, for an order of several.
    static func amountText(_ order: Order) -> String {
        money(order.amount, order.currency) + (order.cardCount > 1 ? " in \(order.cardCount) cards, one order" : "")
    }

    /// The `label: value` lines of one card: its name (`-` for a card without one when `labelled`, else no
    /// line), then each of its fields under `indent`, masked unless `reveal`.
    private static func cardLines(
        _ card: DeliveredCard, label: String, indent: String, reveal: Bool, labelled: Bool
    ) -> [(String, String)] {
        let secrets = secrets(of: card)
        var lines: [(String, String)] = []
        if let name = card.name {
            lines.append((label, reveal ? name : maskedText(name, hiding: secrets)))
        } else if labelled {
            lines.append((label, "-"))
        }
        if let number = card.number { lines.append((indent + "number", reveal ? number : masked(number))) }
        if let pin = card.pin { lines.append((indent + "PIN", reveal ? pin : masked(pin, keepingLast: 0))) }
        if let challenge = card.redeemChallenge {
            lines.append((indent + "challenge", reveal ? challenge : masked(challenge, keepingLast: 0)))
        }
        if let link = card.claimLink {
            lines.append((indent + "claim link", reveal ? link : maskedLink(link, hiding: secrets)))
        }
        if let link = card.barcodeLink {
            lines.append((indent + "barcode", reveal ? link : maskedLink(link, hiding: secrets)))
        }
        return lines
    }

    /// The order as a JSON object; a card's `number`, `pin`, `redeemChallenge` and links masked unless
    /// `reveal`.
    static func json(_ order: Order, reveal: Bool) -> JSONDocument {
        func optional(_ text: String?) -> JSONDocument { text.map { .string($0) } ?? .null }
        func cardJSON(_ card: DeliveredCard) -> JSONDocument {
            let secrets = secrets(of: card)
            return .object([
                ("name", optional(card.name.map { reveal ? $0 : maskedText($0, hiding: secrets) })),
                ("number", optional(card.number.map { reveal ? $0 : masked($0) })),
                ("pin", optional(card.pin.map { reveal ? $0 : masked($0, keepingLast: 0) })),
                ("claimLink", optional(card.claimLink.map { reveal ? $0 : maskedLink($0, hiding: secrets) })),
                ("barcodeLink", optional(card.barcodeLink.map { reveal ? $0 : maskedLink($0, hiding: secrets) })),
                ("redeemChallenge", optional(card.redeemChallenge.map { reveal ? $0 : masked($0, keepingLast: 0) })),
                ("line", .integer(lineIndex(card, order) + 1)),
            ])
        }
        let cards = order.cards.map(cardJSON)
        let orderLines = order.lines.enumerated().map { index, line -> JSONDocument in
            let delivered = order.cards.filter { lineIndex($0, order) == index }
            return .object([
                ("line", .integer(index + 1)), ("amount", .string(line.amount.plainText(fractionDigits: 2))),
                ("quantity", .integer(line.quantity)), ("productId", optional(line.productId)),
                ("delivered", .integer(delivered.count)), ("cards", .array(delivered.map(cardJSON))),
            ])
        }
        return .object([
            ("id", .string(order.id)),
            ("provider", .string(order.providerName)),
            ("providerOrderId", optional(order.providerOrderId)),
            ("merchantId", .string(order.merchantId)),
            ("merchant", .string(order.merchantName)),
            ("amount", .string(order.amount.plainText(fractionDigits: 2))),
            ("currency", .string(order.currency)),
            ("status", .string(order.status.rawValue)),
            // A payment not checked yet is not given: a program must not pay it.
            ("paymentURI", optional(order.paymentCheckPending ? nil : order.paymentURI)),
            ("dashAmount", optional(order.paymentCheckPending ? nil : order.dashAmount.map { "\($0)" })),
            ("message", optional(order.message)),
            ("transactionId", optional(order.transactionId)),
            ("transactionRecordedAt", optional(order.transactionRecordedAt.map(UTCTimestamp.extended))),
            ("createdAt", .string(UTCTimestamp.extended(order.createdAt))),
            ("updatedAt", .string(UTCTimestamp.extended(order.updatedAt))),
            ("ageSeconds", .integer(max(0, Int(Date().timeIntervalSince(order.createdAt))))),
            ("revealed", .bool(reveal)),
            ("cards", .array(cards)),
            ("providerId", .string(order.providerId)),
            ("providerInBuild", .bool(order.provider != nil)),
            ("providerStatus", optional(order.providerStatus)),
            ("payable", .bool(order.isPayable)),
            ("deliveryTime", optional(order.deliveryTime)),
            ("foundByTransaction", .bool(order.foundByTransaction)),
            ("paymentCheckPending", .bool(order.paymentCheckPending)),
            ("notes", .array(order.notes.map { .string($0) })),
            ("paymentRequestURL", optional(order.isPayable ? order.paymentRequestURL : nil)),
            ("paymentRequest", order.isPayable ? order.paymentRequest.map(PaymentOutput.json) ?? .null : .null),
            ("cardCount", .integer(order.cardCount)), ("deliveredCount", .integer(order.cards.count)),
            ("partiallyDelivered", .bool(order.isPartiallyDelivered)), ("lines", .array(orderLines)),
        ])
    }

    /// A damaged file set aside with orders in it, as `orders --json` lists it.
    static func json(_ file: SetAsideOrderFile) -> JSONDocument {
        .object([
            ("path", .string(file.path)), ("reason", .string(file.reason)),
            ("setAsideAt", .string(UTCTimestamp.extended(file.setAsideAt))),
            ("salvagedOrders", .integer(file.salvagedOrders)), ("salvagedCards", .integer(file.salvagedCards)),
            ("complete", .bool(file.complete)),
        ])
    }
}
