import DashSpendSQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds explore database files for tests from the project's own schema SQL (`Fixtures/Schemas`) and the
/// rows a test writes, in a scratch directory, with the real SQLite library.
package enum FixtureDatabase {
    /// The package root, found from this file's path.
    package static var packageRoot: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }

    /// The schema SQL of explore database `version` (1 to 4).
    package static func schema(version: Int) throws -> String {
        let path = packageRoot + "/Fixtures/Schemas/explore-v\(version).sql"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SQLiteError.cannotOpen("cannot read \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Creates `name` in `directory` with schema `version` and then `rows` (SQL), and returns its path.
    @discardableResult
    package static func make(
        version: Int, rows: String, named name: String = "explore.db",
        in directory: ScratchDirectory
    ) throws -> String {
        let path = directory.path + "/" + name
        let connection = try SQLiteConnection(path: path, mode: .readWrite)
        try connection.execute(try schema(version: version))
        try connection.transaction { db in try db.execute(rows) }
        return path
    }
}
