import CZlib

/// Inflates raw deflate data (no zlib header), as ZIP stores it, handing the output over in chunks.
public enum RawInflater {
    /// Inflates `input`, calling `output` with each chunk; stops with an error past `limit` bytes (the
    /// size the archive declares), so a damaged or hostile entry cannot fill the disk.
    public static func inflate(
        _ input: [UInt8], limit: Int,
        output: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw ZipError.inflateFailed("inflateInit2") }
        defer { inflateEnd(&stream) }
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        var produced = 0
        try input.withUnsafeBytes { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(source.count)
            var status = Z_OK
            while status != Z_STREAM_END {
                let count = try chunk.withUnsafeMutableBytes { buffer in
                    stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_out = uInt(buffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    guard status == Z_OK || status == Z_STREAM_END else {
                        let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                        throw ZipError.inflateFailed(status == Z_BUF_ERROR ? "the data ends early" : reason)
                    }
                    return buffer.count - Int(stream.avail_out)
                }
                produced += count
                guard produced <= limit else { throw ZipError.inflateFailed("it inflates past its declared \(limit) bytes") }
                try chunk.withUnsafeBytes { try output(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
            guard stream.avail_in == 0 else { throw ZipError.inflateFailed("bytes follow the end of the deflate stream") }
        }
    }
}
