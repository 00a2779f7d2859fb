import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends a streamed body to the partial file of a download, from `offset` (what is already there; the
/// file is cut there first), and counts the bytes. Each chunk goes to the disk as it comes: the body is
/// never held in memory.
final class PartialFileWriter: HTTPBodyWriter, @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private let progress: (@Sendable (Int) -> Void)?
    /// Where the next byte goes (bytes in the file).
    private(set) var offset: Int

    /// Opens `path` (created 0600, never through a symbolic link) and cuts it at `offset`.
    init(path: String, offset: Int, progress: (@Sendable (Int) -> Void)?) throws(ExploreDownloadError) {
        self.path = path
        self.offset = offset
        self.progress = progress
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: SystemError.message()) }
        guard ftruncate(descriptor, off_t(offset)) == 0 else {
            let reason = SystemError.message()
            close(descriptor)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    deinit { close(descriptor) }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                throw ExploreDownloadError.cannotWrite(path: path, reason: SystemError.message())
            }
            done += count
        }
        offset += done
        progress?(offset)
    }
}
