import DashSpendSQLite
import Foundation

/// A state database as version 0.1.0 wrote it (`<state>/<network>/state.db`, migrations 1 to 3, the orders
/// and their cards in it), for the tests that check such a file keeps working.
package enum LegacyStateDatabase {
    /// The schema 0.1.0 shipped, migration by migration.
    package static let migrations: [(name: String, sql: String)] = [
        (
            "1-provider-answers",
            """
            CREATE TABLE provider_answer (provider TEXT NOT NULL, network TEXT NOT NULL, sourceId TEXT NOT NULL,
                fetchedAt REAL NOT NULL, offer TEXT NOT NULL, raw TEXT, PRIMARY KEY (provider, network, sourceId));
            """
        ),
        (
            "2-orders",
            """
            CREATE TABLE purchase_order (id TEXT PRIMARY KEY NOT NULL, network TEXT NOT NULL, provider TEXT NOT NULL,
                providerOrderId TEXT, merchantId TEXT NOT NULL, merchantName TEXT NOT NULL, sourceId TEXT NOT NULL,
                amount TEXT NOT NULL, currency TEXT NOT NULL, status TEXT NOT NULL, paymentURI TEXT, dashAmount TEXT,
                message TEXT, transactionId TEXT, createdAt REAL NOT NULL, updatedAt REAL NOT NULL);
            CREATE INDEX purchase_order_provider_id ON purchase_order (provider, providerOrderId);
            CREATE TABLE delivered_card (orderId TEXT NOT NULL REFERENCES purchase_order (id), position INTEGER NOT NULL,
                card TEXT NOT NULL, deliveredAt REAL NOT NULL, PRIMARY KEY (orderId, position));
            """
        ),
        (
            "3-exchange-rates",
            """
            CREATE TABLE exchange_rate (provider TEXT NOT NULL, network TEXT NOT NULL, currency TEXT NOT NULL,
                rate REAL NOT NULL, fetchedAt REAL NOT NULL, dateModified TEXT, PRIMARY KEY (provider, network, currency));
            """
        ),
    ]

    /// One order row of the 0.1.0 schema.
    package struct Row {
        package var id: String
        package var provider: String
        package var providerOrderId: String?
        package var merchantId: String
        package var merchantName: String
        package var amount: String
        package var status: String
        package var paymentURI: String?
        /// The delivered card as 0.1.0 stored it (JSON), if any.
        package var card: String?

        /// Creates a row.
        package init(
            id: String, provider: String, providerOrderId: String?, merchantId: String, merchantName: String, amount: String,
            status: String, paymentURI: String?, card: String?
        ) {
            self.id = id
            self.provider = provider
            self.providerOrderId = providerOrderId
            self.merchantId = merchantId
            self.merchantName = merchantName
            self.amount = amount
            self.status = status
            self.paymentURI = paymentURI
            self.card = card
        }
    }

    /// Writes `<home>/mainnet/state.db` (folders 0700, file 0600) with `rows`.
    package static func write(home: String, rows: [Row]) throws {
        let folder = home + "/mainnet"
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: home)
        let path = folder + "/state.db"
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.transaction { db in
            try db.execute("CREATE TABLE dashspend_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
            for migration in migrations {
                try db.execute(migration.sql)
                try db.execute(
                    "INSERT INTO dashspend_migrations (name, applied_at) VALUES (?1, '2026-11-20T10:00:00.000Z')",
                    [.text(migration.name)])
            }
            for (index, row) in rows.enumerated() {
                let created = 1_795_000_000.0 + Double(index)
                try db.execute(
                    """
                    INSERT INTO purchase_order (id, network, provider, providerOrderId, merchantId, merchantName, sourceId,
                        amount, currency, status, paymentURI, dashAmount, message, transactionId, createdAt, updatedAt)
                    VALUES (?1, 'mainnet', ?2, ?3, ?4, ?5, ?4, ?6, 'USD', ?7, ?8, NULL, NULL, NULL, ?9, ?9)
                    """,
                    [
                        .text(row.id), .text(row.provider), row.providerOrderId.map { .text($0) } ?? .null,
                        .text(row.merchantId), .text(row.merchantName), .text(row.amount), .text(row.status),
                        row.paymentURI.map { .text($0) } ?? .null, .real(created),
                    ])
                if let card = row.card {
                    try db.execute(
                        "INSERT INTO delivered_card (orderId, position, card, deliveredAt) VALUES (?1, 0, ?2, ?3)",
                        [.text(row.id), .text(card), .real(created)])
                }
            }
        }
        chmod(path, 0o600)
    }
}
