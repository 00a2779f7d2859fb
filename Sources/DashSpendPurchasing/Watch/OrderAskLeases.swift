import DashSpendCore
import DashSpendLocking
import DashSpendSQLite
import DashSpendSetup
import DashSpendState

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Who asks a provider about an order next, shared by every watch of the state directory, in this process or
/// another (`orders --watch` twice, or beside an app): one ask per order per interval, however many watch it.
///
/// A watch about to ask takes the order's lease in the state database (table `order_ask_lease`, one
/// `BEGIN IMMEDIATE` transaction, so two processes never both take it): the lease is its own until the time
/// its interval ends. While another watch holds an unexpired lease, this one does not ask; it reads the order
/// as kept in the orders database, where the holder's answers land. A holder that stops (its process killed)
/// leaves a lease that simply expires. The leases are a cache: a state database that cannot be used only loses
/// the sharing (each watch then asks on its own, as before), and says so once.
struct OrderAskLeases: Sendable {
    /// Where the leases are kept.
    let stateFile: StateFile
    /// This watch's name in the leases (random, one per watch).
    let holder: String
    /// Where a state database that cannot be used is said.
    let diagnostics: any DiagnosticsSink
    /// Whether that was said already (once per watch).
    private let said = Locked(false)

    /// A new watch's leases over `stateFile`.
    init(stateFile: StateFile, diagnostics: any DiagnosticsSink) {
        self.stateFile = stateFile
        self.diagnostics = diagnostics
        holder = UUID().uuidString
    }

    /// Takes the lease of `orderId` from `now` for `seconds`, unless another watch holds one that has not
    /// expired: true when this watch should ask the provider now (also when the leases cannot be read).
    func take(_ orderId: String, now: Date, seconds: Double) -> Bool {
        do {
            let database = try stateFile.database()
            let network = database.network.rawValue
            return try database.connection.transaction { db in
                let lease = try db.fetchOne(
                    "SELECT holder, until FROM order_ask_lease WHERE network = ?1 AND orderId = ?2",
                    [.text(network), .text(orderId)]
                ) { ($0.text("holder") ?? "", $0.double("until") ?? 0) }
                if let lease, lease.0 != holder, lease.1 > now.timeIntervalSince1970 { return false }
                try db.execute(
                    """
                    INSERT INTO order_ask_lease (network, orderId, holder, askedAt, until) VALUES (?1, ?2, ?3, ?4, ?5)
                    ON CONFLICT (network, orderId) DO UPDATE SET holder = excluded.holder, askedAt = excluded.askedAt,
                        until = excluded.until
                    """,
                    [
                        .text(network), .text(orderId), .text(holder), .real(now.timeIntervalSince1970),
                        .real(now.timeIntervalSince1970 + seconds),
                    ])
                return true
            }
        } catch {
            if !said.withLock({ said in
                defer { said = true }; return said
            }) {
                diagnostics.record(
                    DiagnosticEvent(
                        .cacheFailure, "orders are asked without sharing the asks with other watches: \(error)"))
            }
            return true
        }
    }
}
