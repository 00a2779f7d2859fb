import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The handful of file operations the benchmark needs, on POSIX calls.
enum FileSystem {
    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether `path` is an executable file.
    static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// The whole file as UTF-8 text, or nil.
    static func read(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The whole file's bytes, or nil.
    static func bytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Writes `parts`, one after the other, to `path` (replaced), through a temporary file renamed into place.
    static func write(_ parts: [[UInt8]], to path: String) throws {
        let temporary = path + ".tmp.\(getpid())"
        guard let output = fopen(temporary, "wb") else { throw RawSQLite.Failure(description: "cannot write \(temporary)") }
        for part in parts where !part.isEmpty {
            guard fwrite(part, 1, part.count, output) == part.count else {
                fclose(output)
                remove(temporary)
                throw RawSQLite.Failure(description: "cannot write \(temporary)")
            }
        }
        guard fclose(output) == 0 else { throw RawSQLite.Failure(description: "cannot write \(temporary)") }
        try move(temporary, to: path)
    }

    /// Writes `text` to `path` through ``AtomicFile``, so readers never see half a file.
    static func writeAtomically(_ text: String, to path: String) throws {
        do {
            try AtomicFile.replace(path, with: Array(text.utf8))
        } catch {
            throw RawSQLite.Failure(description: "cannot write \(error.path): \(error.reason)")
        }
    }

    /// Copies a file byte for byte.
    static func copy(_ source: String, to destination: String) throws {
        guard let input = fopen(source, "rb") else { throw RawSQLite.Failure(description: "cannot read \(source)") }
        defer { fclose(input) }
        guard let output = fopen(destination, "wb") else { throw RawSQLite.Failure(description: "cannot write \(destination)") }
        defer { fclose(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = fread(&buffer, 1, buffer.count, input)
            if count <= 0 { break }
            guard fwrite(buffer, 1, count, output) == count else {
                throw RawSQLite.Failure(description: "cannot write \(destination)")
            }
        }
    }

    /// Renames, replacing `destination`.
    static func move(_ source: String, to destination: String) throws {
        guard rename(source, destination) == 0 else {
            throw RawSQLite.Failure(description: "cannot rename \(source) to \(destination)")
        }
    }

    /// Removes a file if it exists.
    static func remove(_ path: String) { unlink(path) }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            _ = mkdir(current, 0o755)
        }
    }

    /// Size in bytes and modification time in nanoseconds, or nil when missing.
    static func signature(_ path: String) -> (size: Int, modified: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = info.modificationTime
        return (Int(info.st_size), Int(modified.tv_sec) * 1_000_000_000 + Int(modified.tv_nsec))
    }

    /// The current directory.
    static var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return text(buffer)
    }

    /// The running executable's path (`/proc/self/exe`), or `argv[0]`.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? text(buffer) : CommandLine.arguments[0]
    }

    /// A NUL-terminated buffer as text.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder part of `path`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The first executable called `name` on `$PATH`.
    static func which(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where isExecutable("\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        return nil
    }
}
