import DashSpendLocking
import DashSpendSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DashSpendClient {
    /// Installs the explore data of `source` (the wallets' encrypted ZIP, or a plain explore database file)
    /// as this network's database, unless what is installed is as new (`force` installs anyway).
    ///
    /// The file is verified before anything is replaced; on failure the installed database is left as it
    /// was (``DashSpendFailure/keptStoredData``). The password verifier, the HMAC and SQLite's checks must
    /// pass; a ZIP whose CRC-32C differs from the checksum its comment states is then installed with
    /// ``SyncReport/checksumVerified`` false and a warning, unless `strict`, which refuses it
    /// (``DashSpendFailure/Kind/badData``). `progress` hears each stage as it runs and when it ends, on the
    /// calling thread.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func sync(
        from source: String, force: Bool = false, strict: Bool = false, progress: SyncProgressHandler? = nil
    ) throws -> SyncReport {
        let importer = ExploreImporter(directory: configuration.networkDirectory)
        let outcome: ExploreImportOutcome
        let finished = Locked<[SyncProgress]>([])
        let observe: SyncProgressHandler = { report in
            if report.isFinished { finished.withLock { $0.append(report) } }
            progress?(report)
        }
        do {
            outcome = try importer.importFile(
                at: source, force: force, strict: strict, now: configuration.now(), progress: observe)
        } catch {
            // Only an error thrown before the new file was moved into place may say the old one was kept.
            let failure = DashSpendFailure(error)
            guard error.keptDatabase, access(importer.databasePath, F_OK) == 0 else { throw failure }
            throw DashSpendFailure(
                failure.kind, failure.message + "; kept \(importer.databasePath) as it was", cause: failure.cause,
                subject: failure.subject)
        }
        return Self.report(outcome, source: source, stages: finished.withLock { $0 })
    }

    /// Runs `body` with a progress handler that passes every report on to `progress` and keeps the
    /// finished stages, which it returns with `body`'s result.
    static func collectingStages<T>(
        _ progress: SyncProgressHandler?, _ body: (@escaping SyncProgressHandler) async throws -> T
    ) async rethrows -> (T, [SyncProgress]) {
        let finished = Locked<[SyncProgress]>([])
        let result = try await body { report in
            if report.isFinished { finished.withLock { $0.append(report) } }
            progress?(report)
        }
        return (result, finished.withLock { $0 })
    }

    /// The report of an import of `source` that ended with `outcome`, its finished stages `stages`.
    static func report(_ outcome: ExploreImportOutcome, source: String, stages: [SyncProgress]) -> SyncReport {
        switch outcome {
        case .imported(let path, let info, let metadata):
            return SyncReport(
                updated: true, path: path, source: source, format: metadata.format, schemaVersion: info.version,
                merchantIds: info.merchantIds, merchantRows: info.merchantRows, atms: info.atms,
                dataTimestamp: metadata.dataTimestamp, checksum: metadata.checksum,
                installedChecksum: metadata.installedChecksum, importedAt: metadata.importedAt,
                checksumVerified: metadata.isChecksumVerified, warnings: outcome.warnings, stages: stages,
                sourceBytes: metadata.sourceBytes, installedBytes: metadata.installedBytes)
        case .upToDate(let path, let stored, let incoming):
            return SyncReport(
                updated: false, path: path, source: source, dataTimestamp: stored.dataTimestamp,
                incomingTimestamp: incoming)
        }
    }
}
