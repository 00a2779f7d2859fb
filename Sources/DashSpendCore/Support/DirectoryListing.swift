#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a folder, read with `opendir`/`readdir` (no Foundation on the start-up path).
package enum DirectoryListing {
    /// The names in `folder`, without `.` and `..`; none when it cannot be read.
    package static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder.isEmpty ? "/" : folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes from `folder` every entry that is not a folder and whose name `matches` accepts (a symbolic
    /// link is removed, never followed). Best effort: what cannot be removed stays.
    package static func removeFiles(in folder: String, where matches: (String) -> Bool) {
        for name in names(in: folder) where matches(name) {
            let path = folder + "/" + name
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR { unlink(path) }
        }
    }
}
