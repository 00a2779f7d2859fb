/// A ZIP archive held in memory: its end-of-central-directory record and comment, its central directory,
/// and each entry's stored data located through its local header. Every size and offset is checked against
/// the file before it is used; ZIP64 and multi-disk archives are rejected.
public struct ZipArchive: Sendable {
    /// The archive comment (the wallets write `<timestampMs>#<checksum>`).
    public let comment: String
    /// The central directory, in order.
    public let entries: [ZipEntry]
    /// Where the central directory starts: no entry's data may reach past it.
    let centralDirectoryOffset: Int
    let reader: ByteReader

    static let endOfCentralDirectorySignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let localHeaderSignature: UInt32 = 0x0403_4B50

    /// Parses `bytes`.
    public init(bytes: [UInt8]) throws(ZipError) {
        reader = ByteReader(bytes: bytes)
        // The record is 22 bytes plus a comment of up to 65,535; its comment length must reach exactly to
        // the end of the file, which rules out a signature that happens to appear inside the comment.
        var recordOffset: Int?
        var candidate = bytes.count - 22
        while candidate >= 0, candidate >= bytes.count - 22 - 0xFFFF {
            if reader.uint32(at: candidate) == Self.endOfCentralDirectorySignature,
                let length = reader.uint16(at: candidate + 20), candidate + 22 + Int(length) == bytes.count
            {
                recordOffset = candidate
                break
            }
            candidate -= 1
        }
        guard let record = recordOffset,
            let disk = reader.uint16(at: record + 4), let centralDisk = reader.uint16(at: record + 6),
            let diskEntries = reader.uint16(at: record + 8), let totalEntries = reader.uint16(at: record + 10),
            let centralSize = reader.uint32(at: record + 12), let centralOffset = reader.uint32(at: record + 16),
            let commentLength = reader.uint16(at: record + 20),
            let commentBytes = reader.slice(at: record + 22, count: Int(commentLength))
        else {
            throw .noEndOfCentralDirectory
        }
        if record >= 20, reader.uint32(at: record - 20) == Self.zip64LocatorSignature { throw .zip64 }
        if diskEntries == 0xFFFF || totalEntries == 0xFFFF || centralSize == 0xFFFF_FFFF || centralOffset == 0xFFFF_FFFF {
            throw .zip64
        }
        guard disk == 0, centralDisk == 0, diskEntries == totalEntries else { throw .multiDisk }
        guard Int(centralOffset) + Int(centralSize) <= record else { throw .outOfBounds("the central directory") }
        comment = String(decoding: commentBytes, as: UTF8.self)
        centralDirectoryOffset = Int(centralOffset)

        var entries: [ZipEntry] = []
        var offset = Int(centralOffset)
        let end = Int(centralOffset) + Int(centralSize)
        for _ in 0..<Int(totalEntries) {
            guard offset + 46 <= end, let signature = reader.uint32(at: offset) else {
                throw .outOfBounds("a central directory record")
            }
            guard signature == Self.centralHeaderSignature else { throw .badSignature("central directory record") }
            let flags = reader.uint16(at: offset + 8)!, method = reader.uint16(at: offset + 10)!
            let crc = reader.uint32(at: offset + 16)!
            let compressed = reader.uint32(at: offset + 20)!, uncompressed = reader.uint32(at: offset + 24)!
            let nameLength = Int(reader.uint16(at: offset + 28)!), extraLength = Int(reader.uint16(at: offset + 30)!)
            let commentLength = Int(reader.uint16(at: offset + 32)!), startDisk = reader.uint16(at: offset + 34)!
            let localOffset = reader.uint32(at: offset + 42)!
            guard offset + 46 + nameLength + extraLength + commentLength <= end,
                let name = reader.slice(at: offset + 46, count: nameLength),
                let extra = reader.slice(at: offset + 46 + nameLength, count: extraLength)
            else {
                throw .outOfBounds("a central directory record")
            }
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF || startDisk == 0xFFFF {
                throw .zip64
            }
            guard startDisk == 0 else { throw .multiDisk }
            entries.append(
                ZipEntry(
                    name: String(decoding: name, as: UTF8.self), flags: flags, method: method, crc32: crc,
                    compressedSize: Int(compressed), uncompressedSize: Int(uncompressed),
                    localHeaderOffset: Int(localOffset), extra: extra))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The entry's stored bytes (for WinZip-AES: salt, verifier, ciphertext, authentication code), found
    /// through its local header and required to lie wholly before the central directory.
    public func storedData(of entry: ZipEntry) throws(ZipError) -> ArraySlice<UInt8> {
        let offset = entry.localHeaderOffset
        guard offset + 30 <= centralDirectoryOffset, let signature = reader.uint32(at: offset) else {
            throw .outOfBounds("the local header of \(entry.name)")
        }
        guard signature == Self.localHeaderSignature else { throw .badSignature("local header of \(entry.name)") }
        let nameLength = Int(reader.uint16(at: offset + 26)!), extraLength = Int(reader.uint16(at: offset + 28)!)
        guard let name = reader.slice(at: offset + 30, count: nameLength),
            String(decoding: name, as: UTF8.self) == entry.name
        else {
            throw .unsupportedEntry("the local header of \(entry.name) names another file")
        }
        let start = offset + 30 + nameLength + extraLength
        guard start <= centralDirectoryOffset, entry.compressedSize <= centralDirectoryOffset - start,
            let data = reader.slice(at: start, count: entry.compressedSize)
        else {
            throw .outOfBounds("the data of \(entry.name)")
        }
        return data
    }
}
