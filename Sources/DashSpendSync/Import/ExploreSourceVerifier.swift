import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The verifying half of an import (``ExploreImporter``; ``ExploreInstaller`` is the other): reads the file
/// imported from, checks it, and writes the database it holds to a staging file, never touching what is
/// installed.
///
/// A ZIP is checked first (its structure and comment, a data timestamp not in the future, the password
/// verifier and HMAC-SHA1 over all its ciphertext) before anything else is decided; its entry may declare at
/// most ``maximumDatabaseSize`` bytes, and inflates to at most what it declares. Its second pass decrypts and
/// inflates into the staging file, authenticating again and checking the size, the CRC-32 and (when
/// `strict`) the CRC-32C label. A plain SQLite file is copied. Either way the CRC-32C of the database is
/// computed on the way.
struct ExploreSourceVerifier {
    /// The largest database a ZIP may declare and inflate to.
    let maximumDatabaseSize: Int

    /// The parts of the wallets' ZIP the import uses, all checked.
    struct CheckedArchive {
        let entry: ZipEntry
        let aes: WinZipAESExtraField
        let comment: ExploreArchiveComment
        let salt: [UInt8]
        let verifier: [UInt8]
        let ciphertext: Range<Int>
        let code: [UInt8]
    }

    /// The CRC-32C of the source database as computed, and as the archive states it (nil for a plain file).
    struct SourceChecksum {
        let actual: String
        let stated: String?
    }

    /// Copies the plain SQLite file `file` into `staging`.
    func copyPlain(_ file: SourceFile, into staging: StagingFile, progress: SyncProgressHandler?)
        throws(ExploreImportError) -> SourceChecksum
    {
        let stage = StageReporter(.copy, total: file.size, handler: progress)
        var checksum = CRC32C()
        var copied = 0
        try file.forEachChunk(in: 0..<file.size) { (chunk) throws(ExploreImportError) in
            checksum.update(UnsafeRawBufferPointer(chunk))
            try staging.append(UnsafeRawBufferPointer(chunk))
            copied += chunk.count
            stage.report(copied)
        }
        try staging.finish()
        stage.finish(copied)
        return SourceChecksum(actual: checksum.hexString, stated: nil)
    }

    /// Reads and checks the wallets' ZIP `file`, then authenticates all its ciphertext (password verifier and
    /// HMAC) in one streaming pass that writes nothing, so a damaged file is reported whatever its timestamp.
    func checkArchive(_ file: SourceFile, now: Date) throws(ExploreImportError) -> CheckedArchive {
        let source = file.path
        let zip = try readArchive(file, now: now)
        let check = try stream(zip, source: source)
        try file.forEachChunk(in: zip.ciphertext) { (chunk) throws(ExploreImportError) in
            do throws(WinZipAESError) {
                try check.authenticate(UnsafeRawBufferPointer(chunk))
            } catch {
                throw .decryption(path: source, error)
            }
        }
        do throws(WinZipAESError) {
            try check.verify(code: zip.code)
        } catch {
            throw .decryption(path: source, error)
        }
        return zip
    }

    private func readArchive(_ file: SourceFile, now: Date) throws(ExploreImportError) -> CheckedArchive {
        let source = file.path
        let archive: ZipArchive
        let entry: ZipEntry
        let aes: WinZipAESExtraField
        let payload: Range<Int>
        do throws(ZipError) {
            archive = try ZipArchive(source: file)
            guard let found = archive.entries.first(where: { $0.name == ExploreImporter.entryName }) else {
                throw ZipError.entryMissing(ExploreImporter.entryName)
            }
            entry = found
            guard entry.isEncrypted, entry.method == 99 else {
                throw ZipError.unsupportedEntry(
                    "\(ExploreImporter.entryName) is not WinZip-AES encrypted (method \(entry.method))")
            }
            guard entry.flags & 0x40 == 0 else { throw ZipError.unsupportedEntry("PKWARE strong encryption") }
            aes = try WinZipAESExtraField(extra: entry.extra)
            guard aes.actualMethod == 8 || aes.actualMethod == 0 else {
                throw ZipError.unsupportedEntry("compression method \(aes.actualMethod) (only deflate and stored)")
            }
            payload = try archive.dataRange(of: entry, in: file)
        } catch {
            throw .archive(path: source, error)
        }
        guard entry.uncompressedSize <= maximumDatabaseSize else {
            throw .entryTooLarge(path: source, declared: entry.uncompressedSize, limit: maximumDatabaseSize)
        }
        guard let comment = ExploreArchiveComment(archive.comment) else {
            throw .badComment(path: source, comment: archive.comment)
        }
        let latest = Int64((now.timeIntervalSince1970 * 1000).rounded(.down)) + ExploreImporter.futureTolerance
        guard comment.timestamp <= latest else { throw .futureTimestamp(path: source, timestamp: comment.timestamp) }
        let saltLength = aes.strength.saltLength
        guard payload.count >= WinZipAES.overhead(aes.strength) else {
            throw .decryption(path: source, .payloadTooShort(bytes: payload.count))
        }
        let header: [UInt8]
        let code: [UInt8]
        do throws(ZipError) {
            header = try file.bytes(at: payload.lowerBound, count: saltLength + 2, what: "the data of \(entry.name)")
            code = try file.bytes(
                at: payload.upperBound - HMACSHA1.winZipCodeLength, count: HMACSHA1.winZipCodeLength,
                what: "the data of \(entry.name)")
        } catch {
            throw .archive(path: source, error)
        }
        return CheckedArchive(
            entry: entry, aes: aes, comment: comment, salt: Array(header.prefix(saltLength)),
            verifier: Array(header.suffix(2)),
            ciphertext: (payload.lowerBound + saltLength + 2)..<(payload.upperBound - HMACSHA1.winZipCodeLength),
            code: code)
    }

