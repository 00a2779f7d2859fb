/// Two explore database files a comparison has something to say about, for the library's and the CLI's
/// tests of ``ExploreDifference`` (v4 both; ``makeOlderSchema(in:)`` writes the older one as v2), each with one
/// ATM as sync requires:
///
/// | merchant | older file | newer file | change |
/// |---|---|---|---|
/// | Alpha Books (`alpha`, 2 rows) | CTX save 3 % | CTX save 5 % | discount changed |
/// | Beta Burgers (`beta`) | CTX on | CTX off | switched off |
/// | Gamma Gas (`gamma`) | CTX save 2 % | the same | none |
/// | Delta Diner (`delta`) | CTX | gone | removed |
/// | Epsilon Eats (`epsilon`) | none | CTX save 4 % | added |
/// | Zeta Zoo (`zeta`) | CTX off | CTX on, PiggyCards on | switched on (and PiggyCards new, where compiled in) |
/// | Pay Dash Cafe (`dash-cafe`) | pays with Dash | the same | none |
/// | Piggy Only (`piggy-only`) | none | PiggyCards only | added where PiggyCards is compiled in |
package enum ExploreDifferenceFixture {
    /// Writes both files into `directory` and returns their paths.
    package static func make(in directory: ScratchDirectory) throws -> (old: String, new: String) {
        let old = try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, latitude, longitude) VALUES
                    (1, 'alpha', 'Alpha Books', 'online', 'gift card', 1, 300, NULL, NULL),
                    (2, 'alpha', 'Alpha Books', 'physical', 'gift card', 1, 300, 40.7, -74.0),
                    (3, 'beta', 'Beta Burgers', 'online', 'gift card', 1, 500, NULL, NULL),
                    (4, 'gamma', 'Gamma Gas', 'online', 'gift card', 1, 200, NULL, NULL),
                    (5, 'delta', 'Delta Diner', 'online', 'gift card', 1, 100, NULL, NULL),
                    (6, 'zeta', 'Zeta Zoo', 'online', 'gift card', 1, 700, NULL, NULL),
                    (7, 'dash-cafe', 'Pay Dash Cafe', 'physical', 'dash', 1, NULL, 40.1, -74.1);
                INSERT INTO gift_card_providers (merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId) VALUES
                    ('alpha', 'CTX', 'barcode', 300, 1, 'fixed', 'ctx-alpha'),
                    ('beta', 'CTX', 'barcode', 500, 1, 'fixed', 'ctx-beta'),
                    ('gamma', 'CTX', 'barcode', 200, 1, 'fixed', 'ctx-gamma'),
                    ('delta', 'CTX', 'barcode', 100, 1, 'fixed', 'ctx-delta'),
                    ('zeta', 'CTX', 'barcode', 700, 0, 'fixed', 'ctx-zeta');
                INSERT INTO atm (id, name, type, latitude, longitude, territory) VALUES (1, 'Corner ATM', 'Buy Only', 40.7, -74.0, 'New York');
                """, named: "old.db", in: directory)
        let new = try FixtureDatabase.make(version: 4, rows: newerRows, named: "new.db", in: directory)
        return (old, new)
    }

    /// The same older data as a v2 file (no provider table: a gift-card merchant is one CTX offer from its own
    /// row), and the newer v4 file.
    package static func makeOlderSchema(in directory: ScratchDirectory) throws -> (old: String, new: String) {
        let old = try FixtureDatabase.make(
            version: 2,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage) VALUES
                    (1, 'alpha', 'Alpha Books', 'online', 'gift card', 1, 300),
                    (3, 'beta', 'Beta Burgers', 'online', 'gift card', 1, 500),
                    (4, 'gamma', 'Gamma Gas', 'online', 'gift card', 1, 200),
                    (5, 'delta', 'Delta Diner', 'online', 'gift card', 1, 100),
                    (6, 'zeta', 'Zeta Zoo', 'online', 'gift card', 0, 700),
                    (7, 'dash-cafe', 'Pay Dash Cafe', 'physical', 'dash', 1, NULL);
                INSERT INTO atm (id, name, type, latitude, longitude, territory) VALUES (1, 'Corner ATM', 'Buy Only', 40.7, -74.0, 'New York');
                """, named: "old-v2.db", in: directory)
        let new = try FixtureDatabase.make(version: 4, rows: newerRows, named: "new.db", in: directory)
        return (old, new)
    }

    private static let newerRows = """
        INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active, savingsPercentage, latitude, longitude) VALUES
            (11, 'alpha', 'Alpha Books', 'online', 'gift card', 1, 500, NULL, NULL),
            (12, 'alpha', 'Alpha Books', 'physical', 'gift card', 1, 500, 40.7, -74.0),
            (13, 'beta', 'Beta Burgers', 'online', 'gift card', 1, 500, NULL, NULL),
            (14, 'gamma', 'Gamma Gas', 'online', 'gift card', 1, 200, NULL, NULL),
            (15, 'epsilon', 'Epsilon Eats', 'online', 'gift card', 1, 400, NULL, NULL),
            (16, 'zeta', 'Zeta Zoo', 'online', 'gift card', 1, 700, NULL, NULL),
            (17, 'dash-cafe', 'Pay Dash Cafe', 'physical', 'dash', 1, NULL, 40.1, -74.1),
            (18, 'piggy-only', 'Piggy Only', 'online', 'gift card', 1, 900, NULL, NULL);
        INSERT INTO gift_card_providers (merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId) VALUES
            ('alpha', 'CTX', 'barcode', 500, 1, 'fixed', 'ctx-alpha'),
            ('beta', 'CTX', 'barcode', 500, 0, 'fixed', 'ctx-beta'),
            ('gamma', 'CTX', 'barcode', 200, 1, 'fixed', 'ctx-gamma'),
            ('epsilon', 'CTX', 'barcode', 400, 1, 'fixed', 'ctx-epsilon'),
            ('zeta', 'CTX', 'barcode', 700, 1, 'fixed', 'ctx-zeta'),
            ('zeta', 'PiggyCards', 'barcode', 850, 1, 'fixed', 77),
            ('piggy-only', 'PiggyCards', 'barcode', 900, 1, 'min-max', 78);
        INSERT INTO atm (id, name, type, latitude, longitude, territory) VALUES (1, 'Corner ATM', 'Buy Only', 40.7, -74.0, 'New York');
        """
}
