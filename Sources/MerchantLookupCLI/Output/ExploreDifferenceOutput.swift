import DashSpend

/// How `db diff` and `sync` say an ``ExploreDifference``: a one-line count, one line per change, and JSON.
enum ExploreDifferenceOutput {
    /// `2 merchants added, 1 removed; 3 discounts changed; 1 offer switched on, 0 switched off`, or `no changes`.
    static func summary(_ difference: ExploreDifference) -> String {
        if difference.isEmpty { return "no changes (the same merchants, discounts and offers)" }
        return "\(counted(difference.added.count, "merchant")) added, \(difference.removed.count) removed; "
            + "\(counted(difference.discountChanges.count, "discount")) changed; "
            + "\(counted(difference.switchedOn.count, "offer")) switched on, \(difference.switchedOff.count) switched off"
    }

    /// One line per change, in the order of ``summary(_:)``; at most `limit` lines, then how many more.
    static func lines(_ difference: ExploreDifference, limit: Int = .max) -> [String] {
        var lines: [String] = []
        lines += difference.added.map { "added         \(named($0))" }
        lines += difference.removed.map { "removed       \(named($0))" }
        lines += difference.discountChanges.map {
            "discount      \(named($0.merchant)) at \($0.provider.displayName): "
                + "\(discount($0.oldBasisPoints)) -> \(discount($0.newBasisPoints))"
        }
        lines += difference.switchedOn.map { "switched on   \(named($0.merchant)) at \($0.provider.displayName)" }
        lines += difference.switchedOff.map { "switched off  \(named($0.merchant)) at \($0.provider.displayName)" }
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit)) + ["... and \(lines.count - limit) more"]
    }

    /// The difference as JSON: `added`, `removed` (merchants), `discountChanges`, `switchedOn`, `switchedOff`.
    static func json(_ difference: ExploreDifference) -> JSONDocument {
        func merchant(_ merchant: ExploreDifference.Merchant) -> [(String, JSONDocument)] {
            [("id", .string(merchant.merchantId)), ("name", .string(merchant.name))]
        }
        func offer(_ entry: ExploreDifference.OfferSwitch) -> JSONDocument {
            .object(merchant(entry.merchant) + [("provider", .string(entry.provider.displayName))])
        }
        return .object([
            ("added", .array(difference.added.map { .object(merchant($0)) })),
            ("removed", .array(difference.removed.map { .object(merchant($0)) })),
            (
                "discountChanges",
                .array(
                    difference.discountChanges.map {
                        .object(
                            merchant($0.merchant) + [
                                ("provider", .string($0.provider.displayName)),
                                ("oldBasisPoints", $0.oldBasisPoints.map(JSONDocument.integer) ?? .null),
                                ("newBasisPoints", $0.newBasisPoints.map(JSONDocument.integer) ?? .null),
                            ])
                    })
            ),
            ("switchedOn", .array(difference.switchedOn.map(offer))),
            ("switchedOff", .array(difference.switchedOff.map(offer))),
        ])
    }

    private static func named(_ merchant: ExploreDifference.Merchant) -> String {
        "\(oneLine(merchant.name)) (\(oneLine(merchant.merchantId)))"
    }

    /// A name from a file on one line: a newline in it cannot forge a line of its own.
    private static func oneLine(_ text: String) -> String { TerminalText.sanitized(text, keepingNewlines: false) }

    private static func discount(_ basisPoints: Int?) -> String {
        basisPoints.map(OutputFormat.discount) ?? "none stored"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
