#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Which explore database a ``DashSpendClient`` reads.
public enum ExploreDatabaseLocation: Sendable {
    /// This file (read-only; it is never written).
    case file(String)
    /// The database `sync` installed for the network, else `fallback` when nothing was ever installed
    /// (such as `.sample` from `DashSpendSample`); with no fallback, a lookup fails as
    /// ``DashSpendFailure/Cause/notSynced``. Any other failure to read the installed one is an error, never a
    /// silent fallback.
    case installed(fallback: EmbeddedExploreDatabase?)

    /// The file at `url` (a file URL; read-only, it is never written).
    public static func file(_ url: URL) -> ExploreDatabaseLocation {
        .file(url.path)
    }
}

/// An explore database held in memory, such as the sample compiled into `merchant-lookup`.
public struct EmbeddedExploreDatabase: Sendable {
    /// The SQLite file's bytes.
    public let bytes: Data
    /// How the database is named in answers (`embedded sample`).
    public let origin: String

    /// Wraps `bytes`, named `origin`.
    public init(bytes: Data, origin: String) {
        self.bytes = bytes
        self.origin = origin
    }
}
