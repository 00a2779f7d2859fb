import CZlib
import DashSpendSync
import DashSpendTestKit

/// The wallets' explore ZIP of a benchmark file, written the way their server writes it (one entry
/// `explore.db`, WinZip-AES AE-2 with AES-256, deflated, comment `<timestampMs>#<crc32c>`), with the
/// project's own WinZip-AES primitives. The test support's `ExploreArchiveWriter` writes the same layout
/// (and the broken variants), but it belongs to the test targets; this one only writes the good archive.
/// It also keeps what the floor of the import needs: the AES key and where the ciphertext lies.
struct ExploreArchiveFile {
    /// The ZIP's path.
    let path: String
    /// The archive's password, the CRC-32C of the database in hex.
    let password: String
    /// The WinZip-AES salt.
    let salt: [UInt8]
    /// The bytes of the ZIP that are AES-CTR ciphertext.
    let ciphertext: Range<Int>

    /// The AES-256 key derived from the password and the salt as WinZip-AES does (PBKDF2-HMAC-SHA1).
    func encryptionKey() throws -> [UInt8] {
        try WinZipAESKeys(password: password, salt: salt, strength: .aes256).encryptionKey
    }

    /// Writes the archive of the database `database` (its bytes) to `path`, with data of `timestamp`.
    static func write(_ database: [UInt8], timestamp: Int64, to path: String) throws -> ExploreArchiveFile {
        let checksum = CRC32C.checksum(database)
        let password = String(checksum, radix: 16)
        var random = SplitMix64(seed: 0xA7C4_1D00)
        let salt = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let keys = try WinZipAESKeys(password: password, salt: salt, strength: .aes256)
        var text = try deflate(database)
        try AESCounterMode.apply(key: keys.encryptionKey, to: &text)
        let code = try HMACSHA1.authenticate(text, key: keys.authenticationKey).prefix(HMACSHA1.winZipCodeLength)
        let name = Array("explore.db".utf8)
        let comment = Array("\(timestamp)#\(password)".utf8)
        let payloadCount = salt.count + 2 + text.count + code.count
        var extra: [UInt8] = []
        extra.appendLittleEndian(UInt16(0x9901), UInt16(7), UInt16(2))
        extra += Array("AE".utf8) + [WinZipAESStrength.aes256.rawValue]
        extra.appendLittleEndian(UInt16(8))
        var local: [UInt8] = []
        local.appendLittleEndian(UInt32(0x0403_4B50))
        local.appendLittleEndian(UInt16(51), UInt16(1), UInt16(99), UInt16(0), UInt16(0x5821))
        local.appendLittleEndian(UInt32(0), UInt32(payloadCount), UInt32(database.count))
        local.appendLittleEndian(UInt16(name.count), UInt16(extra.count))
        local += name + extra
        var central: [UInt8] = []
        central.appendLittleEndian(UInt32(0x0201_4B50))
        central.appendLittleEndian(UInt16(51), UInt16(51), UInt16(1), UInt16(99), UInt16(0), UInt16(0x5821))
        central.appendLittleEndian(UInt32(0), UInt32(payloadCount), UInt32(database.count))
        central.appendLittleEndian(UInt16(name.count), UInt16(extra.count), UInt16(0), UInt16(0), UInt16(0))
        central.appendLittleEndian(UInt32(0), UInt32(0))
        central += name + extra
        var end: [UInt8] = []
        end.appendLittleEndian(UInt32(0x0605_4B50))
        end.appendLittleEndian(UInt16(0), UInt16(0), UInt16(1), UInt16(1))
        end.appendLittleEndian(UInt32(central.count), UInt32(local.count + payloadCount))
        end.appendLittleEndian(UInt16(comment.count))
        let start = local.count + salt.count + 2
        try FileSystem.write([local, salt, keys.passwordVerifier, text, Array(code), central, end, comment], to: path)
        return ExploreArchiveFile(path: path, password: password, salt: salt, ciphertext: start..<(start + text.count))
    }

    /// Raw deflate (no zlib header) at zlib's default level, as zip4j writes it.
    static func deflate(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init_raw(&stream, 6) == Z_OK else { throw RawSQLite.Failure(description: "deflateInit2") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        var input = input
        let (status, produced) = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                let status = CZlib.deflate(&stream, Z_FINISH)
                return (status, target.count - Int(stream.avail_out))
            }
        }
        guard status == Z_STREAM_END else { throw RawSQLite.Failure(description: "deflate: zlib status \(status)") }
        return Array(output.prefix(produced))
    }
}

extension [UInt8] {
    /// Appends each value little-endian.
    fileprivate mutating func appendLittleEndian<each T: FixedWidthInteger>(_ values: repeat each T) {
        for value in repeat each values {
            Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
        }
    }
}
