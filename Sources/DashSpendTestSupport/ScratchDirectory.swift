#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A fresh directory under the system's temporary folder, removed when the value is released.
package final class ScratchDirectory: Sendable {
    /// The directory's path.
    package let path: String

    /// Creates the directory.
    package init(prefix: String = "dashspend-tests") throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/" + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the directory.
    package func file(_ name: String) -> String { path + "/" + name }
}
