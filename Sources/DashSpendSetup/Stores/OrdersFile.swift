import DashSpendCore
import DashSpendLocking
package import DashSpendOrders
import DashSpendPrivateFiles
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

/// The network's orders database (`<state>/<network>/orders.db`), the file where orders and cards are kept:
/// opened once, the way ``DashSpendConfiguration/ordersAccess`` says: for writing when the client is made, only
/// to read at the first read.
///
/// Opened for writing, it is created when missing, migrated, and a damaged file is salvaged and set aside
/// (`OrderDatabase.setAside`); the orders version 0.1.0 kept in the state database, and those of damaged state
/// databases set aside earlier, are moved in; and the orders a buy left `creating` when no buy is in flight
/// become `unknown`. Each of these is said to the diagnostics. Opened only to read, nothing of that happens
/// and the file is left byte for byte as it was. An open that failed is kept as it is, and each use of the
/// store (reading too) says why.
package final class OrdersFile: Sendable {
    let configuration: DashSpendConfiguration
    /// The store opened for writing; nil when the client reads orders only.
    private let writer: Result<OrderStore, DashSpendFailure>?
    /// The store reads go to: the writer, or the file opened only to read (nil: no file).
    private let reader: Locked<Result<OrderStore?, DashSpendFailure>>
    /// The versions of orders files that had nothing to say (see ``notes()``).
    let quietVersions: DatabaseIntegrityStamp

    /// Opens the orders database of `configuration`'s network as its ``DashSpendConfiguration/ordersAccess``
    /// says.
    package init(configuration: DashSpendConfiguration) {
        self.configuration = configuration
        quietVersions = DatabaseIntegrityStamp(stateDirectory: configuration.stateDirectory, fileName: "quiet-orders-files")
        if configuration.ordersAccess == .readWrite {
            let writer = Result { () throws(DashSpendFailure) in try Self.openForWriting(configuration) }
            self.writer = writer
            reader = Locked(writer.map { Optional($0) })
        } else {
            writer = nil
            // Opened at the first read (``forReading()``), which a command whose notes about the file are known
            // (``notes()``) never makes: the open has nothing to do at once, and its failure is kept for reads.
            reader = Locked(.success(nil))
        }
    }

    /// The store opened for writing, for a command about orders (buying, looking an order up online, listing
    /// orders online, recording a payment); fails when the client reads orders only, or when the file could
    /// not be opened for writing.
    package func forWriting() throws(DashSpendFailure) -> OrderStore {
        guard let writer else {
            let path = configuration.orderDatabasePath
            throw DashSpendFailure(
                .invalidRequest,
                "this client opened the orders database \(path) only to read: keeping or changing an order needs one "
                    + "that opens it for writing", subject: path)
        }
        return try writer.get()
    }

    /// Whether the file was opened for writing: 1 when it was, else 0 (the tests of the composition root read it).
    package var timesOpenedForWriting: Int {
        if case .success = writer { return 1 }
        return 0
    }

    /// The store reads go to: the one opened for writing, or the file opened only to read; nil when a client
    /// that only reads finds no orders database. A client that found none when it was made looks again (one
    /// `lstat`), so a long-lived one sees the file a buy in another process created since.
    package func forReading() throws(DashSpendFailure) -> OrderStore? {
        let configuration = configuration
        let readsOnly = writer == nil
        return try reader.withLock { (reader) throws(DashSpendFailure) -> OrderStore? in
            if readsOnly, case .success(nil) = reader {
                reader = Result { () throws(DashSpendFailure) in try Self.openReadingOnly(configuration) }
            }
            return try reader.get()
        }
    }

    /// Moves into the store, when it is open for writing, the orders version 0.1.0 kept in the damaged state
    /// database just set aside at `asidePath`; otherwise the next open for writing does it.
    func salvageIfOpen(setAsideStateFile asidePath: String, reason: String) {
        guard case .success(let store) = writer else { return }
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

    /// The file opened only to be read; nil when there is none.
    private static func openReadingOnly(_ configuration: DashSpendConfiguration) throws(DashSpendFailure) -> OrderStore? {
        let path = configuration.orderDatabasePath
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        try Self.refuseIrregularFile(path)
        do {
            return OrderStore(database: try OrderDatabase(readingOnly: path, network: configuration.network))
        } catch {
            let kind: DashSpendFailure.Kind = error.isCorruption ? .badData : .cannotWrite
            throw DashSpendFailure(
                kind, "cannot read the orders database \(path): \(error)", cause: .stateDirectory, subject: path)
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
