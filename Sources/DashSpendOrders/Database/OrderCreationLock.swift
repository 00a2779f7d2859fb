package import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Says whether an order kept as `creating` may still be in flight: every buy holds a shared lock on
/// `<orders.db>.creating.lock` from before it writes its order until it has kept the provider's answer, and
/// the kernel lets go of it when that process ends, however it ends (a kill included). When nobody holds it,
/// no create is in flight, and an order still `creating` was cut off: it may exist at the provider.
package enum OrderCreationLock {
    /// The lock file of the orders database at `databasePath`.
    package static func path(for databasePath: String) -> String { databasePath + ".creating.lock" }

    /// Holds the shared lock; close the descriptor to let go of it.
    package static func hold(databasePath: String) throws(LockFileProblem) -> Int32 {
        try LockFile.lockShared(path(for: databasePath))
    }

    /// Whether no buy is creating an order now: the exclusive lock can be taken (and is let go at once).
    package static func noneInFlight(databasePath: String) -> Bool {
        // A lock file that cannot be opened reads as a buy in flight: nothing is settled, the safe side.
        guard let descriptor = try? LockFile.openFile(path(for: databasePath)) else { return false }
        defer { close(descriptor) }
        // Held by a buy, or not lockable at all: both read as in flight (false), so nothing is settled.
        return (try? LockFile.tryLock(descriptor, path: path(for: databasePath))) == true
    }
}
