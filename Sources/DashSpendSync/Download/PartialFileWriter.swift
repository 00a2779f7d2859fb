import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends a streamed body to the partial file of a download, from `offset` (what is already there; the
/// file is cut there first), and counts the bytes. Each chunk goes to the disk as it comes: the body is
/// never held in memory. A byte past `limit` (where the answer announced it ends) is refused, not written:
/// a server cannot fill the disk by sending more than it announced.
final class PartialFileWriter: HTTPBodyWriter, @unchecked Sendable {
    let path: String
    /// Where the body must end.
    let limit: Int
    /// The object, for messages.
    private let object: String
    private let descriptor: Int32
    private let progress: (@Sendable (Int) -> Void)?
    /// Where the next byte goes (bytes in the file).
    private(set) var offset: Int

    /// Opens `path` (created 0600, never through a symbolic link) and cuts it at `offset`.
    init(path: String, offset: Int, limit: Int, object: String, progress: (@Sendable (Int) -> Void)?)
        throws(ExploreDownloadError)
    {
        self.path = path
        self.offset = offset
        self.limit = limit
        self.object = object
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
        guard bytes.count <= limit - offset else {
            throw ExploreDownloadError.wrongSize(object: object, expected: limit, actual: offset + bytes.count)
        }
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
