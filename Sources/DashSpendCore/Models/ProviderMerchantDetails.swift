#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A provider's live answer about one merchant, mapped to the fields the resolution chain needs.
///
/// Every field is optional: a field the provider did not send (or sent unreadably, or sent with a value
/// that cannot be real: see ``OfferPlausibility``) is nil, and the chain falls through to the next source
/// for that field alone.
///
/// Decoding (the offer store) is lenient per field: a field of the wrong type is nil, with a finding in
/// ``implausibleFields``, and never fails the rest.
public struct ProviderMerchantDetails: Sendable, Hashable, Codable {
    /// The provider that answered.
    public let provider: GiftCardProvider
    /// The provider's id for the merchant (CTX UUID, PiggyCards brand id).
    public let sourceId: String
    /// The merchant's name at the provider.
    public let name: String?
    /// Whether the provider sells the card now.
    public let enabled: Bool?
    /// The user's saving in basis points (1 = 0.01 %); negative is a fee.
    public let discountBasisPoints: Int?
    /// Fixed values or a range.
    public let denominationsType: DenominationsType?
    /// The card values (fixed) or `[min, max]` (flexible), when the provider sent them.
    public let denominations: Denominations?
    /// When the answer arrived.
    public let fetchedAt: Date
    /// The fields that were dropped as implausible, and why (empty when none).
    public let implausibleFields: [OfferPlausibility.Finding]
    /// The provider's own fields this answer was made from, as received (CTX's merchant fields, PiggyCards'
    /// gift cards), so a stored answer can be checked against what the provider said; nil when unknown.
    /// Not part of the encoded answer: a store keeps it beside it.
    public let raw: JSONValue?
    /// Why the provider's answer makes ``enabled`` what it is, when the provider says more than the flag
    /// (PiggyCards: "every card is out of stock"); nil when the answer is the flag alone.
    public let enabledReason: String?

    /// Creates a live answer.
    public init(
        provider: GiftCardProvider, sourceId: String, name: String? = nil, enabled: Bool?,
        discountBasisPoints: Int?, denominationsType: DenominationsType?, denominations: Denominations?,
        fetchedAt: Date, implausibleFields: [OfferPlausibility.Finding] = [], raw: JSONValue? = nil,
        enabledReason: String? = nil
    ) {
        self.provider = provider
        self.sourceId = sourceId
        self.name = name
        self.enabled = enabled
        self.discountBasisPoints = discountBasisPoints
        self.denominationsType = denominationsType
        self.denominations = denominations
        self.fetchedAt = fetchedAt
        self.implausibleFields = implausibleFields
        self.raw = raw
        self.enabledReason = enabledReason
    }

    private enum CodingKeys: String, CodingKey {
        case provider, sourceId, name, enabled, discountBasisPoints, denominationsType, denominations, fetchedAt
        case implausibleFields, enabledReason
    }

    /// Decodes an answer; only `provider`, `sourceId` and `fetchedAt` are required. ``raw`` is not part of
    /// the encoding (nil after decoding; see ``withRaw(_:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var findings: [OfferPlausibility.Finding] = []
        func lenient<T: Decodable>(_ type: T.Type, _ key: CodingKeys, field: String) -> T? {
            do {
                return try container.decodeIfPresent(type, forKey: key)
            } catch {
                findings.append(OfferPlausibility.Finding(field: field, reason: "\(key.rawValue) cannot be read"))
                return nil
            }
        }
        provider = try container.decode(GiftCardProvider.self, forKey: .provider)
        sourceId = try container.decode(String.self, forKey: .sourceId)
        fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
        name = lenient(String.self, .name, field: "name")
        enabled = lenient(Bool.self, .enabled, field: "enabled")
        discountBasisPoints = lenient(Int.self, .discountBasisPoints, field: "discount")
        denominationsType = lenient(DenominationsType.self, .denominationsType, field: "denominations")
        denominations = lenient(Denominations.self, .denominations, field: "denominations")
        // Findings are kept only for showing: an answer with any is never stored (MerchantService), so a stored list is empty.
        let stored = (try? container.decodeIfPresent([OfferPlausibility.Finding].self, forKey: .implausibleFields)) ?? nil
        implausibleFields = (stored ?? []) + findings
        enabledReason = lenient(String.self, .enabledReason, field: "enabled")
        raw = nil
    }
}

extension ProviderMerchantDetails {
    /// The same answer filed under `sourceId` (the id it was asked for, which a provider may spell
    /// differently in its answer).
    public func filed(as sourceId: String) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: provider, sourceId: sourceId, name: name, enabled: enabled,
            discountBasisPoints: discountBasisPoints, denominationsType: denominationsType,
            denominations: denominations, fetchedAt: fetchedAt, implausibleFields: implausibleFields, raw: raw,
            enabledReason: enabledReason)
    }

    /// The same answer with `raw` as the provider's own fields.
    public func withRaw(_ raw: JSONValue?) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: provider, sourceId: sourceId, name: name, enabled: enabled,
            discountBasisPoints: discountBasisPoints, denominationsType: denominationsType,
            denominations: denominations, fetchedAt: fetchedAt, implausibleFields: implausibleFields, raw: raw,
            enabledReason: enabledReason)
    }
}
