import DashSpendLocking

/// The credentials a ``FileCredentialStore`` last read from each file, with the identity of the file they
/// came from (device, inode, size, modification and change times), so that a command reads and decodes each
/// file once however many times it asks: a later ``FileCredentialStore/load(_:network:)`` answers from here
/// after one `stat` shows the file is the one read. Any change to it (a save here or in another process
/// renames a new file into place: another inode) makes the next load read it again.
final class CredentialFileMemo: Sendable {
    private struct State {
        var kept: [String: (identity: FileVersion, credentials: ProviderCredentials)] = [:]
        var reads = 0
    }

    private let state = Locked(State())

    /// The credentials read from `path` when it is still the file they were read from.
    func credentials(at path: String) -> ProviderCredentials? {
        guard let identity = FileVersion(path: path, followingLinks: false) else { return nil }
        return state.withLock { state in
            guard let kept = state.kept[path], kept.identity == identity else { return nil }
            return kept.credentials
        }
    }

    /// Keeps `credentials`, read from the file `identity` names at `path`, and counts the read.
    func keep(_ credentials: ProviderCredentials?, at path: String, identity: FileVersion?) {
        state.withLock { state in
            state.reads += 1
            if let credentials, let identity {
                state.kept[path] = (identity, credentials)
            } else {
                state.kept[path] = nil
            }
        }
    }

    /// Forgets what was read from `path` (it was replaced or removed here).
    func forget(_ path: String) {
        state.withLock { state in state.kept[path] = nil }
    }

    /// How many times a file was read and decoded.
    var reads: Int { state.withLock { $0.reads } }
}
