#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A `dash:` URI as written, before anything is fetched: BIP21 (`dash:<address>?amount=<DASH>`) and its
/// BIP72 extension (`dash:<address>?amount=<DASH>&r=<url>`, `dash:?r=<url>`), also spelled `pay:?r=<url>`.
///
/// The scheme is matched case-insensitively, a `//` after it is allowed. The address, when there is one,
/// must be a base58check address of the network; without `r=` there must be an address and an amount. The
/// amount is plain `digits[.digits]` with at most 8 decimals and above zero. `r=` is percent-decoded and may
/// appear once. `label` and `message` are allowed and ignored; any `req-` parameter makes the URI unpayable.
package struct DashURI: Sendable, Hashable {
    /// The address, when the URI names one.
    package let address: String?
    /// The amount, when the URI says one.
    package let amount: Decimal?
    /// The BIP72 payment request URL (`r=`, percent-decoded), when there is one.
    package let paymentRequestURL: String?
    /// The URI as sent (trimmed of surrounding white space).
    package let uri: String

    /// Parses `text` for `network`; nil when it is not a `dash:` (or `pay:`) URI this reads.
    package init?(parsing text: String, network: DashSpendNetwork) {
        let trimmed = text.trimmedWhitespace
        let lowered = trimmed.lowercased()
        guard let scheme = ["dash:", "pay:"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        var rest = trimmed.dropFirst(scheme.count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let address = parts[0].isEmpty ? nil : String(parts[0])
        if let address, !DashAddress.isValid(address, network: network) { return nil }
        var amount: Decimal?
        var request: String?
        let parameters = parts.count == 2 ? parts[1].split(separator: "&") : []
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].lowercased()
            if name.hasPrefix("req-") { return nil }
            guard pair.count == 2 else { continue }
            switch name {
            case "amount":
                guard amount == nil, let value = DashPaymentURI.amount(String(pair[1])) else { return nil }
                amount = value
            case "r":
                guard request == nil, let url = Self.percentDecoded(pair[1]), !url.isEmpty else { return nil }
                request = url
            default: continue
            }
        }
        guard request != nil || (address != nil && amount != nil) else { return nil }
        guard scheme == "dash:" || request != nil else { return nil }
        self.address = address
        self.amount = amount
        paymentRequestURL = request
        uri = trimmed
    }

    /// The payment request URL (`r=`) of the URI `text` of either network, nil when it has none or is not a
    /// URI this reads.
    package static func paymentRequestURL(in text: String) -> String? {
        DashSpendNetwork.allCases.lazy.compactMap { DashURI(parsing: text, network: $0)?.paymentRequestURL }.first
    }

    /// `text` with `%XX` escapes decoded, or nil when an escape is broken or the result is not UTF-8.
    private static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.utf8) == bytes ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
