#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the files DashSpend keeps (credentials, metadata, the stamp of checked databases) without ever
/// blocking: `O_NONBLOCK` on the open, so a FIFO or a device in place of the file does not wait for a writer,
/// and `fstat` on the open descriptor, so anything but a regular file is refused before it is read.
package enum RegularFile {
    /// Why a file could not be opened or read.
    package struct Failure: Error, Sendable, Hashable {
        /// The file.
        package let path: String
        /// The system's reason, or `not a regular file (a FIFO)`.
        package let reason: String
        /// True when something other than a regular file or a folder is there (a FIFO, a device, a socket).
        package let isSpecialFile: Bool
        /// True when a folder of the path is a regular file (`ENOTDIR`): nothing can be created there.
        let runsThroughAFile: Bool

        init(path: String, reason: String, isSpecialFile: Bool = false, runsThroughAFile: Bool = false) {
            self.path = path
            self.reason = reason
            self.isSpecialFile = isSpecialFile
            self.runsThroughAFile = runsThroughAFile
        }
    }

    /// Opens `path` read-only and blocking again once it is known to be a regular file; nil when nothing
    /// is there (`ENOENT`). The caller closes the descriptor.
    package static func openForReading(_ path: String) throws(Failure) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            let notADirectory = errno == ENOTDIR
            throw Failure(path: path, reason: SystemError.message(), runsThroughAFile: notADirectory)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = SystemError.message()
            close(descriptor)
            throw Failure(path: path, reason: reason)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw Failure(path: path, reason: SystemError.message(EISDIR))
        }
        if let kind = irregularKind(info.st_mode) {
            close(descriptor)
            throw Failure(path: path, reason: "not a regular file (\(kind))", isSpecialFile: true)
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let reason = SystemError.message()
            close(descriptor)
            throw Failure(path: path, reason: reason)
        }
        return descriptor
    }

    /// The whole file at `path`, nil when nothing is there; refused when larger than `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8]? {
        guard let descriptor = try openForReading(path) else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: SystemError.message())
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
            if result.count > limit { throw Failure(path: path, reason: "larger than \(limit) bytes") }
        }
    }

    /// For a file another library (SQLite) is about to open: nil when `path` is missing or a regular file
    /// (following symbolic links), else why it must not be opened (`not a regular file (a FIFO)`).
    package static func refusal(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return irregularKind(info.st_mode).map { "not a regular file (\($0))" }
    }
}

/// `read(2)` into `buffer` (a free function, since ``RegularFile/read(_:limit:)`` hides the C one inside the enum).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
