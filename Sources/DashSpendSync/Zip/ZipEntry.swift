/// One entry of the central directory.
package struct ZipEntry: Sendable, Hashable {
    /// The name.
    package let name: String
    /// General-purpose flags (bit 0: encrypted).
    package let flags: UInt16
    /// The compression method (99 for WinZip-AES).
    package let method: UInt16
    /// The CRC-32 of the uncompressed data (0 for AE-2).
    package let crc32: UInt32
    /// The stored size, including WinZip-AES salt, verifier and authentication code.
    let compressedSize: Int
    /// The size after decryption and inflation.
    let uncompressedSize: Int
    /// Where the local header starts.
    let localHeaderOffset: Int
    /// The extra field of the central directory record.
    package let extra: ArraySlice<UInt8>

    /// Whether bit 0 of the flags (encrypted) is set.
    var isEncrypted: Bool { flags & 1 != 0 }
}