    /// Decrypts and inflates the checked archive `zip` of `file` into `staging`: authenticated again (in case
    /// the file changed between the passes), its size and CRC-32 checked, and its CRC-32C label when `strict`.
    func extractArchive(
        _ zip: CheckedArchive, from file: SourceFile, into staging: StagingFile, strict: Bool,
        progress: SyncProgressHandler?
    ) throws(ExploreImportError) -> SourceChecksum {
        let source = file.path
        let stage = StageReporter(.decrypt, total: zip.entry.uncompressedSize, handler: progress)
        var checksum = CRC32C()
        var crc = CRC32()
        var size = 0
        let consume = { (chunk: UnsafeRawBufferPointer) throws(ExploreImportError) in
            size += chunk.count
            guard size <= zip.entry.uncompressedSize else {
                throw .archive(path: source, .inflateFailed("it is longer than its declared \(zip.entry.uncompressedSize) bytes"))
            }
            checksum.update(chunk)
            crc.update(chunk)
            try staging.append(chunk)
        }
        // The second pass decrypts and inflates; it authenticates again, in case the file changed between.
        let decryption = try stream(zip, source: source)
        let inflater: RawInflater?
        do throws(ZipError) {
            inflater = zip.aes.actualMethod == 8 ? try RawInflater(limit: zip.entry.uncompressedSize) : nil
        } catch {
            throw .archive(path: source, error)
        }
        try file.forEachChunk(in: zip.ciphertext) { (chunk) throws(ExploreImportError) in
            do throws(WinZipAESError) {
                try decryption.decrypt(chunk)
            } catch {
                throw .decryption(path: source, error)
            }
            defer { stage.report(size) }
            guard let inflater else { return try consume(UnsafeRawBufferPointer(chunk)) }
            do {
                try inflater.feed(UnsafeRawBufferPointer(chunk)) { try consume($0) }
            } catch let error as ExploreImportError {
                throw error
            } catch let error as ZipError {
                throw .archive(path: source, error)
            } catch {
                throw .archive(path: source, .inflateFailed("\(error)"))
            }
        }
        do throws(WinZipAESError) {
            try decryption.verify(code: zip.code)
        } catch {
            throw .decryption(path: source, error)
        }
        do throws(ZipError) {
            try inflater?.finish()
        } catch {
            throw .archive(path: source, error)
        }
        guard size == zip.entry.uncompressedSize else {
            throw .checksumMismatch(
                path: source, kind: "size", expected: "\(zip.entry.uncompressedSize) bytes", actual: "\(size)")
        }
        // The CRC-32C label is checked after the HMAC, which already proves these are the bytes the archive's
        // maker encrypted: a differing label refuses the file only when strict (see importFile).
        if strict, checksum.value != zip.comment.checksumValue {
            throw .checksumMismatch(
                path: source, kind: "CRC-32C", expected: zip.comment.checksum, actual: checksum.hexString)
        }
        if zip.aes.vendorVersion == 1, crc.value != zip.entry.crc32 {
            throw .checksumMismatch(
                path: source, kind: "CRC-32", expected: String(zip.entry.crc32, radix: 16),
                actual: String(crc.value, radix: 16))
        }
        try staging.finish()
        stage.finish(size)
        return SourceChecksum(actual: checksum.hexString, stated: zip.comment.checksum)
    }

    private func stream(_ zip: CheckedArchive, source: String) throws(ExploreImportError) -> WinZipAES.Stream {
        do throws(WinZipAESError) {
            return try WinZipAES.Stream(
                salt: zip.salt, verifier: zip.verifier, password: zip.comment.checksum, strength: zip.aes.strength)
        } catch {
            throw .decryption(path: source, error)
        }
    }
}
