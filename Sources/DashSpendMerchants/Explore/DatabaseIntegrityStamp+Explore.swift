import DashSpendExplore
import DashSpendPrivateFiles

extension DatabaseIntegrityStamp {
    /// Checks `database` unless this exact file version was checked before; true when it checked now.
    /// `keyBeforeOpen` is ``key(_:)`` taken before the database was opened: a file replaced meanwhile is
    /// checked and not recorded.
    @discardableResult
    func verify(_ database: ExploreDatabase, path: String, keyBeforeOpen: String?) throws(ExploreDatabaseError) -> Bool {
        try verify(path: path, keyBeforeOpen: keyBeforeOpen) { () throws(ExploreDatabaseError) in
            try database.verifyIntegrity()
        }
    }
}
