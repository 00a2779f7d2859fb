import DashSpendTestSupport

/// An explore file with two different merchants that share a name.
enum TwinNamedDatabase {
    static func make(in directory: ScratchDirectory) throws -> String {
        try FixtureDatabase.make(
            version: 4,
            rows: """
                INSERT INTO merchant (id, merchantId, name, type, paymentMethod, active) VALUES
                    (1, 'twin-a', 'Corner Store', 'physical', 'dash', 1),
                    (2, 'twin-b', 'Corner Store', 'online', 'dash', 1);
                """, in: directory)
    }
}
