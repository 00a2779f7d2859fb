import DashSpendCore
import DashSpendExplore
public import DashSpendExploreSync
public import DashSpendSetup

extension DashSpendClient {
    /// Installs the explore data of `source` as this network's database, unless what is installed is as new
    /// (`force` installs anyway).
    ///
    /// A file (``SyncSource/file(_:)-enum.case``: the wallets' encrypted ZIP, or a plain explore database file) is
    /// imported at once. A network source is checked first (a storage object's `Data-Timestamp`, or a
    /// conditional request for a plain URL) and downloaded only when newer, streamed to the network's download
    /// folder (never held in memory), continued where an interrupted download stopped, then imported; the
    /// object's `Data-Timestamp` and `Data-Checksum` must match the archive's comment.
    ///
    /// The file is verified before anything is replaced; on any failure the installed database is left as it
    /// was (``DashSpendFailure/keptStoredData``). The password verifier, the HMAC and SQLite's checks must
    /// pass; a ZIP whose CRC-32C differs from the checksum its comment states is then installed with
    /// ``SyncReport/checksumVerified`` false and a warning, unless `strict`, which refuses it
    /// (``DashSpendFailure/Kind/badData``). `progress` hears each stage as it runs and when it ends (a
    /// download first: bytes of the object on disk and its whole size), on the thread doing the work.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func sync(
        _ source: SyncSource, force: Bool = false, strict: Bool = false, progress: SyncProgressHandler? = nil
    ) async throws -> SyncReport {
        try await exploreSync.sync(source, force: force, strict: strict, progress: progress)
    }

    /// What changed from the explore database file at `oldPath` to the one at `newPath`: merchants added and
    /// removed, discounts that changed, offers switched on or off (see ``ExploreDifference``), for the
    /// providers this client shows. Both files are opened read-only (any schema version, v1 to v4) and read
    /// once each; neither is changed. A sync reports the same for the file it replaced
    /// (``SyncReport/changes``).
    ///
    /// - Throws: ``DashSpendFailure``: a path that is missing, empty, a folder, or not an explore database.
    public func exploreDifference(from oldPath: String, to newPath: String) throws -> ExploreDifference {
        let providers = configuration.visibleProviders
        do {
            return try ExploreDifference(
                old: ExploreDatabase(path: oldPath, providers: providers),
                new: ExploreDatabase(path: newPath, providers: providers))
        } catch {
            throw DashSpendFailure(error)
        }
    }

    /// Whether `source` (a network source) has data newer than the installed database, without
    /// downloading it. A plain URL is asked with a conditional `HEAD` for the version installed last.
    ///
    /// - Throws: ``DashSpendFailure``.
    public func checkForUpdate(_ source: SyncSource) async throws -> SyncUpdateCheck {
        try await exploreSync.checkForUpdate(source)
    }
}
