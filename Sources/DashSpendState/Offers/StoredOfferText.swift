package import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the text `SQLiteOfferCache` stores for an answer (the `offer` column: `ProviderMerchantDetails` as
/// `JSONEncoder` writes it).
///
/// An offline `show` reads one such text. `JSONDecoder` took half a million instructions for it, a tenth of
/// the command, so the text is read by hand when it has exactly the shape `JSONEncoder` writes: every field
/// of its type, no key it does not write, fixed values ascending. Any other text (an older or edited row, a
/// field of the wrong type) goes to `JSONDecoder` and its lenient per-field reading, unchanged. A test
/// decodes random answers both ways and compares them.
package enum StoredOfferText {
    /// The answer `text` holds; throws `DecodingError` when `JSONDecoder` cannot read it either.
    package static func decode(_ text: String) throws -> ProviderMerchantDetails {
        if let details = decodedByHand(text) { return details }
        return try JSONDecoder().decode(ProviderMerchantDetails.self, from: text.utf8Data)
    }

    /// The answer when `text` has exactly the shape `JSONEncoder` writes, else nil.
    package static func decodedByHand(_ text: String) -> ProviderMerchantDetails? {
        guard let fields = JSONValueParser.parse(text)?.object,
            fields.keys.allSatisfy(knownKeys.contains),
            case .string(let providerID) = fields["provider"], let provider = GiftCardProvider(rawValue: providerID),
            case .string(let sourceId) = fields["sourceId"],
            case .number(let seconds) = fields["fetchedAt"], let fetchedAt = Double(seconds.exactText),
            let name = optionalString(fields["name"]),
            let enabled = optional(fields["enabled"], { if case .bool(let flag) = $0 { flag } else { nil } }),
            let discount = optional(fields["discountBasisPoints"], integer),
            let type = optional(fields["denominationsType"], { $0.stringValue.flatMap(DenominationsType.init(rawValue:)) }),
            let denominations = optional(fields["denominations"], Self.denominations),
            let reason = optionalString(fields["enabledReason"]),
            isEmptyList(fields["implausibleFields"])
        else { return nil }
        return ProviderMerchantDetails(
            provider: provider, sourceId: sourceId, name: name, enabled: enabled, discountBasisPoints: discount,
            denominationsType: type, denominations: denominations,
            fetchedAt: Date(timeIntervalSinceReferenceDate: fetchedAt), enabledReason: reason)
    }

    /// The keys `ProviderMerchantDetails` encodes.
    private static let knownKeys: Set<String> = [
        "provider", "sourceId", "name", "enabled", "discountBasisPoints", "denominationsType", "denominations",
        "fetchedAt", "implausibleFields", "enabledReason",
    ]

    /// `.some(nil)` for a missing or null field, `.some(value)` for a field `read` reads, nil (decline) else.
    private static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) -> T?? {
        guard let value, value != .null else { return .some(nil) }
        return read(value).map { .some($0) }
    }

    private static func optionalString(_ value: JSONValue?) -> String?? {
        optional(value) { $0.stringValue }
    }

    /// A number written as a whole number that fits an `Int` (`JSONDecoder` reads no other as an `Int`).
    private static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value else { return nil }
        let text = number.exactText
        guard !text.contains(".") else { return nil }
        return Int(text)
    }

    private static func isEmptyList(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?: return true
        case .array(let elements)?: return elements.isEmpty
        default: return false
        }
    }

    /// `Denominations` as encoded: fixed values ascending without a range, or a range without values.
    private static func denominations(_ value: JSONValue) -> Denominations? {
        guard let fields = value.object, fields.keys.allSatisfy(["type", "values", "minimum", "maximum"].contains),
            let type = fields["type"]?.stringValue.flatMap(DenominationsType.init(rawValue:)),
            case .array(let elements) = fields["values"]
        else { return nil }
        var values: [Decimal] = []
        for element in elements {
            guard case .number(let number) = element, values.last.map({ $0 < number }) ?? true else { return nil }
            values.append(number)
        }
        let minimum = fields["minimum"] ?? .null
        let maximum = fields["maximum"] ?? .null
        switch (type, minimum, maximum) {
        case (.fixed, .null, .null): return .fixed(values)
        case (.flexible, .number(let low), .number(let high)) where values.isEmpty:
            return .flexible(minimum: low, maximum: high)
        default: return nil
        }
    }
}

extension JSONValue {
    /// The text of a string, else nil (a number is not read as text, unlike ``string``).
    fileprivate var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
