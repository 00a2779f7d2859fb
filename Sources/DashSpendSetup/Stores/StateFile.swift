import DashSpendCore
import DashSpendOrders
package import DashSpendPrivateFiles
import DashSpendSQLite
package import DashSpendState

/// The door of the network's state database (`<state>/<network>/state.db`), the cache of providers'
/// answers and exchange rates: opened on first use (created when missing, migrated) and kept open.
///
/// A damaged file found there is moved aside once (`StateDatabase.recovery`) and said to the diagnostics;
/// the orders version 0.1.0 it may hold are salvaged into the orders database when that is open for
/// writing, else at its next open for writing (a command that only reads leaves the orders file alone).
/// Something other than a regular file in its place is an error, and so is a file a newer version wrote (it
/// is left as it is: the caller goes without the cache).
package final class StateFile: Sendable {
    private let cell: OpenedOnce<StateDatabase>

    /// The door of `configuration`'s state database; `integrityStamp` remembers the file versions that passed
    /// their page check, and `orders` receives what a damaged file held. Nothing is opened yet.
    package init(configuration: DashSpendConfiguration, integrityStamp: DatabaseIntegrityStamp, orders: OrdersFile) {
        cell = OpenedOnce { () throws(DashSpendFailure) -> StateDatabase in
            let opened = try Self.open(configuration, integrityStamp: integrityStamp)
            if let recovery = opened.recovery {
                configuration.diagnostics.record(DiagnosticEvent(.note, recovery.description))
                orders.salvageIfOpen(setAsideStateFile: recovery.movedTo, reason: recovery.reason)
            }
            return opened
        }
    }

    /// The state database, opened on the first call.
    package func database() throws(DashSpendFailure) -> StateDatabase { try cell() }

    /// How many times this door opened the file: 1 at most.
    package var timesOpened: Int { cell.timesOpened }

    /// What was wrong with the file found when it was opened, and where it was moved; nil when it was usable
    /// or has not been opened.
    package var recovery: StateDatabaseRecovery? { cell.ifOpened?.recovery }

    private static func open(_ configuration: DashSpendConfiguration, integrityStamp: DatabaseIntegrityStamp)
        throws(DashSpendFailure) -> StateDatabase
    {
        let path = configuration.stateDatabasePath
        try configuration.checkStateDirectory()
        if let refusal = RegularFile.refusal(path) {
            throw DashSpendFailure(
                .badData, "cannot use the state database \(path) (\(refusal))", cause: .stateDirectory, subject: path)
        }
        do {
            try PrivateDirectory.prepareStateFolder(configuration.networkDirectory)
            return try StateDatabase(
                path: path, network: configuration.network, now: configuration.now(), checkedVersions: integrityStamp)
        } catch let error as SQLiteError where error.isNewerSchema {
            throw DashSpendFailure(
                .cannotWrite,
                "the state database \(path) was written by a newer version of DashSpend (schema "
                    + error.unknownMigrations.joined(separator: ", ")
                    + "; this version knows up to \(StateDatabase.migrator.migrations.last?.name ?? "")): it is left as it is",
                cause: .newerVersion, subject: path)
        } catch let error as PrivateDirectory.Failure where error.isUnsafe {
            throw DashSpendFailure(unsafeStateDirectory: error)
        } catch {
            throw DashSpendFailure(
                .cannotWrite, "cannot open the state database \(path): \(error)",
                cause: DashSpendFailure.stateFileCause(of: error), subject: path)
        }
    }
}
