/// A ZIP archive's end-of-central-directory record and comment, its central directory, and each entry's
/// stored data located through its local header, read through a ``ZipByteSource`` (only those structures
/// are read, never the entry data). Every size and offset is checked against the file before it is used;
/// ZIP64 and multi-disk archives are rejected.
package struct ZipArchive: Sendable {
    /// The archive comment (the wallets write `<timestampMs>#<checksum>`).
    package let comment: String
    /// The central directory, in order.
    package let entries: [ZipEntry]
    /// Where the central directory starts: no entry's data may reach past it.
    let centralDirectoryOffset: Int
    /// The archive, when it was parsed from memory (``init(bytes:)``).
    private let memory: ZipMemorySource?

    static let endOfCentralDirectorySignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let centralHeaderSignature: UInt32 = 0x0201_4B50
    static let localHeaderSignature: UInt32 = 0x0403_4B50
    /// The largest central directory read (the explore ZIP's, of one entry, is about 70 bytes).
    static let maximumCentralDirectorySize = 1 << 20

    /// Parses `bytes`.
    package init(bytes: [UInt8]) throws(ZipError) {
        let memory = ZipMemorySource(bytes)
        try self.init(source: memory, memory: memory)
    }

    /// Parses the archive in `source`.
    package init(source: some ZipByteSource) throws(ZipError) {
        try self.init(source: source, memory: nil)
    }

    private init(source: some ZipByteSource, memory: ZipMemorySource?) throws(ZipError) {
        self.memory = memory
        // The record is 22 bytes plus a comment of up to 65,535; its comment length must reach exactly to
        // the end of the file, which rules out a signature that happens to appear inside the comment.
        let size = source.size
        guard size >= 22 else { throw .noEndOfCentralDirectory }
        let tailStart = max(0, size - 22 - 0xFFFF)
        let tail = ByteReader(bytes: try source.bytes(at: tailStart, count: size - tailStart, what: "the end record"))
        var recordOffset: Int?
        var candidate = tail.bytes.count - 22
        while candidate >= 0 {
            if tail.uint32(at: candidate) == Self.endOfCentralDirectorySignature,
                let length = tail.uint16(at: candidate + 20), candidate + 22 + Int(length) == tail.bytes.count
            {
                recordOffset = candidate
                break
            }
            candidate -= 1
        }
        guard let record = recordOffset,
            let disk = tail.uint16(at: record + 4), let centralDisk = tail.uint16(at: record + 6),
            let diskEntries = tail.uint16(at: record + 8), let totalEntries = tail.uint16(at: record + 10),
            let centralSize = tail.uint32(at: record + 12), let centralOffset = tail.uint32(at: record + 16),
            let commentLength = tail.uint16(at: record + 20),
            let commentBytes = tail.slice(at: record + 22, count: Int(commentLength))
        else {
            throw .noEndOfCentralDirectory
        }
        let recordInFile = tailStart + record
        if recordInFile >= 20,
            ByteReader(bytes: try source.bytes(at: recordInFile - 20, count: 4, what: "the ZIP64 locator")).uint32(at: 0)
                == Self.zip64LocatorSignature
        {
            throw .zip64
        }
        if diskEntries == 0xFFFF || totalEntries == 0xFFFF || centralSize == 0xFFFF_FFFF || centralOffset == 0xFFFF_FFFF {
            throw .zip64
        }
        guard disk == 0, centralDisk == 0, diskEntries == totalEntries else { throw .multiDisk }
        guard Int(centralOffset) + Int(centralSize) <= recordInFile else { throw .outOfBounds("the central directory") }
        guard Int(centralSize) <= Self.maximumCentralDirectorySize else {
            throw .tooLarge("a central directory of \(centralSize) bytes")
        }
        comment = String(decoding: commentBytes, as: UTF8.self)
        centralDirectoryOffset = Int(centralOffset)

        let reader = ByteReader(
            bytes: try source.bytes(at: Int(centralOffset), count: Int(centralSize), what: "the central directory"))
        var entries: [ZipEntry] = []
        var offset = 0
        let end = Int(centralSize)
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
                    localHeaderOffset: Int(localOffset), extra: ArraySlice(Array(extra))))
            offset += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Where the entry's stored bytes lie in `source` (for WinZip-AES: salt, verifier, ciphertext,
    /// authentication code), found through its local header and required to lie wholly before the central
    /// directory.
    func dataRange(of entry: ZipEntry, in source: some ZipByteSource) throws(ZipError) -> Range<Int> {
        let offset = entry.localHeaderOffset
        guard offset + 30 <= centralDirectoryOffset else { throw .outOfBounds("the local header of \(entry.name)") }
        let header = ByteReader(bytes: try source.bytes(at: offset, count: 30, what: "the local header of \(entry.name)"))
        guard header.uint32(at: 0) == Self.localHeaderSignature else {
            throw .badSignature("local header of \(entry.name)")
        }
        let nameLength = Int(header.uint16(at: 26)!), extraLength = Int(header.uint16(at: 28)!)
        let start = offset + 30 + nameLength + extraLength
        guard start <= centralDirectoryOffset else { throw .outOfBounds("the local header of \(entry.name)") }
        let name = try source.bytes(at: offset + 30, count: nameLength, what: "the local header of \(entry.name)")
        guard String(decoding: name, as: UTF8.self) == entry.name else {
            throw .unsupportedEntry("the local header of \(entry.name) names another file")
        }
        guard entry.compressedSize <= centralDirectoryOffset - start else {
            throw .outOfBounds("the data of \(entry.name)")
        }
        return start..<(start + entry.compressedSize)
    }

    /// The entry's stored bytes, for an archive parsed with ``init(bytes:)``.
    package func storedData(of entry: ZipEntry) throws(ZipError) -> ArraySlice<UInt8> {
        guard let memory else { throw .unsupportedEntry("storedData(of:) needs an archive read into memory") }
        let range = try dataRange(of: entry, in: memory)
        return memory.data[range]
    }
}
