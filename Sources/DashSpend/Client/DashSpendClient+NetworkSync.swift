import DashSpendCore
import DashSpendHTTP
import DashSpendSync

extension DashSpendClient {
    /// Installs the explore data of `source` as this network's database, unless what is installed is as
    /// new (`force` installs anyway).
    ///
    /// A file is imported as ``sync(from:force:)`` does. A network source is checked first (a storage
    /// object's `Data-Timestamp`, or a conditional request for a plain URL) and downloaded only when newer,
    /// streamed to the network's download folder (never held in memory), continued where an interrupted
    /// download stopped, then verified and imported; the object's `Data-Timestamp` and `Data-Checksum` must
    /// match the archive's comment. On any failure the installed database is left as it was.
    ///
    /// `downloadProgress` is called as bytes arrive: the bytes of the object on disk and its whole size.
    public func sync(
        _ source: SyncSource, force: Bool = false,
        downloadProgress: (@Sendable (_ received: Int, _ total: Int?) -> Void)? = nil
    ) async throws(DashSpendFailure) -> SyncReport {
        guard let object = try source.remoteObject(storageBase: configuration.storageBaseURL) else {
            return try sync(from: source.description, force: force)
        }
        let sync = networkSync(progress: downloadProgress)
        let outcome: ExploreNetworkSync.Outcome
        do {
            outcome = try await sync.sync(object, force: force, now: configuration.now())
        } catch {
            throw DashSpendFailure(error)
        }
        switch outcome {
        case .upToDate(let stored, let remote):
            return SyncReport(
                updated: false, path: sync.importer.databasePath, source: source.description,
                dataTimestamp: stored?.dataTimestamp, incomingTimestamp: remote)
        case .imported(.upToDate(let path, let stored, let incoming)):
            return SyncReport(
                updated: false, path: path, source: source.description, dataTimestamp: stored.dataTimestamp,
                incomingTimestamp: incoming)
        case .imported(.imported(let path, let info, let metadata)):
            return SyncReport(
                updated: true, path: path, source: source.description, format: metadata.format,
                schemaVersion: info.version, merchantIds: info.merchantIds, merchantRows: info.merchantRows,
                atms: info.atms, dataTimestamp: metadata.dataTimestamp, checksum: metadata.checksum,
                installedChecksum: metadata.installedChecksum, importedAt: metadata.importedAt)
        }
    }

    /// Whether `source` (a network source) has data newer than the installed database, without
    /// downloading it. A plain URL is asked with a conditional `HEAD` for the version installed last.
    public func checkForUpdate(_ source: SyncSource) async throws(DashSpendFailure) -> SyncUpdateCheck {
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

    private func networkSync(progress: (@Sendable (_ received: Int, _ total: Int?) -> Void)?) -> ExploreNetworkSync {
        let transport = repositoryConfiguration.transport
        let downloader = ExploreDownloader(
            directory: configuration.networkDirectory, transport: transport,
            downloader: (configuration.transport as? any HTTPDownloadTransport) ?? URLSessionDownloader(),
            timeouts: configuration.downloadTimeouts, requestTimeout: configuration.timeout, now: configuration.now,
            progress: progress)
        return ExploreNetworkSync(downloader: downloader, importer: ExploreImporter(directory: configuration.networkDirectory))
    }
}
