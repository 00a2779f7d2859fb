#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One version of a file, as `stat` tells it: device, inode, size, modification and change times.
///
/// A file replaced by rename is another inode; one written in place has another size or modification time.
/// The credentials memo compares whole versions; the integrity stamp and the names index record
/// ``recordedForm``.
package struct FileVersion: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let modifiedNanoseconds: Int64
    let changed: Int64
    let changedNanoseconds: Int64

    /// The version `info` describes.
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.modificationTime.tv_sec)
        modifiedNanoseconds = Int64(info.modificationTime.tv_nsec)
        changed = Int64(info.changeTime.tv_sec)
        changedNanoseconds = Int64(info.changeTime.tv_nsec)
    }

    /// The version of the file at `path` (a symbolic link followed, or not when `followingLinks` is false);
    /// nil when it cannot be read.
    package init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(info)
    }

    /// The text the integrity stamp and the names index record: device, inode, size and modification time
    /// (`dev:ino:size:sec.nsec`). The change time is left out so that what earlier versions recorded still
    /// matches.
    package var recordedForm: String {
        "\(device):\(inode):\(size):\(modified).\(modifiedNanoseconds)"
    }
}
