package import DashSpendSync

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes explore ZIPs like the wallets' server (zip4j): one entry `explore.db`, WinZip-AES with the
/// DashSpendSync primitives, deflated, comment `<timestampMs>#<crc32c>`. Every part can be overridden so
/// tests can build the broken archives too.
package struct ExploreArchiveWriter: Sendable {
    /// The data timestamp in the comment.
    package var timestamp: Int64
    /// 1 (AE-1, keeps the CRC-32) or 2 (AE-2, CRC-32 zero).
    package var vendorVersion: UInt16 = 2
    /// The key size.
    package var strength: WinZipAESStrength = .aes256
    /// The password; nil means the CRC-32C of the database, as the wallets do.
    package var password: String?
    /// The comment; nil means `<timestamp>#<crc32c>`.
    package var comment: String?
    /// The entry's name.
    package var entryName = "explore.db"
    /// The name in the local header; nil means ``entryName``.
    package var localEntryName: String?
    /// The inner compression method in the WinZip-AES extra field: 8 (deflate) or 0 (stored).
    package var compressionMethod: UInt16 = 8
    /// The uncompressed size written in the headers; nil means the database's real size.
    package var declaredSize: UInt32?
    /// The whole extra field (ID, size and body) in both headers; nil means a correct `0x9901` field.
    package var extraField: [UInt8]?
    /// The WinZip-AES salt; nil means one drawn from ``seed``. Never random: with a 2-byte password verifier,
    /// a random salt makes a wrong password pass the verifier once in 65,536 runs, unreproducibly.
    package var salt: [UInt8]?
    /// The seed of the salt when ``salt`` is nil.
    package var seed: UInt64 = 0x5A17_5EED

    /// A writer for data of `timestamp`.
    package init(timestamp: Int64) {
        self.timestamp = timestamp
    }

    /// The archive of `database` (the SQLite file's bytes).
    package func archive(of database: [UInt8]) throws -> [UInt8] {
        let checksum = CRC32C.checksum(database)
        let password = self.password ?? String(checksum, radix: 16)
        let comment = Array((self.comment ?? ExploreArchiveComment.text(timestamp: timestamp, checksum: checksum)).utf8)
        var generator = SplitMix64(seed: seed)
        let salt = self.salt ?? (0..<strength.saltLength).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let stored = compressionMethod == 0 ? database : RawDeflater.deflate(database)
        let payload = try WinZipAES.encrypt(stored, password: password, salt: salt, strength: strength)
        let name = Array(entryName.utf8)
        let localName = Array((localEntryName ?? entryName).utf8)
        let size = declaredSize ?? UInt32(database.count)
        let crc = vendorVersion == 1 ? CRC32.checksum(database) : 0
        var extra: [UInt8] = []
        extra.appendLittleEndian(UInt16(0x9901), UInt16(7), vendorVersion)
        extra += Array("AE".utf8) + [strength.rawValue]
        extra.appendLittleEndian(compressionMethod)
        if let extraField { extra = extraField }

        var local: [UInt8] = []
        local.appendLittleEndian(UInt32(0x0403_4B50))
        local.appendLittleEndian(UInt16(51), UInt16(1), UInt16(99), UInt16(0), UInt16(0x5821))
        local.appendLittleEndian(crc, UInt32(payload.count), size)
        local.appendLittleEndian(UInt16(localName.count), UInt16(extra.count))
        local += localName + extra

        var central: [UInt8] = []
        central.appendLittleEndian(UInt32(0x0201_4B50))
        central.appendLittleEndian(UInt16(51), UInt16(51), UInt16(1), UInt16(99), UInt16(0), UInt16(0x5821))
        central.appendLittleEndian(crc, UInt32(payload.count), size)
        central.appendLittleEndian(UInt16(name.count), UInt16(extra.count), UInt16(0), UInt16(0), UInt16(0))
        central.appendLittleEndian(UInt32(0), UInt32(0))
        central += name + extra

        var end: [UInt8] = []
        end.appendLittleEndian(UInt32(0x0605_4B50))
        end.appendLittleEndian(UInt16(0), UInt16(0), UInt16(1), UInt16(1))
        end.appendLittleEndian(UInt32(central.count), UInt32(local.count + payload.count))
        end.appendLittleEndian(UInt16(comment.count))
        return local + payload + central + end + comment
    }

    /// Writes the archive of the database file at `databasePath` to `path`, and returns the bytes.
    @discardableResult
    package func write(databaseAt databasePath: String, to path: String) throws -> [UInt8] {
        guard let database = FileManager.default.contents(atPath: databasePath) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        let bytes = try archive(of: [UInt8](database))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return bytes
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
