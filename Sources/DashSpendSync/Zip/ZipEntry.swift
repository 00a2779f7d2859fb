/// One entry of the central directory.
public struct ZipEntry: Sendable, Hashable {
    /// The name.
    public let name: String
    /// General-purpose flags (bit 0: encrypted).
    public let flags: UInt16
    /// The compression method (99 for WinZip-AES).
    public let method: UInt16
    /// The CRC-32 of the uncompressed data (0 for AE-2).
    public let crc32: UInt32
    /// The stored size, including WinZip-AES salt, verifier and authentication code.
    public let compressedSize: Int
    /// The size after decryption and inflation.
    public let uncompressedSize: Int
    /// Where the local header starts.
    public let localHeaderOffset: Int
    /// The extra field of the central directory record.
    public let extra: ArraySlice<UInt8>

    /// Whether bit 0 of the flags (encrypted) is set.
    public var isEncrypted: Bool { flags & 1 != 0 }
}
