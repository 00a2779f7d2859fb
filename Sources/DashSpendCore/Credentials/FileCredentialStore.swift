#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps credentials as JSON files under a state directory: `<root>/<network>/<serviceTag>.json`.
///
/// - Files are created with mode 0600 and directories with 0700, whatever the umask. A state directory
///   that already existed is never chmod-ed: one that others can write (`/tmp`) is refused, and so is a
///   network folder that is a symbolic link (as `sync` does).
/// - Reading never blocks: a FIFO or device in place of the file is refused.
/// - ``save(_:for:network:)`` writes a temporary file in the same directory, flushes it, renames it over
///   the old file and flushes the directory, so a crash mid-write leaves the previous credentials readable
///   and a completed save survives a crash.
/// - A read never writes: a damaged file is reported as ``CredentialStoreError`` and left in place.
/// - ``withExclusiveAccess(to:network:waitingAtMost:_:)`` holds `flock(LOCK_EX)` on
///   `<root>/<network>/<serviceTag>.json.lock` (created 0600): processes sharing the state directory take
///   turns, so two of them never refresh the same rotating token at once.
public struct FileCredentialStore: CredentialStore {
    /// The state directory (see `StateDirectory`).
    public let root: String

    /// What this store (and every copy of it) last read from each file.
    private let memo = CredentialFileMemo()

    /// Creates a store rooted at `root`; nothing is created until the first save.
    public init(root: String) {
        self.root = root
    }

    /// How many times this store (and its copies) read and decoded a credentials file: a file unchanged since
    /// the last read is answered from memory after one `stat`.
    package var fileReads: Int { memo.reads }

    /// The file that holds `provider`'s credentials on `network`.
    public func path(for provider: GiftCardProvider, network: DashSpendNetwork) -> String {
        directory(for: network) + "/" + provider.info.serviceTag + ".json"
    }

    // MARK: - CredentialStore

    /// Reads the stored credentials; nil when the file does not exist. A file unchanged since this store last
    /// read it (same device, inode, size and times) is not read again.
    public func load(_ provider: GiftCardProvider, network: DashSpendNetwork) throws -> ProviderCredentials? {
        let file = path(for: provider, network: network)
        if let kept = memo.credentials(at: file) { return kept }
        guard let (bytes, identity) = try Self.readFile(file) else {
            memo.forget(file)
            return nil
        }
        let credentials: ProviderCredentials
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            credentials = try decoder.decode(ProviderCredentials.self, from: bytes)
        } catch {
            memo.keep(nil, at: file, identity: nil)
            throw CredentialStoreError(.corrupt, path: file, reason: "not a credentials document")
        }
        memo.keep(credentials, at: file, identity: identity)
        return credentials
    }

    /// Replaces the stored credentials atomically.
    public func save(_ credentials: ProviderCredentials, for provider: GiftCardProvider, network: DashSpendNetwork) throws {
        let file = path(for: provider, network: network)
        try Self.makeDirectory(directory(for: network))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(credentials)
        } catch {
            throw CredentialStoreError(.unwritable, path: file, reason: "cannot encode the credentials")
        }
        memo.forget(file)
        try Self.writeAtomically(data, to: file)
    }

    /// Removes the stored credentials; removing nothing is not an error.
    public func delete(_ provider: GiftCardProvider, network: DashSpendNetwork) throws {
        let file = path(for: provider, network: network)
        memo.forget(file)
        if unlink(file) != 0 && errno != ENOENT {
            throw CredentialStoreError(.unwritable, path: file, reason: SystemError.message())
        }
    }

    /// Runs `body` holding the provider's lock file (see the type's documentation); the network folder is
    /// created (0700) when missing. The wait polls and suspends: it never blocks a thread.
    public func withExclusiveAccess<T>(
        to provider: GiftCardProvider, network: DashSpendNetwork, waitingAtMost timeout: Double,
        _ body: () async throws -> T
    ) async throws -> T {
        let file = path(for: provider, network: network)
        try Self.makeDirectory(directory(for: network))
        return try await CredentialFileLock.withLock(
            lockPath(for: provider, network: network), for: file, waitingAtMost: timeout, body)
    }

    /// The lock file of `provider`'s credentials on `network`: the credentials file's path plus `.lock`.
    public func lockPath(for provider: GiftCardProvider, network: DashSpendNetwork) -> String {
        path(for: provider, network: network) + ".lock"
    }

    // MARK: - Files

    private func directory(for network: DashSpendNetwork) -> String {
        root + "/" + network.rawValue
    }

    /// Creates the network's folder (and the state directory) with mode 0700 when missing, and checks them
    /// as `sync` does (see `PrivateDirectory.prepareStateFolder(_:)`): a shared state directory is refused,
    /// never chmod-ed; the network's folder must not be a symbolic link.
    static func makeDirectory(_ path: String) throws {
        do {
            try PrivateDirectory.prepareStateFolder(path)
        } catch {
            throw CredentialStoreError(.unwritable, path: error.path, reason: error.reason)
        }
    }

    /// The bytes of `path` and the identity of the file they were read from (nil when there is none).
    private static func readFile(_ path: String) throws -> (Data, FileVersion)? {
        let opened: Int32?
        do {
            opened = try RegularFile.openForReading(path)  // never blocks on a FIFO
        } catch {
            // A state path through a regular file: nothing can ever be created there.
            throw CredentialStoreError(error.runsThroughAFile ? .unwritable : .unreadable, path: path, reason: error.reason)
        }
        guard let descriptor = opened else { return nil }
        defer { close(descriptor) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CredentialStoreError(.unreadable, path: path, reason: SystemError.message())
            }
            if count == 0 { break }
            result.append(contentsOf: buffer[0..<count])
            if result.count > 1_048_576 {
                throw CredentialStoreError(.corrupt, path: path, reason: "larger than 1 MiB")
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw CredentialStoreError(.unreadable, path: path, reason: SystemError.message())
        }
        return (result, FileVersion(info))
    }

    /// Replaces `path` with `data` through ``AtomicFile``; every failure is ``CredentialStoreError/Kind/unwritable``.
    private static func writeAtomically(_ data: Data, to path: String) throws {
        do {
            try AtomicFile.replace(path, with: [UInt8](data))
        } catch {
            let reason = error.isRenamed ? "renamed but not flushed: \(error.reason)" : error.reason
            throw CredentialStoreError(.unwritable, path: path, reason: reason)
        }
    }
}
