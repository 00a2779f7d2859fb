/// What a network sync found or did, before the import.
package enum ExploreDownloadOutcome: Sendable, Hashable {
    /// Nothing was downloaded: the installed data is as new (`remoteTimestamp`, when the server stated one),
    /// or the server said the object has not changed since it was installed.
    case upToDate(remoteTimestamp: Int64?)
    /// The object is complete at `path` (in the network's download folder).
    case downloaded(path: String, metadata: StorageObjectMetadata?, validator: DownloadValidator)
}

/// What identifies the version of an object a server sent: its `ETag`, `Last-Modified` and, for a storage
/// object, its generation and `md5Hash`.
package struct DownloadValidator: Sendable, Hashable, Codable {
    /// The `ETag` header.
    package var etag: String?
    /// The `Last-Modified` header.
    package var lastModified: String?
    /// The storage object's generation.
    package var generation: String?
    /// The storage object's `md5Hash` (base64), as its metadata states it.
    package var md5Hash: String?

    /// Creates a validator.
    package init(etag: String? = nil, lastModified: String? = nil, generation: String? = nil, md5Hash: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.generation = generation
        self.md5Hash = md5Hash
    }

    /// Whether a storage object's metadata (`generation`, `md5Hash`) names this version: at least one of the
    /// two is stated on both sides, and every one stated on both sides is equal.
    func isSameStorageVersion(generation otherGeneration: String?, md5Hash otherHash: String?) -> Bool {
        let pairs = [(generation, otherGeneration), (md5Hash, otherHash)].compactMap { pair -> Bool? in
            guard let mine = pair.0, let theirs = pair.1 else { return nil }
            return mine == theirs
        }
        return !pairs.isEmpty && !pairs.contains(false)
    }

    /// The value for `If-Range`: the ETag (a strong one), else the `Last-Modified` date.
    package var ifRange: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }
}

/// Whether an update exists (``ExploreDownloader/check(_:)``).
package struct ExploreUpdateCheck: Sendable, Hashable {
    /// Whether a sync would download something newer.
    package let updateAvailable: Bool
    /// The data timestamp the server states, if it does.
    package let remoteTimestamp: Int64?
    /// The data timestamp of the installed database, if any.
    package let installedTimestamp: Int64?
}
