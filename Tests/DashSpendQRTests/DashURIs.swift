import DashSpendCore

/// Seeded `dash:` payment URIs of an exact length, like the ones the providers hand out: a real-looking
/// mainnet address (base58check, version byte 76, so it starts with X), an amount with 8 decimals and a
/// percent-encoded label.
struct DashURIs {
    private var random: SplitMix64Bytes

    init(seed: UInt64) { random = SplitMix64Bytes(seed: seed) }

    mutating func address() -> String { Base58Check.encode([76] + random.bytes(20)) }

    /// A URI of exactly `length` characters (at least 40): `dash:ADDRESS?amount=…&label=…` when that fits,
    /// else a label alone, cut to the length.
    mutating func uri(length: Int) -> String {
        var text = "dash:" + address()
        let amount = "0." + random.text(8, from: "0123456789")
        text += length >= text.count + 30 ? "?amount=\(amount)&label=" : "?label="
        let words = ["Gift", "Card", "Home%20Depot", "DashSpend", "order-", "%C3%A9t%C3%A9", "~._", "25USD"]
        while text.count < length {
            text += words[random.int(in: 0...(words.count - 1))] + random.text(random.int(in: 0...3), from: "abcXYZ019")
        }
        return String(text.prefix(length))
    }
}
