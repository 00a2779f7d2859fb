public import DashSpendCore
import DashSpendSQLite

/// A merchant as the explore database describes it: one logical merchant (`merchantId`), read from its
/// representative row (the online row when there is one). Every field that may be NULL is optional.
public struct MerchantRecord: Sendable, Hashable {
    /// The logical merchant key shared by all location rows (CTX UUID, PiggyCards brand id, DCG number).
    public let merchantId: String
    /// The name (`""` when NULL in the file).
    public let name: String
    /// Online, physical or both.
    public let type: MerchantType
    /// Dash or gift card (`paymentMethod` trimmed).
    public let paymentMethod: PaymentMethod
    /// `merchant.active`.
    public let active: Bool?
    /// `merchant.savingsPercentage`, basis points (v2+).
    public let savingsPercentage: Int?
    /// `merchant.denominationsType` (v3+), else a legacy `redeemType` naming a type (v2).
    public let denominationsType: DenominationsType?
    /// `merchant.redeemType`, trimmed and lowercased (`barcode`, `pin`, `url`, `none`).
    public let redeemType: String?
    /// The website with `https://` added when it had no scheme.
    public let website: String?
    /// `merchant.source` (`CTX`, `PiggyCards`, `DCG`; v3 `CTXSpend`).
    public let source: String?
    /// `merchant.sourceId`, as text whatever its storage class.
    public let sourceId: String?
    /// The logo's URL (`merchant.logoLocation`), blank as nil.
    public let logoLocation: String?
    /// The merchant's phone number as the file writes it (`merchant.phone`), blank as nil: its online row's,
    /// or the phone of its one place. Nil for a merchant with several places and no online row: each place
    /// has its own (``MerchantLocation/phone``).
    public let phone: String?
    /// The directions link (`merchant.googleMaps`, a map URL), blank as nil: the online row's, or that of the
    /// merchant's one place. Nil for a merchant with several places and no online row: each place has its
    /// own (``MerchantLocation/googleMaps``).
    public let googleMaps: String?
    /// How many rows of this merchant have coordinates.
    public let locationCount: Int

    init(row: SQLiteRow) {
        merchantId = row.text("merchantId") ?? ""
        name = row.text("name") ?? ""
        type = MerchantType(parsing: row.text("type"))
        paymentMethod = PaymentMethod(parsing: row.text("paymentMethod"))
        active = row.bool("active")
        savingsPercentage = row.integer("savingsPercentage")
        let redeem = row.text("redeemType").map { $0.trimmedWhitespace.lowercased() }
        redeemType = redeem?.isEmpty == true ? nil : redeem
        denominationsType =
            DenominationsType(parsing: row.text("denominationsType"))
            ?? DenominationsType(parsing: redeem)
        website = Self.normalizedWebsite(row.text("website"))
        source = row.text("source")?.trimmedWhitespace
        sourceId = row.text("sourceId")?.trimmedWhitespace
        logoLocation = Self.nonBlank(row.text("logoLocation"))
        locationCount = row.integer("locationCount") ?? 0
        // The representative row's own contact, unless it is one place of several (rows with coordinates sort
        // after the others in `representative`).
        let representativeIsPlace = (row.integer("representative") ?? 0) >= 1 << 32
        let ownContact = !representativeIsPlace || locationCount <= 1
        phone = ownContact ? Self.nonBlank(row.text("phone")) : nil
        googleMaps = ownContact ? Self.nonBlank(row.text("googleMaps")) : nil
    }

    /// `raw` trimmed; blank becomes nil.
    static func nonBlank(_ raw: String?) -> String? {
        guard let trimmed = raw?.trimmedWhitespace, !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// Adds `https://` to a website without a scheme; blank becomes nil.
    static func normalizedWebsite(_ raw: String?) -> String? {
        guard let trimmed = raw?.trimmedWhitespace, !trimmed.isEmpty else { return nil }
        if trimmed.containsSchemeSeparator { return trimmed }
        return "https://" + trimmed
    }
}
