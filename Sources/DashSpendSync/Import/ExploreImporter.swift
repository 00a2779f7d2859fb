import DashSpendExplore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports an explore database into one network's folder of the state directory: from the ZIP the wallets
/// download (WinZip-AES, comment `<timestampMs>#<checksum>`) or from a plain SQLite explore file.
///
/// The new file is built as `explore.db.staging-XXXXXX` next to `explore.db`, opened with the library,
/// required to have `merchant` rows (and `atm` rows when it has that table) and to pass
/// `PRAGMA quick_check`, and only then renamed over `explore.db`. On any failure the staging file is
/// removed and the database in place is not touched. The file imported from is only ever read.
public struct ExploreImporter: Sendable {
    /// The network's folder (`<state>/<network>`).
    public let directory: String

    /// The imported database.
    public var databasePath: String { directory + "/explore.db" }
    /// Its metadata file.
    public var metadataPath: String { directory + "/explore.db.meta.json" }

    /// The name of the one entry of the wallets' ZIP.
    public static let entryName = "explore.db"
    static let sqliteMagic = Array("SQLite format 3\0".utf8)
    static let zipMagic: [UInt8] = [0x50, 0x4B, 0x03, 0x04]

    /// An importer for `directory` (created, mode 0700, when something is imported).
    public init(directory: String) {
        self.directory = directory
    }

    /// The metadata of the database in place, if any.
    public func storedMetadata() -> ExploreImportMetadata? {
        ExploreImportMetadata.read(at: metadataPath)
    }

