import DashSpendExplore
import DashSpendSync
import DashSpendTestSupport
import Foundation
import Testing

/// The archives in `Fixtures/Sync/golden/` were written by an implementation independent of DashSpendSync
/// (Python's sqlite3 module, `cryptography` and zlib: `Fixtures/Sync/make_golden.py`), so a bug shared by
/// the project's reader and its own test writer (`ExploreArchiveWriter`) cannot pass both sides. They are
/// committed, and imported in every run: no Python is needed here.
@Suite("Golden archives from an independent writer")
struct GoldenArchiveTests {
    /// One line of `manifest.json`: a file and what importing it must do.
    struct Expectation: CustomStringConvertible {
        let file: String
        /// "installs" or "refused".
        let expect: String
        let merchants: Int?
        let atms: Int?
        let checksum: String?
        let timestamp: Int64?
        /// For "refused": ``GoldenArchiveTests/kind(of:)`` of the error.
        let error: String?
        /// For "installs": whether the CRC-32C label matched (absent: it must).
        let checksumVerified: Bool?
        /// For "installs": the error a strict import gives instead (absent: strict installs it too).
        let strictError: String?

        var description: String { file }
    }

    static let folder = FixtureDatabase.packageRoot + "/Fixtures/Sync/golden"

    static func manifest() throws -> [Expectation] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let archives = try #require(root["archives"] as? [[String: Any]])
        return try archives.map { entry in
            Expectation(
                file: try #require(entry["file"] as? String), expect: try #require(entry["expect"] as? String),
                merchants: entry["merchants"] as? Int, atms: entry["atms"] as? Int,
                checksum: entry["checksum"] as? String, timestamp: (entry["timestamp"] as? NSNumber)?.int64Value,
                error: entry["error"] as? String, checksumVerified: entry["checksumVerified"] as? Bool,
                strictError: entry["strictError"] as? String)
        }
    }

    /// A stable name for an import error: its case, and the inner case or checksum kind where there is one.
    static func kind(of error: ExploreImportError) -> String {
        switch error {
        case .decryption(_, let inner):
            switch inner {
            case .wrongPassword: return "decryption.wrongPassword"
            case .authenticationFailed: return "decryption.authenticationFailed"
            case .payloadTooShort: return "decryption.payloadTooShort"
            case .cryptoFailure: return "decryption.cryptoFailure"
            }
        case .checksumMismatch(_, let kind, _, _):
            return "checksumMismatch.\(kind)"
        case .archive(_, let inner):
            switch inner {
            case .noEndOfCentralDirectory: return "archive.noEndOfCentralDirectory"
            case .inflateFailed: return "archive.inflateFailed"
            case .outOfBounds: return "archive.outOfBounds"
            case .badSignature: return "archive.badSignature"
            default: return "archive.\(inner)"
            }
        case .notExploreDatabase:
            return "notExploreDatabase"
        default:
            return "\(error)"
        }
    }

    @Test("The manifest lists every archive in the folder, and covers installs and each refusal")
    func manifestIsComplete() throws {
        let expectations = try Self.manifest()
        try #require(!expectations.isEmpty, "no golden archives")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".zip") }
        try #require(!files.isEmpty, "no .zip in \(Self.folder)")
        #expect(Set(files) == Set(expectations.map(\.file)))
        let errors = Set(expectations.compactMap(\.error) + expectations.compactMap(\.strictError))
        #expect(expectations.contains { $0.expect == "installs" })
        for required in [
            "decryption.wrongPassword", "decryption.authenticationFailed", "checksumMismatch.CRC-32",
            "checksumMismatch.CRC-32C", "archive.noEndOfCentralDirectory",
        ] {
            #expect(errors.contains(required), "no golden archive for \(required)")
        }
    }

    @Test("Each golden archive imports, or is refused, as its manifest says; a refusal keeps the database")
    func eachArchive() throws {
        let expectations = try Self.manifest()
        try #require(!expectations.isEmpty, "no golden archives")
        let good = try #require(expectations.first { $0.expect == "installs" && $0.strictError == nil })
        var checked = 0
        for expectation in expectations {
            let scratch = try ScratchDirectory(prefix: "golden")
            let importer = ExploreImporter(directory: scratch.file("state/mainnet"))
            let path = Self.folder + "/" + expectation.file
            let original = SyncFixture.bytes(path)
            try #require(!original.isEmpty, "\(path) is missing or empty")
            switch expectation.expect {
            case "installs":
                let outcome = try importer.importFile(at: path)
                guard case .imported(_, let info, let metadata) = outcome else {
                    Issue.record("\(expectation): not imported: \(outcome)")
                    continue
                }
                #expect(info.merchantRows == expectation.merchants, "\(expectation)")
                #expect(info.atms == expectation.atms, "\(expectation)")
                #expect(info.version == 4, "\(expectation)")
                #expect(metadata.checksum == expectation.checksum, "\(expectation)")
                #expect(metadata.dataTimestamp == expectation.timestamp, "\(expectation)")
                #expect(metadata.checksumVerified == (expectation.checksumVerified ?? true), "\(expectation)")
                #expect(outcome.warnings.isEmpty == (expectation.checksumVerified ?? true), "\(expectation)")
                let strictImporter = ExploreImporter(directory: scratch.file("strict/mainnet"))
                if let strictError = expectation.strictError {
                    #expect(throws: ExploreImportError.self, "\(expectation)") {
                        try strictImporter.importFile(at: path, strict: true)
                    }
                    do {
                        _ = try strictImporter.importFile(at: path, strict: true)
                    } catch {
                        #expect(Self.kind(of: error) == strictError, "\(expectation): \(error)")
                    }
                    #expect(!FileManager.default.fileExists(atPath: strictImporter.databasePath))
                } else {
                    guard case .imported = try strictImporter.importFile(at: path, strict: true) else {
                        Issue.record("\(expectation): a strict import did not install it")
                        continue
                    }
                }
                let names = try ExploreDatabase(path: importer.databasePath).search(MerchantSearch(text: "Golden"))
                    .merchants.map(\.name)
                #expect(names.contains("Golden Grocer"), "\(expectation): \(names)")
            case "refused":
                // A good database in place first: a refused archive must leave it exactly as it was.
                guard case .imported = try importer.importFile(at: Self.folder + "/" + good.file) else {
                    Issue.record("\(good) did not install")
                    continue
                }
                let before = SyncFixture.bytes(importer.databasePath)
                var caught: ExploreImportError?
                do {
                    let outcome = try importer.importFile(at: path, force: true)
                    Issue.record("\(expectation): imported, expected \(expectation.error ?? "?"): \(outcome)")
                } catch {
                    caught = error
                }
                let error = try #require(caught, "\(expectation)")
                #expect(Self.kind(of: error) == expectation.error, "\(expectation): \(error)")
                #expect(error.keptDatabase)
                #expect(SyncFixture.bytes(importer.databasePath) == before, "\(expectation): the database changed")
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: importer.directory)
                    .filter { $0.contains("staging") }
                #expect(leftovers.isEmpty, "\(expectation): \(leftovers)")
            default:
                Issue.record("\(expectation): unknown expectation \(expectation.expect)")
            }
            #expect(SyncFixture.bytes(path) == original, "\(expectation): the source was written")
            checked += 1
        }
        #expect(checked == expectations.count)
    }
}
