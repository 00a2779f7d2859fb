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

extension RegularFile {
    /// What a file mode (`st_mode`) says that is not a regular file, or nil for a regular file.
    ///
    /// Here, not in RegularFile.swift, because its signature has a C type: one file of the module imports the
    /// C library `package`. With a second such import, the optimized (whole-module) build warned that one of
    /// the two was unused, and without it the debug build refused the signature.
    package static func irregularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "a special file"
        }
    }
}
