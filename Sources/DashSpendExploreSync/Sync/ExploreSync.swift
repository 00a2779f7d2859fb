package import DashSpendCore
import DashSpendExplore
import DashSpendLocking
package import DashSpendSetup
import DashSpendSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs the explore data of a ``SyncSource`` as one network's database, and checks a network source for
/// newer data: the capability behind ``DashSpendClient/sync(_:force:strict:progress:)`` and
/// ``DashSpendClient/checkForUpdate(_:)``.
///
/// A file is imported at once (``ExploreImporter``). A network source is checked first (a storage object's
/// `Data-Timestamp`, or a conditional request for a plain URL) and downloaded only when newer, then imported
/// the same way (``ExploreNetworkSync``). Progress is wrapped once, by a ``SyncProgressRelay``, whichever the
/// source.
package struct ExploreSync: Sendable {
    /// The client's configuration: the network's folder, the storage base URL, the clock, the time-outs.
    let configuration: DashSpendConfiguration
    /// The transport requests go through (the client's: a test's loopback one, or URLSession on first use).
    let transport: any HTTPTransport
    /// The transport downloads stream through (the configuration's, else the platform's).
    let downloader: any HTTPDownloadTransport

    /// The sync of a client made with `configuration`: requests through `transport`, downloads through
    /// `downloader`.
    package init(
        configuration: DashSpendConfiguration, transport: any HTTPTransport, downloader: any HTTPDownloadTransport
    ) {
        self.configuration = configuration
        self.transport = transport
        self.downloader = downloader
    }

    /// Installs the data of `source`, unless what is installed is as new (`force` installs anyway); see
    /// ``DashSpendClient/sync(_:force:strict:progress:)``.
    package func sync(_ source: SyncSource, force: Bool, strict: Bool, progress: SyncProgressHandler?)
        async throws(DashSpendFailure) -> SyncReport
    {
        // Before anything is downloaded or created there (the download folder included).
        do {
            try configuration.checkStateDirectory()
        } catch {
            let installed = configuration.installedDatabasePath
            guard access(installed, F_OK) == 0 else { throw error }
            throw DashSpendFailure(
                error.kind, error.message + "; kept \(installed) as it was", cause: error.cause, subject: error.subject)
        }
        let relay = SyncProgressRelay(progress, diagnostics: configuration.diagnostics)
        // The database in place, opened before anything replaces it: the new one is compared with it after the
        // swap (an open file outlives its replacement by rename), for the report's `changes`.
        let previous = openedInstalledDatabase()
        guard let object = try source.remoteObject(storageBase: configuration.storageBaseURL) else {
            return comparedWith(previous, try importFile(source.description, force: force, strict: strict, relay: relay))
        }
        let outcome: ExploreNetworkSync.Outcome
        do {
            outcome = try await networkSync(progress: relay.download).sync(
                object, force: force, strict: strict, now: configuration.now(), progress: relay.report)
        } catch {
            throw DashSpendFailure(error)
        }
        switch outcome {
        case .upToDate(let stored, let remote):
            return SyncReport(
                updated: false, path: configuration.installedDatabasePath, source: source.description,
                dataTimestamp: stored?.dataTimestamp, incomingTimestamp: remote)
        case .imported(let imported):
            return comparedWith(
                previous, reported(Self.report(imported, source: source.description, stages: relay.finishedStages)))
        }
    }

    /// The installed database, opened read-only, or nil when there is none or it cannot be read.
    private func openedInstalledDatabase() -> ExploreDatabase? {
        let path = configuration.installedDatabasePath
        guard access(path, F_OK) == 0 else { return nil }
        // The file about to be replaced: one that cannot be opened only leaves the report without `changes` (nil, not empty).
        return try? ExploreDatabase(path: path, providers: configuration.visibleProviders)
    }

    /// `report` with what changed from `previous` to the database it installed (nothing when it installed none
    /// or either cannot be read: the report is about the install, which happened; a failed comparison is said).
    private func comparedWith(_ previous: ExploreDatabase?, _ report: SyncReport) -> SyncReport {
        guard report.updated, let previous else { return report }
        do {
            let installed = try ExploreDatabase(path: report.path, providers: configuration.visibleProviders)
            return report.with(changes: try ExploreDifference(old: previous, new: installed))
        } catch {
            configuration.diagnostics.record(
                DiagnosticEvent(.note, "could not compare the new explore database with the one it replaced: \(error)"))
            return report
        }
    }

    /// Whether `source` (a network source) has data newer than the installed database, without downloading it.
    package func checkForUpdate(_ source: SyncSource) async throws(DashSpendFailure) -> SyncUpdateCheck {
        guard let object = try source.remoteObject(storageBase: configuration.storageBaseURL) else {
            throw DashSpendFailure(
                .invalidRequest, "checking for an update needs a network source, not the file \(source.description)",
                subject: source.description)
        }
        let check: ExploreUpdateCheck
        do {
            check = try await networkSync(progress: nil).check(object)
        } catch {
            throw DashSpendFailure(error)
        }
        return SyncUpdateCheck(
            updateAvailable: check.updateAvailable, source: source.description, remoteTimestamp: check.remoteTimestamp,
            installedTimestamp: check.installedTimestamp)
    }

    /// Imports the file at `path`. A failure before the new file was moved into place says that the database
    /// in place was kept, naming it.
    private func importFile(_ path: String, force: Bool, strict: Bool, relay: SyncProgressRelay)
        throws(DashSpendFailure) -> SyncReport
    {
        let importer = ExploreImporter(directory: configuration.networkDirectory)
        let outcome: ExploreImportOutcome
        do {
            outcome = try importer.importFile(
                at: path, force: force, strict: strict, now: configuration.now(), progress: relay.report)
        } catch {
            // Only an error thrown before the new file was moved into place may say the old one was kept.
            let failure = DashSpendFailure(error)
            guard error.keptDatabase, access(importer.databasePath, F_OK) == 0 else { throw failure }
            throw DashSpendFailure(
                failure.kind, failure.message + "; kept \(importer.databasePath) as it was", cause: failure.cause,
                subject: failure.subject)
        }
        return reported(Self.report(outcome, source: path, stages: relay.finishedStages))
    }

    /// `report`, said to the diagnostics: what was installed where, or why nothing was.
    private func reported(_ report: SyncReport) -> SyncReport {
        let message =
            report.updated
            ? "installed \(report.source) as \(report.path): schema v\(report.schemaVersion ?? 0), "
                + "\(report.merchantIds ?? 0) merchants, \(report.atms ?? 0) ATMs, "
                + "\(report.installedBytes.map { "\($0) bytes" } ?? "size unknown")"
            : "not installing \(report.source): its data (\(report.incomingTimestamp.map(String.init) ?? "no timestamp")) "
                + "is not newer than the installed data's (\(report.dataTimestamp.map(String.init) ?? "no timestamp"))"
        configuration.diagnostics.record(DiagnosticEvent(.note, message))
        return report
    }

    private func networkSync(progress: (@Sendable (_ received: Int, _ total: Int?) -> Void)?) -> ExploreNetworkSync {
        var downloader = ExploreDownloader(
            directory: configuration.networkDirectory, transport: transport,
            downloader: downloader,
            timeouts: configuration.downloadTimeouts, requestTimeout: configuration.timeout, now: configuration.now,
            progress: progress)
        downloader.diagnostics = configuration.diagnostics
        return ExploreNetworkSync(downloader: downloader, importer: ExploreImporter(directory: configuration.networkDirectory))
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
