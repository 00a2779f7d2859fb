import DashSpend
import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The readers of the values the library's types stand for, each with the message the tool has always given.

extension ValueParser where Value == DashSpendNetwork {
    /// `mainnet` or `testnet`, any case.
    static var network: ValueParser { .choice(DashSpendNetwork.allCases.map { ($0.rawValue, $0) }) }
}

extension ValueParser where Value == GiftCardProvider {
    /// The id of a provider compiled into this build (`ctx`, `piggycards`).
    static var provider: ValueParser {
        ValueParser(kind: .choice(GiftCardProvider.allCases.map(\.id))) { (text, _) throws(CLIError) in
            guard let provider = GiftCardProvider(id: text) else {
                throw .usage("unknown provider \(text): this build has \(GiftCardProvider.idList)")
            }
            return provider
        }
    }
}

extension GiftCardProvider {
    /// The ids of the providers compiled into this build, comma-separated (`ctx, piggycards`), for help and
    /// messages. Written out by hand: every command's help is built to parse a command line, and the generic
    /// `joined(separator:)` would have the runtime scan every protocol conformance at each start.
    static let idList: String = {
        var list = ""
        for provider in allCases {
            if !list.isEmpty { list += ", " }
            list += provider.id
        }
        return list
    }()
}

extension ValueParser where Value == GeoPoint {
    /// `LAT,LON` in degrees.
    static var coordinates: ValueParser {
        ValueParser(kind: .coordinates) { (text, option) throws(CLIError) in
            guard let point = GeoPoint(parsing: text) else {
                throw .usage("\(option) must be LAT,LON in degrees (e.g. 30.2672,-97.7431), not \(text)")
            }
            return point
        }
    }
}

extension ValueParser where Value == [MerchantType] {
    /// `online`, `physical` or `both`, comma-separated.
    static var merchantTypes: ValueParser {
        ValueParser(kind: .list(["online", "physical", "both"])) { (text, option) throws(CLIError) in
            var types: [MerchantType] = []
            for part in text.split(separator: ",") {
                let type = MerchantType(parsing: String(part))
                guard type != .unknown else { throw .usage("\(option) must be online, physical or both, not \(part)") }
                types.append(type)
            }
            return types
        }
    }
}

extension ValueParser where Value == PaymentMethod {
    /// `dash` or `giftcard` (any case; `gift card` and `gift-card` too).
    static var paymentMethod: ValueParser {
        .choice([("dash", .dash), ("giftcard", .giftCard)]) { $0.lowercased().filter { $0.isLetter } }
    }
}

extension ValueParser where Value == DenominationsType {
    /// `fixed` or `flexible`.
    static var denominations: ValueParser { .choice([("fixed", .fixed), ("flexible", .flexible)]) }
}

extension ValueParser where Value == MerchantSort {
    /// `name`, `distance` or `discount`.
    static var sort: ValueParser { .choice(MerchantSort.allCases.map { ($0.rawValue, $0) }) }
}

extension ValueParser where Value == PurchaseAmount {
    /// A card's value such as `25` or `12.50`, or several cards of it such as `25x2`, read by the library's
    /// rules (``PurchaseAmount``).
    static var amount: ValueParser {
        ValueParser(kind: .amount) { (text, option) throws(CLIError) in
            do {
                return try PurchaseAmount(parsing: text)
            } catch {
                throw .usage("\(option): \(DashSpendFailure(error).message)")
            }
        }
    }
}

extension ValueParser where Value == Decimal {
    /// A positive plain decimal such as `1.5` with at most `places` decimals: an amount of DASH (8) or a rate.
    static func positiveDecimal(places: Int) -> ValueParser {
        ValueParser(kind: .amount) { (text, option) throws(CLIError) in
            let fraction = text.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
            guard let value = Decimal(plainText: text), value > 0, fraction <= places else {
                throw .usage(
                    "\(option) takes a number above 0 with at most \(places) decimals, not "
                        + TerminalText.clipped(text).debugDescription)
            }
            return value
        }
    }
}

extension ValueParser where Value == SyncSource {
    /// A file, a `gs://` object or an https URL.
    static var syncSource: ValueParser { ValueParser(kind: .fileOrURL) { text, _ in SyncSource(parsing: text) } }
}

extension ValueParser where Value == String {
    /// An ISO 3166-1 alpha-2 country code (`US`, `gb`), returned upper case.
    static var countryCode: ValueParser {
        ValueParser(kind: .text) { (text, option) throws(CLIError) in
            let code = text.trimmedWhitespace.uppercased()
            guard CountryCode.assigned.contains(code) else {
                throw .usage("\(option) must be a two-letter ISO 3166-1 country code such as US or DE, not \(text)")
            }
            return code
        }
    }
}

extension ValueParser where Value == String {
    /// An e-mail address as the sign-in calls accept it (`EmailAddress.validated(_:)`), trimmed: checked here,
    /// before anything is sent.
    static var emailAddress: ValueParser {
        ValueParser(kind: .email) { (text, option) throws(CLIError) in
            // The usage error below says what the option needs; the validator's own reason adds nothing.
            guard let address = try? EmailAddress.validated(text) else {
                throw .usage("\(option) must be an e-mail address such as you@example.com, not \(text)")
            }
            return address
        }
    }
}
