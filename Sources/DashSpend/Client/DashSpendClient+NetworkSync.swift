import DashSpendCore
import DashSpendHTTP
import DashSpendLocking
import DashSpendSync

extension DashSpendClient {
    /// Installs the explore data of `source` as this network's database, unless what is installed is as
    /// new (`force` installs anyway).
    ///
    /// A file is imported as ``sync(from:force:strict:progress:)`` does. A network source is checked first
    /// (a storage object's `Data-Timestamp`, or a conditional request for a plain URL) and downloaded only
    /// when newer, streamed to the network's download folder (never held in memory), continued where an
    /// interrupted download stopped, then verified and imported; the object's `Data-Timestamp` and
    /// `Data-Checksum` must match the archive's comment. On any failure the installed database is left as it
    /// was. `strict` refuses a ZIP whose CRC-32C differs from its stated checksum.
    ///
    /// `progress` hears every stage, the download first (bytes of the object on disk and its whole size).
    ///
    /// - Throws: ``DashSpendFailure``.
    public func sync(
        _ source: SyncSource, force: Bool = false, strict: Bool = false, progress: SyncProgressHandler? = nil
    ) async throws -> SyncReport {
        guard let object = try source.remoteObject(storageBase: configuration.storageBaseURL) else {
            return try sync(from: source.description, force: force, strict: strict, progress: progress)
        }
        let started = MonotonicClock.Instant.now
        @Sendable func seconds() -> Double { (MonotonicClock.Instant.now - started).seconds }
        // The last download report, until the import's first report says the download has ended.
        let download = Locked<(received: Int, total: Int?, ended: Bool)?>(nil)
        let outcome: ExploreNetworkSync.Outcome
        let stages: [SyncProgress]
        do {
            (outcome, stages) = try await Self.collectingStages(progress) { observe in
                let sync = networkSync { received, total in
                    download.withLock { $0 = (received, total, false) }
                    observe(SyncProgress(stage: .download, bytesDone: received, bytesTotal: total, elapsed: seconds()))
                }
                return try await sync.sync(object, force: force, strict: strict, now: configuration.now()) { report in
                    let ended = download.withLock { state -> SyncProgress? in
                        guard let last = state, !last.ended else { return nil }
                        state?.ended = true
                        return SyncProgress(
                            stage: .download, bytesDone: last.received, bytesTotal: last.total, elapsed: seconds(),
                            isFinished: true)
                    }
                    if let ended { observe(ended) }
                    observe(report)
                }
            }
        } catch {
            throw DashSpendFailure(error)
        }
        switch outcome {
        case .upToDate(let stored, let remote):
            return SyncReport(
                updated: false, path: configuration.installedDatabasePath, source: source.description,
                dataTimestamp: stored?.dataTimestamp, incomingTimestamp: remote)
        case .imported(let imported):
            return Self.report(imported, source: source.description, stages: stages)
        }
    }

    /// Whether `source` (a network source) has data newer than the installed database, without
    /// downloading it. A plain URL is asked with a conditional `HEAD` for the version installed last.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func checkForUpdate(_ source: SyncSource) async throws -> SyncUpdateCheck {
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
