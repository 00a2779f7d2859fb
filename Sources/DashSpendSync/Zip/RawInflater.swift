import CZlib

/// Inflates raw deflate data (no zlib header), as ZIP stores it, fed and handed over in chunks: memory use
/// does not depend on the size of the data.
final class RawInflater {
    private var stream = z_stream()
    private var chunk = [UInt8](repeating: 0, count: 256 * 1024)
    private let limit: Int
    /// The bytes produced so far.
    package private(set) var produced = 0
    /// Whether the end of the deflate stream was reached.
    package private(set) var ended = false

    /// An inflater that stops with an error past `limit` bytes of output, so a damaged or hostile entry
    /// cannot fill the disk.
    package init(limit: Int) throws(ZipError) {
        self.limit = limit
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw ZipError.inflateFailed("inflateInit2") }
    }

    deinit { inflateEnd(&stream) }

    /// Inflates `input`, calling `output` with each chunk produced.
    package func feed(_ input: UnsafeRawBufferPointer, output: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !input.isEmpty else { return }
        guard !ended else { throw ZipError.inflateFailed("bytes follow the end of the deflate stream") }
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        defer {
            stream.next_in = nil
            stream.avail_in = 0
        }
        repeat {
            let (status, count) = chunk.withUnsafeMutableBytes { buffer in
                stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(buffer.count)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                return (status, buffer.count - Int(stream.avail_out))
            }
            switch status {
            case Z_STREAM_END: ended = true
            case Z_OK: break
            case Z_BUF_ERROR where count == 0 && stream.avail_in == 0: return  // it needs the next input
            case Z_BUF_ERROR where count == 0: throw ZipError.inflateFailed("the data does not inflate")
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                throw ZipError.inflateFailed(reason)
            }
            produced += count
            guard produced <= limit else { throw ZipError.inflateFailed("it inflates past its declared \(limit) bytes") }
            try chunk.withUnsafeBytes { try output(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if ended {
                guard stream.avail_in == 0 else { throw ZipError.inflateFailed("bytes follow the end of the deflate stream") }
                return
            }
        } while stream.avail_in > 0 || stream.avail_out == 0
    }

    /// Requires the deflate stream to have ended.
    package func finish() throws(ZipError) {
        guard ended else { throw .inflateFailed("the data ends early") }
    }

    /// Inflates `input` at once, calling `output` with each chunk; stops with an error past `limit` bytes.
    package static func inflate(
        _ input: [UInt8], limit: Int,
        output: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let inflater = try RawInflater(limit: limit)
        try input.withUnsafeBytes { try inflater.feed($0, output: output) }
        try inflater.finish()
    }
}
