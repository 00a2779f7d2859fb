#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The keys a JSON text gives twice in one object. JSON readers differ on such a text (this package's
/// decoder takes one of the two, other readers the other), so an answer that gives a money field twice is
/// not trusted: ``check(_:moneyKeys:provider:)``.
package enum JSONDuplicateKeys {
    /// The keys of the money fields of the providers' order and rate answers: the card's and the payment's
    /// amounts and currencies, the rates, and the payment URIs.
    static let moneyKeys: Set<String> = [
        "cardFiatAmount", "cardFiatCurrency", "paymentFiatAmount", "paymentFiatCurrency", "paymentCryptoAmount",
        "paymentCryptoCurrency", "rate", "paymentUrls", "DASH.DASH", "payTo", "exchange_rate", "currency",
        "denomination", "amount",
    ]

    /// Every key that occurs twice (or more) in one object of `data`, at any depth. Reads only the
    /// structure (strings, objects, arrays); a text that is not JSON gives what it can.
    package static func duplicated(in data: Data) -> Set<String> {
        let bytes = [UInt8](data)
        var duplicated: Set<String> = []
        // Per open container: nil for an array, else the keys seen and whether a key comes next.
        var stack: [(keys: Set<String>, expectingKey: Bool)?] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): stack.append(([], true))
            case UInt8(ascii: "["): stack.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                if let top = stack.last, var object = top { object.expectingKey = true; stack[stack.count - 1] = object }
            case UInt8(ascii: "\""):
                var end = index + 1
                var escaped = false
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") { escaped = true; end += 1 }
                    end += 1
                }
                if let top = stack.last, var object = top, object.expectingKey {
                    let token = Array(bytes[index...min(end, bytes.count - 1)])
                    // A key whose escapes do not decode is compared as written: two such keys are still found duplicated.
                    let key =
                        escaped
                        ? (try? JSONDecoder().decode(String.self, from: Data(token))) ?? String(decoding: token, as: UTF8.self)
                        : String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
                    if !object.keys.insert(key).inserted { duplicated.insert(key) }
                    object.expectingKey = false
                    stack[stack.count - 1] = object
                }
                index = end
            default: break
            }
            index += 1
        }
        return duplicated
    }

    /// Throws ``DashSpendError/unreadableAnswer(_:)`` when `data` gives one of `moneyKeys` twice in one
    /// object: which of the two values counts depends on the reader, so neither is trusted.
    package static func check(_ data: Data, moneyKeys: Set<String> = moneyKeys, provider: GiftCardProvider) throws {
        let twice = duplicated(in: data).intersection(moneyKeys)
        guard !twice.isEmpty else { return }
        throw DashSpendError.unreadableAnswer(
            "\(provider.displayName) sent an answer giving \(twice.sorted().joined(separator: ", ")) twice: readers "
                + "differ on which one counts, so it is not trusted")
    }
}