    /// Imports `source`. A ZIP is imported only when its data timestamp is newer than the stored one,
    /// unless `force`; a plain SQLite file has no timestamp and is always imported.
    public func importFile(at source: String, force: Bool = false, now: Date = Date()) throws(ExploreImportError)
        -> ExploreImportOutcome
    {
        StagingFile.removeStale(next: databasePath)
        let bytes = try Self.readFile(source)
        guard !bytes.isEmpty else { throw .emptySource(path: source) }
        if bytes.starts(with: Self.sqliteMagic) {
            return try importPlain(bytes, source: source, now: now)
        }
        if bytes.starts(with: Self.zipMagic) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return try importArchive(bytes, source: source, force: force, now: now)
        }
        throw .unrecognizedSource(path: source)
    }

    private func importPlain(_ bytes: [UInt8], source: String, now: Date) throws(ExploreImportError) -> ExploreImportOutcome {
        try makeDirectories()
        let staging = try StagingFile(next: databasePath)
        defer { staging.discard() }
        var checksum = CRC32C()
        checksum.update(bytes)
        try staging.append(bytes)
        return try install(staging, source: source, format: "sqlite", timestamp: nil, checksum: checksum.hexString, now: now)
    }

    private func importArchive(_ bytes: [UInt8], source: String, force: Bool, now: Date) throws(ExploreImportError)
        -> ExploreImportOutcome
    {
        let archive: ZipArchive
        let entry: ZipEntry
        let aes: WinZipAESExtraField
        let payload: ArraySlice<UInt8>
        do {
            archive = try ZipArchive(bytes: bytes)
            guard let found = archive.entries.first(where: { $0.name == Self.entryName }) else {
                throw ZipError.entryMissing(Self.entryName)
            }
            entry = found
            guard entry.isEncrypted, entry.method == 99 else {
                throw ZipError.unsupportedEntry("\(Self.entryName) is not WinZip-AES encrypted (method \(entry.method))")
            }
            guard entry.flags & 0x40 == 0 else { throw ZipError.unsupportedEntry("PKWARE strong encryption") }
            aes = try WinZipAESExtraField(extra: entry.extra)
            guard aes.actualMethod == 8 || aes.actualMethod == 0 else {
                throw ZipError.unsupportedEntry("compression method \(aes.actualMethod) (only deflate and stored)")
            }
            payload = try archive.storedData(of: entry)
        } catch let error as ZipError {
            throw .archive(path: source, error)
        } catch {
            throw .archive(path: source, .unsupportedEntry("\(error)"))
        }
        guard let comment = ExploreArchiveComment(archive.comment) else {
            throw .badComment(path: source, comment: archive.comment)
        }
        if !force, access(databasePath, F_OK) == 0, let stored = storedMetadata(), let storedTime = stored.dataTimestamp,
            comment.timestamp <= storedTime
        {
            return .upToDate(path: databasePath, stored: stored, incomingTimestamp: comment.timestamp)
        }

        let compressed: [UInt8]
        do {
            compressed = try WinZipAES.decrypt(payload, password: comment.checksum, strength: aes.strength)
        } catch {
            throw .decryption(path: source, error)
        }
        try makeDirectories()
        let staging = try StagingFile(next: databasePath)
        defer { staging.discard() }
        var checksum = CRC32C()
        var crc = CRC32()
        var size = 0
        let consume = { (chunk: UnsafeRawBufferPointer) throws(ExploreImportError) in
            checksum.update(chunk)
            crc.update(chunk)
            size += chunk.count
            try staging.append(chunk)
        }
        do {
            if aes.actualMethod == 8 {
                try RawInflater.inflate(compressed, limit: entry.uncompressedSize) { try consume($0) }
            } else {
                checksum.update(compressed)
                crc.update(compressed)
                size = compressed.count
                try staging.append(compressed)
            }
        } catch let error as ExploreImportError {
            throw error
        } catch let error as ZipError {
            throw .archive(path: source, error)
        } catch {
            throw .archive(path: source, .inflateFailed("\(error)"))
        }
        guard size == entry.uncompressedSize else {
            throw .checksumMismatch(path: source, kind: "size", expected: "\(entry.uncompressedSize) bytes", actual: "\(size)")
        }
        guard checksum.value == comment.checksumValue else {
            throw .checksumMismatch(path: source, kind: "CRC-32C", expected: comment.checksum, actual: checksum.hexString)
        }
        if aes.vendorVersion == 1, crc.value != entry.crc32 {
            throw .checksumMismatch(
                path: source, kind: "CRC-32", expected: String(entry.crc32, radix: 16),
                actual: String(crc.value, radix: 16))
        }
        return try install(
            staging, source: source, format: "zip", timestamp: comment.timestamp,
            checksum: checksum.hexString, now: now)
    }

    /// Checks the staged file with the library and, when it is a usable explore database, moves it over
    /// `explore.db` and writes the metadata.
    private func install(
        _ staging: StagingFile, source: String, format: String, timestamp: Int64?, checksum: String,
        now: Date
    ) throws(ExploreImportError) -> ExploreImportOutcome {
        try staging.finish()
        let info: ExploreDatabaseInfo
        do {
            // Check the file as it came before touching it, then add the lookup indexes to our copy.
            try ExploreDatabase(path: staging.path).verifyIntegrity()
            try LookupIndexes.add(to: staging.path)
            let database = try ExploreDatabase(path: staging.path)
            try database.verifyIntegrity()
            info = try database.info()
            guard info.merchantRows > 0 else {
                throw ExploreImportError.notExploreDatabase(path: source, reason: "its merchant table is empty")
            }
            if !database.schema.atmColumns.isEmpty, info.atms == 0 {
                throw ExploreImportError.notExploreDatabase(path: source, reason: "its atm table is empty")
            }
        } catch let error as ExploreImportError {
            throw error
        } catch let error as ExploreDatabaseError {
            throw .notExploreDatabase(path: source, reason: Self.reason(error))
        } catch let error as SQLiteError {
            throw .notExploreDatabase(path: source, reason: error.message)
        } catch {
            throw .notExploreDatabase(path: source, reason: "\(error)")
        }
        try staging.commit(over: databasePath)
        let name = source.split(separator: "/").last.map(String.init) ?? source
        let metadata = ExploreImportMetadata(
            source: name, format: format, dataTimestamp: timestamp, checksum: checksum,
            importedAt: now.formatted(Date.ISO8601FormatStyle()), schemaVersion: info.version)
        try writeMetadata(metadata)
        return .imported(path: databasePath, info: info.relocated(to: databasePath), metadata: metadata)
    }

    private func writeMetadata(_ metadata: ExploreImportMetadata) throws(ExploreImportError) {
        let data: Data
        do {
            data = try metadata.encoded()
        } catch {
            throw .cannotWrite(path: metadataPath, reason: "\(error)")
        }
        let file = try StagingFile(next: metadataPath)
        defer { file.discard() }
        try file.append([UInt8](data))
        try file.commit(over: metadataPath)
    }

    /// `mkdir -p` of ``directory`` with mode 0700.
    private func makeDirectories() throws(ExploreImportError) {
        var current = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw .cannotWrite(path: current, reason: StagingFile.lastError())
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .cannotWrite(path: directory, reason: "not a folder")
        }
    }

    /// The whole file at `path`, read without ever opening it for writing.
    static func readFile(_ path: String) throws(ExploreImportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .sourceMissing(path: path) }
            throw .sourceUnreadable(path: path, reason: StagingFile.lastError())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .sourceUnreadable(path: path, reason: "not a regular file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .sourceUnreadable(path: path, reason: StagingFile.lastError())
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    private static func reason(_ error: ExploreDatabaseError) -> String {
        switch error {
        case .fileMissing: return "the staged copy disappeared while it was checked"
        case .encryptedArchive: return "it is a ZIP, not an SQLite file"
        case .notSQLite: return "it is not an SQLite file"
        case .truncated(_, let expected, let actual): return "it is truncated (\(actual) of \(expected) bytes)"
        case .notExploreDatabase(_, let reason): return reason
        case .corrupt(_, let detail): return "it is damaged (\(detail))"
        case .cannotOpen(_, let reason): return "it cannot be opened (\(reason))"
        case .queryFailed(let error): return error.message
        }
    }
}
