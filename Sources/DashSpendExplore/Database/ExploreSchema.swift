/// What an explore database file contains, detected from `sqlite_master` (its `CREATE` statements) rather
/// than from one marker (real files differ from what Android declares).
public struct ExploreSchema: Sendable, Hashable {
    /// The schema version the contents match: 1 to 4.
    public let version: Int
    /// `PRAGMA user_version` as stored (informational only).
    public let userVersion: Int
    /// The columns of `merchant`.
    public let merchantColumns: Set<String>
    /// The columns of `atm`, empty when the table is missing.
    public let atmColumns: Set<String>
    /// The columns of `gift_card_providers`, empty when the table is missing.
    public let providerColumns: Set<String>
    /// Whether `gift_card_providers` exists (v4) with the two columns everything else hangs on,
    /// `merchantId` and `provider`.
    public let hasProviderTable: Bool
    /// Whether the `merchant_fts` FTS4 index exists.
    public let hasMerchantSearchIndex: Bool
    /// Whether the `atm_fts` FTS4 index exists.
    public let hasATMSearchIndex: Bool
    /// Whether a lookup by `merchantId` is a seek: `merchant` has an index that leads with `merchantId`, and so
    /// has `gift_card_providers` when the file has it (what `sync` adds to the copy it installs; the file as the
    /// wallets ship it has neither).
    package let hasMerchantIdIndexes: Bool

    /// Whether `merchant` has `column`.
    public func merchantHas(_ column: String) -> Bool { merchantColumns.contains(column) }

    /// `alias.column` of `gift_card_providers`, or `NULL` when the file lacks that column.
    func providerColumn(_ column: String, alias: String) -> String {
        providerColumns.contains(column) ? "\(alias).\"\(column)\"" : "NULL"
    }

    /// Detects the schema from the table list and the `merchant` columns.
    ///
    /// v4: `gift_card_providers` exists. v3: `merchant.denominationsType`. v2: `merchant.redeemType` or
    /// `savingsPercentage`. Otherwise v1.
    /// `indexedByMerchantId`: the tables with an index whose first column is `merchantId`.
    init(
        tables: Set<String>, merchantColumns: Set<String>, atmColumns: Set<String>, providerColumns: Set<String>,
        indexedByMerchantId: Set<String> = [], userVersion: Int
    ) {
        self.userVersion = userVersion
        self.merchantColumns = merchantColumns
        self.atmColumns = atmColumns
        self.providerColumns = providerColumns
        hasProviderTable =
            tables.contains("gift_card_providers") && providerColumns.isSuperset(of: ["merchantId", "provider"])
        hasMerchantSearchIndex = tables.contains("merchant_fts")
        hasATMSearchIndex = tables.contains("atm_fts")
        hasMerchantIdIndexes =
            indexedByMerchantId.contains("merchant")
            && (!tables.contains("gift_card_providers") || indexedByMerchantId.contains("gift_card_providers"))
        if hasProviderTable {
            version = 4
        } else if merchantColumns.contains("denominationsType") {
            version = 3
        } else if merchantColumns.contains("redeemType") || merchantColumns.contains("savingsPercentage") {
            version = 2
        } else {
            version = 1
        }
    }
}
