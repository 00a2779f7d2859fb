import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Where on the network the explore data is: an object of a storage bucket, read through the storage
/// service's REST interface (`BASE/v0/b/BUCKET/o/OBJECT` for its metadata, with `?alt=media` for its bytes),
/// or a plain http(s) URL. Built from a checked source by the front door.
package struct RemoteExploreObject: Sendable, Hashable {
    /// How the object is read.
    package enum Kind: Sendable, Hashable {
        /// A storage object: metadata first (size, generation, `Data-Timestamp`, `Data-Checksum`), then the bytes.
        case storage(bucket: String, object: String)
        /// A plain URL: the bytes, with `ETag` / `Last-Modified` for conditional and resumed requests.
        case plain
    }

    /// How the object is read.
    package let kind: Kind
    /// The metadata URL of a storage object, or the plain URL.
    package let url: URL
    /// The name used in messages: `gs://BUCKET/OBJECT` or the URL without its query.
    package let displayName: String

    /// A storage object under `base` (`https://firebasestorage.googleapis.com`, or a mirror).
    package init(storageBase base: URL, bucket: String, object: String) {
        kind = .storage(bucket: bucket, object: object)
        // Each segment is encoded whole: a `/` in the object's name is `%2F`, as the REST interface wants.
        url = base.appendingAPIPath(["v0", "b", bucket, "o", object])
        displayName = "gs://\(bucket)/\(object)"
    }

    /// A plain URL.
    package init(plain url: URL) {
        kind = .plain
        self.url = url
        displayName = url.redactedForDiagnostics
    }

    /// The URL of the bytes: the storage object's `?alt=media`, or the plain URL.
    var mediaURL: URL {
        guard case .storage = kind else { return url }
        return URL(string: url.absoluteString + "?alt=media") ?? url
    }

    /// `host` or `host:port`, for messages.
    package var host: String { Self.hostText(url) }

    /// What identifies the object across runs (a partial download of another object is removed).
    package var identity: String { mediaURL.absoluteString }

    /// The name the downloaded file is kept under: the last part of the object's path, letters, digits,
    /// `.`, `-` and `_` only (`explore-v4.db`), else `explore-download`.
    var fileName: String {
        let path: String
        switch kind {
        case .storage(_, let object): path = object
        case .plain: path = url.path
        }
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let safe = last.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        return safe && !last.isEmpty && !last.hasPrefix(".") && last.count <= 100 ? last : "explore-download"
    }

    /// `host` or `host:port` of `url`.
    static func hostText(_ url: URL) -> String {
        let host = url.host ?? "?"
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
