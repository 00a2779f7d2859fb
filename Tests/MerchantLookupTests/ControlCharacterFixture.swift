import DashSpendTestSupport

/// A small v4 explore file whose texts a terminal must not take literally or measure by bytes: an escape
/// sequence with a forged newline, a tab, DEL and a C1 control in names, accented and wide characters that
/// take more bytes than columns, a bell in a territory and an ATM named with a title-setting sequence, plus two
/// merchants that tie on name and discount (their order must not change between runs).
enum ControlCharacterFixture {
    /// Writes the file into `directory` and returns its path.
    static func make(in directory: ScratchDirectory) throws -> String {
        try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (merchantId, name, type, paymentMethod, active, source, sourceId, territory,
                    city, address1, latitude, longitude, savingsPercentage, denominationsType, redeemType)
                VALUES
                    ('evil-1', 'Evil' || char(27) || '[2J Shop' || char(10) || 'forged line', 'online', 'gift card',
                        1, 'CTX', 'evil-1', '', NULL, NULL, NULL, NULL, 250, 'min-max', 'barcode'),
                    ('tab-1', 'Tab' || char(9) || 'Bar' || char(127), 'physical', 'dash', 1, 'DCG', 'tab-1',
                        'Tex' || char(7) || 'as', 'Austin', '1 Main' || char(13) || ' St', 30.27, -97.74, NULL,
                        NULL, NULL),
                    ('c1-1', 'Next' || char(133) || 'Line Deli', 'physical', 'dash', 1, 'DCG', 'c1-1', 'Texas',
                        'Austin', '2 Main St', 30.28, -97.75, NULL, NULL, NULL),
                    ('wide-1', '東京 Sushi', 'both', 'gift card', 1, 'CTX', 'wide-1', '', NULL, NULL, NULL, NULL,
                        500, 'fixed', 'barcode'),
                    ('wide-1', '東京 Sushi', 'both', 'gift card', 1, 'CTX', 'wide-1', 'Texas', 'Austin',
                        '3 Congress Ave', 30.26, -97.74, 500, 'fixed', 'barcode'),
                    ('cafe-1', 'Café Noir', 'online', 'gift card', 1, 'CTX', 'cafe-1', '', NULL, NULL, NULL, NULL,
                        500, 'min-max', 'barcode'),
                    ('twin-b', 'Twin Shop', 'online', 'gift card', 1, 'CTX', 'twin-b', '', NULL, NULL, NULL, NULL,
                        100, 'min-max', 'barcode'),
                    ('twin-a', 'Twin Shop', 'online', 'gift card', 1, 'CTX', 'twin-a', '', NULL, NULL, NULL, NULL,
                        100, 'min-max', 'barcode');
                INSERT INTO gift_card_providers (merchantId, provider, sourceId, redeemType, savingsPercentage, active,
                    denominationsType)
                VALUES
                    ('evil-1', 'CTX', 'evil-1', 'barcode', 250, 1, 'min-max'),
                    ('wide-1', 'CTX', 'wide-1', 'barcode', 500, 1, 'fixed'),
                    ('cafe-1', 'CTX', 'cafe-1', 'barcode', 500, 1, 'min-max'),
                    ('twin-b', 'CTX', 'twin-b', 'barcode', 100, 1, 'min-max'),
                    ('twin-a', 'CTX', 'twin-a', 'barcode', 100, 1, 'min-max');
                INSERT INTO atm (name, manufacturer, active, latitude, longitude, territory, city, address1, source)
                VALUES
                    ('ATM' || char(27) || ']0;pwned' || char(7) || ' Corner', 'General' || char(9) || 'Bytes', 1,
                        30.27, -97.74, 'Texas', 'Austin', '4 Main St', 'coinatmradar'),
                    ('Ünïcode ATM', 'Bitaccess', 1, 30.29, -97.73, 'Texas', 'Austin', '5 Main St', 'coinatmradar');
                """, in: directory)
    }
}
