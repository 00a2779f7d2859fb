package import DashSpendExplore

/// What `sync` did.
package enum ExploreImportOutcome: Sendable, Hashable {
    /// The file was imported: the database now at `path`, what it contains, and the metadata written.
    case imported(path: String, info: ExploreDatabaseInfo, metadata: ExploreImportMetadata)
    /// Nothing was imported: the database in place has data at least as new as the ZIP's.
    case upToDate(path: String, stored: ExploreImportMetadata, incomingTimestamp: Int64)
}

extension ExploreImportOutcome {
    /// What a person should know about an import that succeeded, one line each: a ZIP installed although
    /// its CRC-32C label differs. Control characters from the file's name are escaped.
    package var warnings: [String] {
        guard case .imported(_, _, let metadata) = self, metadata.checksumVerified == false,
            let stated = metadata.statedChecksum
        else { return [] }
        return [
            ExploreImportError.escapingControlCharacters(
                "the database in \(metadata.source) has CRC-32C \(metadata.checksum), not \(stated) as the archive's "
                    + "comment states; installed anyway: its password verifier and HMAC-SHA1 prove these are the bytes "
                    + "the archive's maker encrypted, and SQLite finds the database sound")
        ]
    }
}
