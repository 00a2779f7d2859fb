import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The first 100 bytes of a file and its size: enough to tell an SQLite file from the wallets' ZIP, an
/// empty file or a truncated download before SQLite is asked to open it.
struct DatabaseFileHeader {
    enum Kind: Equatable {
        case missing
        case directory
        case unreadable
        /// A FIFO, device or socket: never opened for reading (it could block forever).
        case notRegular(String)
        case sqlite(expectedBytes: Int?)
        case zipArchive
        case other
    }

    let kind: Kind
    let fileSize: Int

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            kind = errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable
            fileSize = 0
            return
        }
        fileSize = Int(info.st_size)
        if (info.st_mode & S_IFMT) == S_IFDIR {
            kind = .directory
            return
        }
        // Opened without blocking and checked on the descriptor: a FIFO or a device never hangs the read.
        let opened: Int32?
        do {
            opened = try RegularFile.openForReading(path)
        } catch {
            kind = error.isSpecialFile ? .notRegular(error.reason) : .unreadable
            return
        }
        guard let descriptor = opened else {
            kind = .missing
            return
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        var count = 0
        while count < bytes.count {
            let done = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if done < 0 && errno == EINTR { continue }
            if done <= 0 { break }
            count += done
        }
        kind = Self.classify(Array(bytes.prefix(count)), fileSize: fileSize)
    }

    static func classify(_ bytes: [UInt8], fileSize: Int) -> Kind {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zipArchive }
        let magic = Array("SQLite format 3\0".utf8)
        guard bytes.count >= 100, bytes.starts(with: magic) else { return .other }
        func bigEndian(_ offset: Int, _ length: Int) -> Int {
            bytes[offset..<(offset + length)].reduce(0) { $0 << 8 | Int($1) }
        }
        let rawPageSize = bigEndian(16, 2)
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pageCount = bigEndian(28, 4)
        // The in-header page count is valid only when "version-valid-for" matches the change counter.
        let headerCountValid = bigEndian(92, 4) == bigEndian(24, 4) && pageCount > 0
        guard pageSize >= 512, headerCountValid else { return .sqlite(expectedBytes: nil) }
        return .sqlite(expectedBytes: pageSize * pageCount)
    }
}
