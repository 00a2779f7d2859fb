import DashSpendCore
import DashSpendLocking
package import DashSpendOrders
import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The door of the network's orders database (`<state>/<network>/orders.db`), the file where orders and
/// cards are kept: the one place it is opened, for writing or only for reading.
///
/// Opened for writing (``forWriting()``, once per client), it is created when missing, migrated, and a damaged
/// file is salvaged and set aside (`OrderDatabase.setAside`); the orders version 0.1.0 kept in the state
/// database, and those of damaged state databases set aside earlier, are moved in; and the orders a buy left
/// `creating` when no buy is in flight become `unknown`. Each of these is said to the diagnostics. Opened for
/// reading (``readingOnly()``), nothing of that happens and the file is left byte for byte as it was.
package final class OrdersFile: Sendable {
    private let configuration: DashSpendConfiguration
    private let writing: OpenedOnce<OrderStore>

    /// The door of the orders database of `configuration`'s network; nothing is opened yet.
    package init(configuration: DashSpendConfiguration) {
        self.configuration = configuration
        writing = OpenedOnce { [configuration] () throws(DashSpendFailure) -> OrderStore in
            try Self.openForWriting(configuration)
        }
    }

    /// The store, opened for writing on the first call and kept: a command about orders (buying, looking an
    /// order up online, listing orders online) opens it so.
    package func forWriting() throws(DashSpendFailure) -> OrderStore { try writing() }

    /// How many times this door opened the file for writing: 1 at most.
    package var timesOpenedForWriting: Int { writing.timesOpened }

    /// The store a reading operation reads: the one opened for writing, if it was; for an online client, that
    /// one opened now (its first open salvages, imports and settles, as the commands about orders do); for an
    /// offline one, the file opened only to be read. Nil when an offline client finds no orders database.
    package func forReading() throws(DashSpendFailure) -> OrderStore? {
        if let open = writing.ifOpened { return open }
        if !configuration.offline { return try forWriting() }
        return try readingOnly()
    }

    /// The store opened only to be read (nil when there is no file), or the one already open for writing.
    package func readingOnly() throws(DashSpendFailure) -> OrderStore? {
        if let open = writing.ifOpened { return open }
        guard exists else { return nil }
        let path = configuration.orderDatabasePath
        try Self.refuseIrregularFile(path)
        do {
            return OrderStore(database: try OrderDatabase(readingOnly: path, network: configuration.network))
        } catch {
            let kind: DashSpendFailure.Kind = error.isCorruption ? .badData : .cannotWrite
            throw DashSpendFailure(
                kind, "cannot read the orders database \(path): \(error)", cause: .stateDirectory, subject: path)
        }
    }

    /// Whether the network's orders database exists (a command that does not buy opens it only then).
    package var exists: Bool {
        var info = stat()
        return lstat(configuration.orderDatabasePath, &info) == 0
    }

    /// Moves into the store, when it is open for writing, the orders version 0.1.0 kept in the damaged state
    /// database just set aside at `asidePath`; otherwise the next open for writing does it.
    func salvageIfOpen(setAsideStateFile asidePath: String, reason: String) {
        guard let store = writing.ifOpened else { return }
        Self.salvageOrders(from: asidePath, reason: reason, into: store, configuration)
    }

    // MARK: - The door

    /// Refuses something other than a regular file (a FIFO, a device, a folder) in the orders database's place.
    private static func refuseIrregularFile(_ path: String) throws(DashSpendFailure) {
        if let refusal = RegularFile.refusal(path) {
            throw DashSpendFailure(
                .badData, "cannot use the orders database \(path) (\(refusal))", cause: .stateDirectory, subject: path)
        }
    }

    private static func openForWriting(_ configuration: DashSpendConfiguration) throws(DashSpendFailure) -> OrderStore {
        let path = configuration.orderDatabasePath
        try configuration.checkStateDirectory()
        try Self.refuseIrregularFile(path)
        let opened: OrderDatabase
        do {
            try PrivateDirectory.prepareStateFolder(configuration.networkDirectory)
            opened = try OrderDatabase(path: path, network: configuration.network, now: configuration.now())
        } catch let error as PrivateDirectory.Failure where error.isUnsafe {
            throw DashSpendFailure(unsafeStateDirectory: error)
        } catch {
            throw DashSpendFailure(
                .cannotWrite, "cannot open the orders database \(path): \(error)",
                cause: DashSpendFailure.stateFileCause(of: error), subject: path)
        }
        let diagnostics = configuration.diagnostics
        if let setAside = opened.setAside {
            diagnostics.record(DiagnosticEvent(.note, setAside.description))
        }
        let store = OrderStore(database: opened)
        guard opened.newerVersion == nil else { return store }
        do {
            try LegacyOrderImport.fromStateDatabase(at: configuration.stateDatabasePath, into: store)
        } catch {
            diagnostics.record(
                DiagnosticEvent(.note, "could not move the orders of the state database into \(path): \(error)"))
        }
        salvageSetAsideStateFiles(into: store, configuration)
        guard OrderCreationLock.noneInFlight(databasePath: path) else { return store }
        do {
            let settled = try store.settleInterruptedCreates(
                message: "the buy that was placing this order ended before the provider's answer was kept: "
                    + "the order may exist", at: configuration.now())
            if settled > 0 {
                diagnostics.record(
                    DiagnosticEvent(
                        .note,
                        "\(settled) order\(settled == 1 ? "" : "s") a buy left unfinished \(settled == 1 ? "is" : "are") "
                            + "now kept as unknown (the provider may have it)"))
            }
        } catch {
            // Left `creating`, such an order is settled at the next open; meanwhile it is said.
            diagnostics.record(
                DiagnosticEvent(.note, "could not mark the orders a buy left unfinished in \(path): \(error)"))
        }
        return store
    }

    /// Imports into `store` what can be read of the orders version 0.1.0 kept in the damaged state database
    /// set aside at `asidePath`, and records where it went when it held orders.
    private static func salvageOrders(
        from asidePath: String, reason: String = "the state database could not be used", into store: OrderStore,
        _ configuration: DashSpendConfiguration
    ) {
        do {
            let outcome = try LegacyOrderImport.fromSetAsideFile(at: asidePath, into: store)
            guard outcome.heldOrders else { return }
            try store.recordSetAside(
                SetAsideOrderFile(
                    path: asidePath, reason: reason, setAsideAt: configuration.now(),
                    salvagedOrders: outcome.read.orders, salvagedCards: outcome.read.cards, complete: outcome.complete,
                    acknowledged: false))
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(.note, "could not salvage the orders of the damaged state database \(asidePath): \(error)"))
        }
    }

    /// Salvages into `store` the orders of every damaged state database set aside in the network's folder
    /// that `store` has no record of (one set aside by a command that only read, or one whose salvage was cut
    /// off). Idempotent: orders already kept are not imported again.
    private static func salvageSetAsideStateFiles(into store: OrderStore, _ configuration: DashSpendConfiguration) {
        let folder = configuration.networkDirectory
        let prefix = (configuration.stateDatabasePath.split(separator: "/").last.map(String.init) ?? "state.db") + ".damaged-"
        let names: [String]
        let recorded: Set<String>
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
            recorded = Set(try store.setAsideFiles().map(\.path))
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(.note, "could not look for damaged state databases to salvage in \(folder): \(error)"))
            return
        }
        for name in names.sorted()
        where name.hasPrefix(prefix) && !name.hasSuffix("-journal") && !name.hasSuffix("-wal") && !name.hasSuffix("-shm") {
            let path = folder + "/" + name
            if !recorded.contains(path) { salvageOrders(from: path, into: store, configuration) }
        }
    }
}
