import DashSpendTestSupport

/// Small explore databases written by the tests, one per schema version, with the quirks real files have.
enum ExploreFixtures {
    /// A v4 file: a merchant sold by both providers with locations, a PiggyCards-only merchant, a URL-redeem
    /// merchant, a Dash merchant, NULL-riddled rows, awkward names.
    static let v4Rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, redeemType,
            savingsPercentage, denominationsType, website, latitude, longitude, territory, city)
        VALUES
            (1, 'uuid-home', 'Home Depot', 'both', 'gift card', 1, 'CTX', 'uuid-home', 'barcode', 300, 'min-max', 'homedepot.com', NULL, NULL, '', NULL),
            (2, 'uuid-home', 'Home Depot', 'both', 'gift card', 1, 'CTX', 'uuid-home', 'barcode', 300, 'min-max', NULL, 30.2672, -97.7431, 'Texas', 'Austin'),
            (3, 'uuid-home', 'Home Depot', 'both', 'gift card', 1, 'CTX', 'uuid-home', 'barcode', 300, 'min-max', NULL, 41.8781, -87.6298, 'Illinois', 'Chicago'),
            (4, '312', 'Razer Gold', 'online', 'gift card', 1, 'PiggyCards', 312, 'pin', 250, 'fixed', NULL, NULL, NULL, NULL, NULL),
            (5, 'uuid-uber', 'Uber Eats', 'online', 'gift card', 1, 'CTX', 'uuid-uber', 'url', 150, 'fixed', NULL, NULL, NULL, NULL, NULL),
            (6, '9001', 'Satoshi Coffee', 'physical', 'dash ', 1, 'DCG', '9001', NULL, NULL, NULL, NULL, 30.2700, -97.7500, 'Texas', 'Austin'),
            (7, 'uuid-null', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
            (8, 'uuid-dicks', 'Dick''s Sporting Goods', 'both', 'gift card', 1, 'CTX', 'uuid-dicks', 'barcode', 500, 'Fixed', NULL, 30.2500, -97.7000, 'Texas', 'Austin'),
            (9, 'uuid-cafe', 'Café Rio', 'physical', 'gift card', 0, 'CTX', 'uuid-cafe', 'barcode', 600, 'fixed', NULL, 40.7608, -111.8910, 'Utah', 'Salt Lake City'),
            (10, 'uuid-pct', '100% "Pure" Juice_Bar', 'online', 'gift card', 1, 'CTX', 'uuid-pct', 'barcode', 100, ' MIN-MAX ', NULL, NULL, NULL, NULL, NULL),
            (11, NULL, 'Orphan Row', 'online', 'gift card', 1, 'CTX', NULL, 'barcode', 100, 'fixed', NULL, NULL, NULL, NULL, NULL),
            (12, 'uuid-fee', 'Amazon', 'online', 'gift card', 1, 'CTX', 'uuid-fee', 'barcode', 0, 'min-max', NULL, NULL, NULL, NULL, NULL);
        INSERT INTO gift_card_providers (id, merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
        VALUES
            (1, 'uuid-home', 'CTX', 'barcode', 300, 1, 'min-max', 'uuid-home'),
            (2, 'uuid-home', 'PiggyCards', 'barcode', 350, 1, 'fixed', 177),
            (3, '312', 'PiggyCards', 'pin', 250, 1, 'fixed', 312),
            (4, 'uuid-uber', 'CTX', 'url', 150, 1, 'fixed', 'uuid-uber'),
            (5, 'uuid-dicks', 'CTX', 'barcode', 500, 1, 'Fixed', 'uuid-dicks'),
            (6, 'uuid-cafe', 'CTX', 'barcode', 600, 0, 'fixed', 'uuid-cafe'),
            (7, 'uuid-pct', 'CTX', 'barcode', 100, 1, 'min-max', 'uuid-pct'),
            (8, 'uuid-fee', 'PiggyCards', 'barcode', -150, 1, 'fixed', 401),
            (9, 'uuid-fee', 'CTX', 'barcode', 0, 1, 'min-max', 'uuid-fee');
        """

    /// A v3 file: no provider table; gift-card merchants are CTX offers built from their own rows.
    static let v3Rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, redeemType,
            savingsPercentage, denominationsType)
        VALUES
            (1, 'uuid-a', 'Alpha Store', 'online', 'gift card', 1, 'CTXSpend', 'uuid-a', 'barcode', 450, 'min-max'),
            (2, 'uuid-b', 'Beta Books', 'online', 'gift card', 0, 'CTXSpend', 'uuid-b', 'pin', 200, 'FIXED'),
            (3, 'dcg-1', 'Gamma Grill', 'physical', 'dash', 1, 'DCG', '1', NULL, NULL, NULL);
        """

    /// A v2 file: no `denominationsType`; a legacy `redeemType` that names a type counts as one.
    static let v2Rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, redeemType, savingsPercentage)
        VALUES
            (1, 'uuid-a', 'Alpha Store', 'online', 'gift card', 1, 'CTX', 'uuid-a', 'min-max', 450),
            (2, 'uuid-b', 'Beta Books', 'online', 'gift card', 1, 'CTX', 'uuid-b', 'barcode', NULL);
        """

    /// A v1 file: integer merchantId and sourceId, no discount or denominations columns.
    static let v1Rows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, source, sourceId, latitude, longitude)
        VALUES
            (1, 101, 'Delta Diner', 'physical', 'dash', 1, 'DCG', 101, 39.7392, -104.9903),
            (2, 102, 'Echo Electronics', 'both', 'gift card', 1, 'DCG', 102, NULL, NULL),
            (3, 101, 'Delta Diner', 'physical', 'dash', 1, 'DCG', 101, 39.7500, -104.9990);
        INSERT INTO atm (id, name, manufacturer, type, latitude, longitude, source) VALUES
            (1, 'Downtown ATM', 'General Bytes', 'Buy and Sell', 39.74, -104.99, 'coinatmradar');
        """

    /// Makes fixture `version` in `directory`.
    static func make(version: Int, in directory: ScratchDirectory) throws -> String {
        let rows = [1: v1Rows, 2: v2Rows, 3: v3Rows, 4: v4Rows][version]!
        return try FixtureDatabase.make(version: version, rows: rows, in: directory)
    }
}
