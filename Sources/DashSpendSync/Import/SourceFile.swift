import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file given with `--from`, opened once read-only and read in chunks with `pread`: never written, never
/// held in memory whole. Opening does not block on a FIFO or device (`O_NONBLOCK`, cleared once `fstat`
/// shows a regular file), and a file larger than the importer's limit is refused before it is read.
final class SourceFile: ZipByteSource {
    let path: String
    let size: Int
    private let descriptor: Int32
    /// The size of each read.
    static let chunkSize = 1 << 20

    init(path: String, maximumSize: Int) throws(ExploreImportError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .sourceMissing(path: path) }
            throw .sourceUnreadable(path: path, reason: SystemError.message())
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = SystemError.message()
            close(descriptor)
            throw .sourceUnreadable(path: path, reason: reason)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .sourceUnreadable(path: path, reason: "not a regular file")
        }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            let reason = SystemError.message()
            close(descriptor)
            throw .sourceUnreadable(path: path, reason: reason)
        }
        self.descriptor = descriptor
        size = Int(info.st_size)
        guard size <= maximumSize else { throw .sourceTooLarge(path: path, size: size, limit: maximumSize) }
    }

    deinit { close(descriptor) }

    /// Fills `buffer` from `offset`; returns fewer bytes only at the end of the file.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ExploreImportError) -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                throw .sourceUnreadable(path: path, reason: SystemError.message())
            }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Up to `count` bytes at the start of the file.
    func head(_ count: Int) throws(ExploreImportError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
        defer { buffer.deallocate() }
        let read = try self.read(at: 0, into: buffer)
        return Array(buffer[..<read])
    }

    /// Calls `body` with the bytes of `range`, in chunks of at most ``chunkSize``, in a buffer it may change.
    func forEachChunk(
        in range: Range<Int>,
        _ body: (UnsafeMutableRawBufferPointer) throws(ExploreImportError) -> Void
    ) throws(ExploreImportError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(Self.chunkSize, max(range.count, 1)), alignment: 16)
        defer { buffer.deallocate() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(buffer.count, range.upperBound - offset)
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])
            guard try read(at: offset, into: chunk) == wanted else {
                throw .sourceUnreadable(path: path, reason: "it became shorter while it was read")
            }
            try body(chunk)
            offset += wanted
        }
    }

    func bytes(at offset: Int, count: Int, what: String) throws(ZipError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else { throw .outOfBounds(what) }
        var bytes = [UInt8](repeating: 0, count: count)
        // A read that fails or comes short fails the archive as out of bounds: the import stops either way.
        let read = bytes.withUnsafeMutableBytes { raw in try? self.read(at: offset, into: raw) }
        guard read == count else { throw .outOfBounds(what) }
        return bytes
    }
}
