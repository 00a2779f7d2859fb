/// What `merchant-lookup db info` reports about a file.
public struct ExploreDatabaseInfo: Sendable, Hashable {
    /// The path, or `embedded sample`.
    public let origin: String
    /// The detected schema version (1 to 4).
    public let version: Int
    /// `PRAGMA user_version`.
    public let userVersion: Int
    /// Room's identity hash, when the file has `room_master_table`.
    public let identityHash: String?
    /// Rows in `merchant` (one per location, plus online rows).
    public let merchantRows: Int
    /// Distinct `merchantId`s.
    public let merchantIds: Int
    /// Rows in `gift_card_providers` per provider name as the file spells it.
    public let providerRows: [String: Int]
    /// Rows in `atm`.
    public let atms: Int
    /// `merchant` rows skipped because they cannot be a merchant (no `merchantId`).
    public let skippedMerchantRows: Int
    /// Provider rows ignored because this build does not include their provider.
    public let ignoredProviderRows: Int
    /// Whether name search uses the FTS4 index.
    public let hasSearchIndex: Bool

    /// The same facts for the same file under another path (after it was moved into place).
    public func relocated(to origin: String) -> ExploreDatabaseInfo {
        ExploreDatabaseInfo(
            origin: origin, version: version, userVersion: userVersion, identityHash: identityHash,
            merchantRows: merchantRows, merchantIds: merchantIds, providerRows: providerRows, atms: atms,
            skippedMerchantRows: skippedMerchantRows, ignoredProviderRows: ignoredProviderRows,
            hasSearchIndex: hasSearchIndex)
    }
}
