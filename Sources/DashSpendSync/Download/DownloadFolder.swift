import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A network's download folder, `<state>/<network>/download` (mode 0700): at most one object being
/// downloaded (its file, named after the object, and `partial.json`, what it is and which version), and
/// `installed.json`, the version of the object installed last (for conditional requests, and to recognise an
/// unchanged storage object whose metadata states no data timestamp).
package struct DownloadFolder: Sendable {
    /// The folder.
    package let path: String

    /// What a partial download is: the object, the version the server sent, the size it announced, when
    /// the download started.
    package struct Partial: Sendable, Hashable, Codable {
        /// ``RemoteExploreObject/identity`` of the object.
        package var object: String
        /// The file's name in the folder.
        var fileName: String
        /// The version of the object the bytes belong to.
        var validator: DownloadValidator
        /// The object's whole size, when known.
        package var total: Int?
        /// When the download started, in milliseconds since 1970.
        var startedAt: Int64
    }

    /// The version of the object last installed from the network.
    package struct Installed: Sendable, Hashable, Codable {
        /// ``RemoteExploreObject/identity`` of the object.
        package var object: String
        /// Its version.
        var validator: DownloadValidator
        /// The data timestamp of the database it became (nil in a record written before it was kept): a
        /// database installed since from elsewhere (a file) has another, and the record no longer describes it.
        package var dataTimestamp: Int64?

        /// A record of `object` at version `validator`, installed as data of `dataTimestamp`.
        package init(object: String, validator: DownloadValidator, dataTimestamp: Int64? = nil) {
            self.object = object
            self.validator = validator
            self.dataTimestamp = dataTimestamp
        }
    }

    /// How long a partial download is kept: one day.
    static let partialLifetimeMilliseconds: Int64 = 86_400_000

    /// The download folder of the network folder `directory`.
    package init(networkDirectory directory: String) {
        path = directory + "/download"
    }

    var partialRecordPath: String { path + "/partial.json" }
    var installedRecordPath: String { path + "/installed.json" }

    /// Creates the folder (0700) if needed; the network folder must already be prepared.
    func prepare() throws(ExploreDownloadError) {
        do {
            try PrivateDirectory.create(path)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
            throw .cannotWrite(path: path, reason: "it is not a folder of yours")
        }
    }

    /// The partial download recorded, if its record can be read.
    func partial() -> Partial? { Self.read(partialRecordPath) }

    /// The object installed last, if recorded.
    package func installed() -> Installed? { Self.read(installedRecordPath) }

    /// The record of `object` installed last, when it describes the database installed now (of data
    /// `installedTimestamp`; nil: none, or none sound): the record of another object, or of a database
    /// replaced since, is none.
    package func installed(_ object: RemoteExploreObject, installedTimestamp: Int64?) -> Installed? {
        guard installedTimestamp != nil, let record = installed(), record.object == object.identity else { return nil }
        if let recorded = record.dataTimestamp, recorded != installedTimestamp { return nil }
        return record
    }

    /// Records the partial download.
    func save(_ partial: Partial) throws(ExploreDownloadError) {
        try Self.write(partial, to: partialRecordPath)
    }

    /// Records the version of the object just installed (best effort: without it the next sync downloads
    /// the object again and finds it not newer).
    func saveInstalled(_ installed: Installed) {
        // Best effort, as documented: without the record the next sync downloads the object again.
        try? Self.write(installed, to: installedRecordPath)
    }

    /// Removes the partial download: every file of the folder but `installed.json`.
    package func removePartial() {
        DirectoryListing.removeFiles(in: path) { $0 != "installed.json" }
    }

    /// The size of the regular file `name` in the folder, nil when there is none.
    func size(of name: String) -> Int? {
        var info = stat()
        guard lstat(path + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func read<T: Decodable>(_ path: String) -> T? {
        // A record that cannot be read is no record: the download starts over, which only costs time.
        guard let bytes = try? RegularFile.read(path, limit: 1 << 16) else { return nil }
        // A record of a shape this version does not read (another version's) is no record either.
        return try? JSONDecoder().decode(T.self, from: Data(bytes))
    }

    private static func write<T: Encodable>(_ value: T, to path: String) throws(ExploreDownloadError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(value)
            try AtomicFile.replace(path, with: [UInt8](data))
        } catch let failure as AtomicFile.Failure {
            throw .cannotWrite(path: failure.path, reason: failure.reason)
        } catch {
            throw .cannotWrite(path: path, reason: "\(error)")
        }
    }
}
