#if canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif

extension stat {
    /// The modification time: `st_mtim` on Linux, `st_mtimespec` on Apple platforms.
    package var modificationTime: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }

    /// The change time (of the inode: written, renamed, its mode changed): `st_ctim` on Linux,
    /// `st_ctimespec` on Apple platforms.
    var changeTime: timespec {
        #if canImport(Darwin)
        st_ctimespec
        #else
        st_ctim
        #endif
    }
}
