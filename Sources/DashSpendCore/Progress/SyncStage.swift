/// A stage of `sync`, in the order the stages run. Not every sync runs every stage: a local file has no
/// download, a plain SQLite file is copied instead of decrypted.
public enum SyncStage: String, Sendable, Hashable, CaseIterable {
    /// Fetching the object from the network into the staging file (bytes: received, of the object's size).
    case download
    /// Decrypting and inflating the archive's database into the staging file (bytes: written, of the size
    /// the archive declares).
    case decrypt
    /// Copying a plain SQLite file into the staging file (bytes: copied, of the file's size).
    case copy
    /// Checking the new database: SQLite's `PRAGMA quick_check` and the tables the wallets require.
    case verify
    /// Adding the lookup indexes to the new database and recording its checksum.
    case index

    /// How the stage is named to people: `download`, `decrypt+inflate`, `copy`, `verify`, `index`.
    public var label: String {
        switch self {
        case .download: "download"
        case .decrypt: "decrypt+inflate"
        case .copy: "copy"
        case .verify: "verify"
        case .index: "index"
        }
    }

    /// Whether the stage moves bytes, so that its progress has a total, a rate and a time left.
    public var countsBytes: Bool {
        switch self {
        case .download, .decrypt, .copy: true
        case .verify, .index: false
        }
    }
}
