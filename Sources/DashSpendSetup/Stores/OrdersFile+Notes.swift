import DashSpendCore
import DashSpendOrders
import DashSpendPrivateFiles
import DashSpendSQLite

extension OrdersFile {
    /// What every command says about the orders file (``OrdersFileNotes``), read once per version of it.
    ///
    /// Reading it takes SQLite's parse of the file's whole schema and a query, 6% of an offline `show`. A
    /// version (device, inode, size, modification time) that had nothing to say is recorded in
    /// `<state directory>/quiet-orders-files` and not read again: a set-aside file is recorded (and
    /// acknowledged) by a write, a damaged file is found damaged by a read that changes nothing, so either
    /// comes with a new version, which is read. A version with something to say is never recorded, so its
    /// notes are given on every command until they change; nor is one that could not be read for another
    /// reason (a busy or missing file). Only reads the orders file.
    package func notes() -> OrdersFileNotes {
        let path = configuration.orderDatabasePath
        var notes = OrdersFileNotes.none
        do {
            try quietVersions.verify(path: path, keyBeforeOpen: DatabaseIntegrityStamp.key(path)) {
                () throws(NotesToGive) in
                let (read, conclusive) = readNotes(path)
                notes = read
                guard conclusive, read.isEmpty else { throw NotesToGive() }
            }
        } catch {
            // Something to say, or nothing known: this version stays unrecorded.
        }
        return notes
    }

    /// The notes as the file says them now, and whether the read was conclusive (the file read, or found
    /// damaged); a read that failed otherwise says nothing but is not conclusive.
    private func readNotes(_ path: String) -> (notes: OrdersFileNotes, conclusive: Bool) {
        do {
            // The schema and one table: what every command may afford.
            guard let store = try forReading() else { return (.none, false) }
            let unacknowledged = try store.setAsideFiles().filter { !$0.acknowledged }
            return (OrdersFileNotes(damaged: nil, unacknowledged: unacknowledged), true)
        } catch let error as SQLiteError where error.isCorruption {
            return (OrdersFileNotes(damaged: path, unacknowledged: []), true)
        } catch let failure as DashSpendFailure where failure.kind == .badData && failure.cause == .stateDirectory {
            return (OrdersFileNotes(damaged: failure.subject ?? path, unacknowledged: []), true)
        } catch {
            return (.none, false)
        }
    }
}

/// Thrown out of a version's check to keep it unrecorded: it had something to say.
private struct NotesToGive: Error {}
