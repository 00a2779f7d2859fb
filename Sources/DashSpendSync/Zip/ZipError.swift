/// Why a ZIP archive cannot be read. The messages are fragments the importer puts after the file's name.
package enum ZipError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No end-of-central-directory record: not a ZIP, or cut short.
    case noEndOfCentralDirectory
    /// A ZIP64 archive (not produced by the wallets, not supported).
    case zip64
    /// An archive split over several disks.
    case multiDisk
    /// A structure points outside the file or overlaps another one.
    case outOfBounds(String)
    /// A header does not start with its signature.
    case badSignature(String)
    /// The archive has no entry with this name.
    case entryMissing(String)
    /// The entry is not what the wallets write.
    case unsupportedEntry(String)
    /// The compressed data does not inflate.
    case inflateFailed(String)
    /// A structure is larger than sync reads.
    case tooLarge(String)

    /// What went wrong, as a sentence fragment.
    package var description: String {
        switch self {
        case .noEndOfCentralDirectory:
            return "has no ZIP end-of-central-directory record: it is cut short or not a ZIP"
        case .zip64:
            return "is a ZIP64 archive, which the explore download never is and sync does not read"
        case .multiDisk:
            return "is a ZIP split over several disks, which sync does not read"
        case .outOfBounds(let what):
            return "is damaged or cut short: \(what) lies outside the file"
        case .badSignature(let what):
            return "is damaged: the \(what) has a bad signature"
        case .entryMissing(let name):
            return "has no \(name) entry"
        case .unsupportedEntry(let why):
            return "has an entry sync cannot read: \(why)"
        case .inflateFailed(let why):
            return "is damaged: the compressed data does not inflate (\(why))"
        case .tooLarge(let what):
            return "is not the explore ZIP: it has \(what), more than sync reads"
        }
    }
}
