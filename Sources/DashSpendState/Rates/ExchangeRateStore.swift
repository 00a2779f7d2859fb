package import DashSpendCore
import DashSpendSQLite

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The providers' last exchange rates, in the network's state database (table `exchange_rate`, migration
/// `4-exchange-rates-as-text`: the rate kept as decimal text, never a binary float): one row per provider, network and currency, replaced whole in one transaction when
/// a live answer arrives. An implausible rate (see ``ExchangeRate/isPlausible``) is never written, and one
/// read back that is not plausible is treated as absent, so a broken answer never replaces a good one.
package struct ExchangeRateStore: Sendable {
    /// A rate as stored, with the time it was fetched.
    package struct Stored: Sendable, Hashable {
        /// The rate.
        package let rate: ExchangeRate
        /// When it was fetched from the provider.
        package let fetchedAt: Date

        /// `rate` as fetched at `fetchedAt`.
        package init(rate: ExchangeRate, fetchedAt: Date) {
            self.rate = rate
            self.fetchedAt = fetchedAt
        }
    }

    /// The state database the rates are kept in.
    package let database: StateDatabase

    /// The rates kept in `database`.
    package init(database: StateDatabase) {
        self.database = database
    }

    /// The stored rate of `provider` for `currency` (uppercase) on the database's network, or nil.
    package func load(_ provider: GiftCardProvider, currency: String) throws -> Stored? {
        let row = try database.connection.fetchOne(
            "SELECT rate, fetchedAt, dateModified FROM exchange_rate WHERE provider = ?1 AND network = ?2 AND currency = ?3",
            [.text(provider.id), .text(database.network.rawValue), .text(currency)]
        ) { ($0.text("rate"), $0.double("fetchedAt"), $0.text("dateModified")) }
        guard let row, let value = row.0.flatMap(Decimal.init(plainText:)), let fetchedAt = row.1 else { return nil }
        let rate = ExchangeRate(provider: provider, currency: currency, rate: value, dateModified: row.2)
        guard rate.isPlausible, fetchedAt.isFinite else { return nil }
        return Stored(rate: rate, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
    }

    /// Stores `rate`, fetched at `fetchedAt`, in one write transaction; an implausible one is refused with
    /// ``DashSpendError/unreadableAnswer(_:)`` and the stored rate is kept.
    package func save(_ rate: ExchangeRate, fetchedAt: Date) throws {
        guard rate.isPlausible else {
            throw DashSpendError.unreadableAnswer("\(rate.provider.displayName) sent an implausible exchange rate")
        }
        try database.connection.transaction { db in
            try db.execute(
                """
                INSERT INTO exchange_rate (provider, network, currency, rate, fetchedAt, dateModified)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (provider, network, currency)
                DO UPDATE SET rate = excluded.rate, fetchedAt = excluded.fetchedAt,
                    dateModified = excluded.dateModified
                """,
                [
                    .text(rate.provider.id), .text(database.network.rawValue), .text(rate.currency),
                    .text(rate.rate.description), .real(fetchedAt.timeIntervalSince1970),
                    rate.dateModified.map { .text($0) } ?? .null,
                ])
        }
    }
}
