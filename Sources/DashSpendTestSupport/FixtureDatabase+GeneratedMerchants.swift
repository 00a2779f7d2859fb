extension FixtureDatabase {
    /// The merchant id of the `number`-th generated merchant (`m-0007`).
    package static func generatedMerchantId(_ number: Int) -> String { "m-" + padded(number) }

    /// The name of the `number`-th generated merchant (`Generated Merchant 0007`).
    package static func generatedMerchantName(_ number: Int) -> String { "Generated Merchant " + padded(number) }

    /// The CTX id of the `number`-th generated merchant, one the mock server answers without a fixture
    /// (``MockProviderServer/generatedMerchantPrefix``).
    package static func generatedCTXId(_ number: Int) -> String {
        MockProviderServer.generatedMerchantPrefix + padded(number)
    }

    /// The PiggyCards brand id of the `number`-th generated merchant (no cards: the mock answers none).
    static func generatedBrandId(_ number: Int) -> Int { 50_000 + number }

    /// The discount the generated merchants have in the file, in basis points (the mock's live one differs).
    package static let generatedLocalDiscount = 100

    /// Creates a v4 explore database with `count` gift-card merchants numbered from 1, each sold through CTX
    /// (``generatedCTXId(_:)``) and PiggyCards (``generatedBrandId(_:)``, ignored in builds without it) at
    /// ``generatedLocalDiscount``, and `dashMerchants` merchants that take Dash; returns its path.
    @discardableResult
    package static func makeGenerated(
        merchants count: Int, dashMerchants: Int = 0, named name: String = "explore.db", in directory: ScratchDirectory
    ) throws -> String {
        var merchants: [String] = []
        var providers: [String] = []
        for number in stride(from: 1, through: count, by: 1) {
            let id = generatedMerchantId(number)
            merchants.append(
                "('\(id)', '\(generatedMerchantName(number))', 'online', 'gift card', 1, \(generatedLocalDiscount), 'fixed', 'barcode')"
            )
            providers.append(
                "('\(id)', 'CTX', 'barcode', \(generatedLocalDiscount), 1, 'fixed', '\(generatedCTXId(number))')")
            providers.append(
                "('\(id)', 'PiggyCards', 'barcode', \(generatedLocalDiscount), 1, 'fixed', \(generatedBrandId(number)))")
        }
        for number in stride(from: 1, through: dashMerchants, by: 1) {
            merchants.append(
                "('d-\(padded(number))', 'Generated Dash Diner \(padded(number))', 'physical', 'dash', 1, NULL, NULL, NULL)")
        }
        precondition(!merchants.isEmpty, "a generated database needs at least one merchant")
        var rows = """
            INSERT INTO merchant (merchantId, name, type, paymentMethod, active, savingsPercentage, denominationsType, redeemType)
            VALUES \(merchants.joined(separator: ",\n"));
            """
        if !providers.isEmpty {
            rows += """

                INSERT INTO gift_card_providers (merchantId, provider, redeemType, savingsPercentage, active, denominationsType, sourceId)
                VALUES \(providers.joined(separator: ",\n"));
                """
        }
        return try make(version: 4, rows: rows, named: name, in: directory)
    }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
