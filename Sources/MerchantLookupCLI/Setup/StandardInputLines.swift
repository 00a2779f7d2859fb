import DashSpendCore
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of standard input (`show --stdin`), trimmed, blank ones skipped, read until end of file.
///
/// Each `read` runs on a dispatch queue, never on a thread of Swift's cooperative pool, so a terminal or a
/// pipe that is slow to write does not hold up the lookups already under way. Reads take what is there
/// (up to 64 KiB): a line is handed on as soon as it is complete, and only one chunk is held at a time.
struct StandardInputLines: AsyncSequence, Sendable {
    typealias Element = String
    typealias Failure = CLIError

    /// The longest line accepted; no merchant id or name comes near it.
    static let maximumLineBytes = 65_536

    /// The file descriptor read (the run's standard input).
    let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(descriptor: descriptor) }

    /// Reads chunk by chunk and cuts them into lines.
    struct AsyncIterator: AsyncIteratorProtocol {
        typealias Failure = CLIError
        let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0
        private var ended = false
        private static let queue = DispatchQueue(label: "merchant-lookup.stdin")

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// The next non-blank line, trimmed; nil at end of file.
        mutating func next() async throws(CLIError) -> String? {
            while true {
                if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Self.trimmed(buffer[start..<newline])
                    start = newline + 1
                    if !line.isEmpty { return line }
                    continue
                }
                if ended {
                    let line = Self.trimmed(buffer[start...])
                    buffer = []
                    start = 0
                    return line.isEmpty ? nil : line
                }
                if buffer.count - start > StandardInputLines.maximumLineBytes {
                    throw .usage("a line of standard input is longer than \(StandardInputLines.maximumLineBytes) bytes")
                }
                buffer.removeFirst(start)
                start = 0
                let chunk = await Self.readChunk(descriptor)
                switch chunk {
                case .success(let bytes) where bytes.isEmpty: ended = true
                case .success(let bytes): buffer += bytes
                case .failure(let failure):
                    throw CLIError(
                        "cannot read standard input: \(String(cString: strerror(failure.code)))", code: .noInput)
                }
            }
        }

        /// One `read` of what is there (empty at end of file), on the reading queue.
        private static func readChunk(_ descriptor: Int32) async -> Result<[UInt8], ReadFailure> {
            await withCheckedContinuation { continuation in
                queue.async {
                    var bytes = [UInt8](repeating: 0, count: 65_536)
                    while true {
                        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                        if count >= 0 {
                            continuation.resume(returning: .success(Array(bytes[..<count])))
                            return
                        }
                        if errno == EAGAIN {
                            // A non-blocking descriptor: wait until there is something to read.
                            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                            _ = poll(&wanted, 1, -1)
                        } else if errno != EINTR {
                            continuation.resume(returning: .failure(ReadFailure(code: errno)))
                            return
                        }
                    }
                }
            }
        }

        private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self).trimmedWhitespace
        }
    }

    /// The `errno` of a failed read.
    struct ReadFailure: Error {
        let code: Int32
    }
}
