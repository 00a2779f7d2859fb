/// Why the explore data could not be fetched from the network. Each message is one line naming the server
/// or object; none names a command-line option. The installed database is never touched by a download, so
/// every one of these leaves it as it was.
package enum ExploreDownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server could not be reached: no network, a name that does not resolve, a refused connection, no
    /// answer within the connect time.
    case unreachable(host: String, reason: String)
    /// The server refused anonymous access (HTTP 401 or 403).
    case accessRefused(object: String, host: String, status: Int)
    /// The object does not exist (HTTP 404).
    case notFound(object: String, host: String)
    /// The server asked to wait (HTTP 429) or failed (HTTP 5xx); `retryAfter` is its `Retry-After`, in seconds.
    case retryLater(object: String, host: String, status: Int, retryAfter: Int?)
    /// The download stopped before its end (the connection was lost, or no byte came for a while); the part
    /// received is kept and the next attempt continues from it.
    case interrupted(object: String, host: String, received: Int, total: Int?, reason: String)
    /// The server redirected to another host; nothing was sent there.
    case redirectRefused(object: String, host: String, location: String)
    /// The server answered something that is not what was asked (an unexpected status, unreadable metadata).
    case unexpectedAnswer(object: String, host: String, detail: String)
    /// The bytes received do not add up to the size the server announced.
    case wrongSize(object: String, expected: Int, actual: Int)
    /// The object's metadata and the archive's comment disagree on the data timestamp or checksum.
    case metadataMismatch(object: String, field: String, metadata: String, archive: String)
    /// The download folder in the state directory cannot be written.
    case cannotWrite(path: String, reason: String)

    /// One line: what happened, to which object, at which server.
    package var description: String { ExploreImportError.escapingControlCharacters(message) }

    private var message: String {
        switch self {
        case .unreachable(let host, let reason):
            return "could not reach \(host) (\(reason))"
        case .accessRefused(let object, let host, let status):
            return "the storage bucket refused anonymous access to \(object) at \(host) (HTTP \(status))"
        case .notFound(let object, let host):
            return "\(host) has no object \(object) (HTTP 404)"
        case .retryLater(let object, let host, let status, let retryAfter):
            let wait = retryAfter.map { ", and asked to wait \($0) seconds" } ?? ""
            let what = status == 429 ? "is limiting requests" : "failed"
            return "\(host) \(what) (HTTP \(status)) for \(object)\(wait); try again later"
        case .interrupted(let object, let host, let received, let total, let reason):
            let of = total.map { " of \($0)" } ?? ""
            return
                "the download of \(object) from \(host) stopped after \(received)\(of) bytes (\(reason)); the next sync continues it"
        case .redirectRefused(let object, let host, let location):
            return "\(host) redirected \(object) to another host (\(location)); not followed"
        case .unexpectedAnswer(let object, let host, let detail):
            return "\(host) answered for \(object) with \(detail)"
        case .wrongSize(let object, let expected, let actual):
            return "the download of \(object) has \(actual) bytes, not the \(expected) announced"
        case .metadataMismatch(let object, let field, let metadata, let archive):
            return
                "\(object): the object's metadata says \(field) \(metadata), the archive's comment \(archive): refused as damaged or tampered"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path) (\(reason))"
        }
    }
}
