public import DashSpendCore
package import DashSpendSync

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Where ``DashSpendClient/sync(_:force:strict:progress:)`` takes the explore data from.
///
/// - ``file(_:)-enum.case``: a local file (the wallets' encrypted ZIP, or a plain explore database).
/// - ``storageObject(bucket:object:)``: an object of a storage bucket (`gs://BUCKET/OBJECT`), read through
///   the storage service's REST interface under the configured base URL
///   (``DashSpendConfiguration/storageBaseURL``): its metadata first (size, `Data-Timestamp`,
///   `Data-Checksum`), then its bytes.
/// - ``url(_:)``: an `https` URL (plain `http` only to this machine). One whose path has the REST shape
///   `/v0/b/BUCKET/o/OBJECT` is read as a storage object on that host (a mirror, a test server); any other
///   is downloaded as it is, with `ETag` / `Last-Modified` for conditional and resumed requests.
public enum SyncSource: Sendable, Hashable, CustomStringConvertible {
    /// A local file.
    case file(String)
    /// An object of a storage bucket.
    case storageObject(bucket: String, object: String)
    /// An http(s) URL.
    case url(String)

    /// The bucket the wallets download the explore data from.
    public static let walletBucket = "dash-wallet-firebase.appspot.com"
    /// The storage service's public REST interface.
    public static let defaultStorageBaseURL = "https://firebasestorage.googleapis.com"

    /// The object the wallets download for `network`: `explore/explore-v4.db` (mainnet) or
    /// `explore/explore-v4-testnet.db` (testnet) in ``walletBucket``.
    public static func `default`(for network: DashSpendNetwork) -> SyncSource {
        switch network {
        case .mainnet: .storageObject(bucket: walletBucket, object: "explore/explore-v4.db")
        case .testnet: .storageObject(bucket: walletBucket, object: "explore/explore-v4-testnet.db")
        }
    }

    /// The local file at `url` (a file URL).
    public static func file(_ url: URL) -> SyncSource {
        .file(url.path)
    }

    /// Reads `text` as a source: `gs://BUCKET/OBJECT`, an `http://` or `https://` URL, else a file path.
    public init(parsing text: String) {
        let lower = text.lowercased()
        if lower.hasPrefix("gs://") {
            let rest = text.dropFirst(5)
            let slash = rest.firstIndex(of: "/")
            self = .storageObject(
                bucket: String(rest[..<(slash ?? rest.endIndex)]),
                object: slash.map { String(rest[rest.index(after: $0)...]) } ?? "")
        } else if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self = .url(text)
        } else {
            self = .file(text)
        }
    }

    /// `gs://BUCKET/OBJECT`, the URL, or the path.
    public var description: String {
        switch self {
        case .file(let path): path
        case .storageObject(let bucket, let object): "gs://\(bucket)/\(object)"
        case .url(let text): text
        }
    }

    /// The network object this source names, with `storageBase` for a `gs://` object; nil for a file.
    /// Checked on the text alone: `https`, or plain `http` to this machine only.
    package func remoteObject(storageBase: String) throws(DashSpendFailure) -> RemoteExploreObject? {
        switch self {
        case .file:
            return nil
        case .storageObject(let bucket, let object):
            guard !bucket.isEmpty, !bucket.contains("/"), !object.isEmpty else {
                throw DashSpendFailure(
                    .invalidRequest, "\(description) does not name a storage object (gs://BUCKET/OBJECT)",
                    subject: description)
            }
            let base = try Self.checkedURL(storageBase, what: "the storage base URL")
            return RemoteExploreObject(storageBase: base, bucket: bucket, object: object)
        case .url(let text):
            let url = try Self.checkedURL(text, what: "the sync URL")
            if let (base, bucket, object) = Self.storageShape(url) {
                return RemoteExploreObject(storageBase: base, bucket: bucket, object: object)
            }
            return RemoteExploreObject(plain: url)
        }
    }

    /// `raw` as an http(s) URL with a host, plain `http` only to this machine (the rule of provider base URLs).
    private static func checkedURL(_ raw: String, what: String) throws(DashSpendFailure) -> URL {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw DashSpendFailure(.invalidRequest, "\(what) must be an http(s) URL, not \(raw)", subject: raw)
        }
        guard scheme == "https" || ProviderBaseURL.isLoopbackHost(host) else {
            throw DashSpendFailure(
                .invalidRequest, "\(what) must use https (plain http is allowed for localhost only), not \(raw)",
                subject: raw)
        }
        return url
    }

    /// The base URL, bucket and object of a URL whose path is `…/v0/b/BUCKET/o/OBJECT`.
    private static func storageShape(_ url: URL) -> (URL, String, String)? {
        let path = url.path
        guard let marker = path.firstOccurrence(of: "/v0/b/") else { return nil }
        let rest = path[marker.upperBound...]
        guard let objectMarker = rest.firstOccurrence(of: "/o/") else { return nil }
        let bucket = String(rest[..<objectMarker.lowerBound])
        let object = String(rest[objectMarker.upperBound...])
        guard !bucket.isEmpty, !bucket.contains("/"), !object.isEmpty else { return nil }
        var base = "\(url.scheme ?? "https")://\(url.host ?? "")"
        if let port = url.port { base += ":\(port)" }
        base += String(path[..<marker.lowerBound])
        guard let baseURL = URL(string: base) else { return nil }
        return (baseURL, bucket, object)
    }
}
