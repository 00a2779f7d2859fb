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
    /// The logo URL.
    public let logoLocation: String?
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
        logoLocation = row.text("logoLocation")
        locationCount = row.integer("locationCount") ?? 0
    }

    /// Adds `https://` to a website without a scheme; blank becomes nil.
    static func normalizedWebsite(_ raw: String?) -> String? {
        guard let trimmed = raw?.trimmedWhitespace, !trimmed.isEmpty else { return nil }
        if trimmed.containsSchemeSeparator { return trimmed }
        return "https://" + trimmed
    }
}
