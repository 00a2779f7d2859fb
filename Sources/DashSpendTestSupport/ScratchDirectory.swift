#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fresh directory under the system's temporary folder, removed when the value is released.
package final class ScratchDirectory: Sendable {
    /// The directory's path.
    package let path: String

    /// Creates the directory; `inMemory`: in `/dev/shm` when there is one, for tests whose many SQLite writes
    /// would otherwise wait for the disk on the threads other tests need (their subject is not durability).
    package init(prefix: String = "dashspend-tests", inMemory: Bool = false) throws {
        let name = prefix + "-" + UUID().uuidString
        // `/dev/shm` is used only when it is already there (never created) and takes a folder.
        if inMemory, FileManager.default.isWritableFile(atPath: "/dev/shm"),
            (try? FileManager.default.createDirectory(atPath: "/dev/shm/" + name, withIntermediateDirectories: false))
                != nil
        {
            path = "/dev/shm/" + name
            return
        }
        path = FileManager.default.temporaryDirectory.path + "/" + name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the directory.
    package func file(_ name: String) -> String { path + "/" + name }
}
