import DashSpendCore
import DashSpendExplore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembers which database files passed `PRAGMA quick_check`, so the full read happens once per file
/// version (device, inode, size and modification time), not on every command.
struct IntegrityStamp {
    let stampPath: String

    init(stateDirectory: String) {
        stampPath = stateDirectory + "/checked-databases"
    }

    /// Checks `database` (at `path`) unless this exact file version was checked before.
    func verify(_ database: ExploreDatabase, path: String) throws(ExploreDatabaseError) {
        guard let key = Self.key(path) else { return try database.verifyIntegrity() }
        let known = readLines()
        if known.contains(key) { return }
        try database.verifyIntegrity()
        // Best effort: a read-only state directory only means checking again next time.
        guard ServiceBuilder.makeDirectories(String(stampPath[..<(stampPath.lastIndex(of: "/") ?? stampPath.endIndex)])) else {
            return
        }
        let lines = (known.suffix(63) + [key]).joined(separator: "\n") + "\n"
        let temporary = stampPath + ".tmp"
        guard let file = fopen(temporary, "w") else { return }
        fputs(lines, file)
        fclose(file)
        rename(temporary, stampPath)
    }

    private func readLines() -> [String] {
        guard let file = fopen(stampPath, "r") else { return [] }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 512)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            lines.append(line.trimmedWhitespace)
        }
        return lines
    }

    private static func key(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
