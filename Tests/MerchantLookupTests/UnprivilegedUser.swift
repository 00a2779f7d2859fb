import Foundation

/// The user a permission test runs the CLI as. Root reads any file, so a test of "cannot read" run as root
/// proves nothing; CI runs the suite as root in a container. When the tests run as root, the child process
/// is started as `nobody` (uid and gid 65534) through `setpriv` (util-linux) or else `runuser`; otherwise it
/// runs as the current user, who is already unprivileged.
enum UnprivilegedUser {
    /// The uid the child runs as.
    static var uid: uid_t { geteuid() == 0 ? 65534 : geteuid() }
    /// The gid the child runs as.
    static var gid: gid_t { geteuid() == 0 ? 65534 : getegid() }

    /// The command that runs a program as that user (the program's path and arguments follow it); empty
    /// when the tests do not run as root; nil when they do and neither tool is installed.
    static let launcher: [String]? = {
        guard geteuid() == 0 else { return [] }
        for setpriv in ["/usr/bin/setpriv", "/bin/setpriv"] where FileManager.default.isExecutableFile(atPath: setpriv) {
            return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        }
        for runuser in ["/usr/sbin/runuser", "/sbin/runuser"] where FileManager.default.isExecutableFile(atPath: runuser) {
            return [runuser, "-u", "nobody", "--"]
        }
        return nil
    }()

    /// Whether permission tests can run: not root, or root with `setpriv` or `runuser`.
    static var available: Bool { launcher != nil }

    /// Creates the folder `path` owned by the unprivileged user with `mode`, so the child can use it (the
    /// folders above it must be searchable by others: a `ScratchDirectory` is, mode 0755).
    static func makeFolder(_ path: String, mode: mode_t = 0o700) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try hand(path, mode: mode)
    }

    /// Gives `path` to the unprivileged user and sets its mode.
    static func hand(_ path: String, mode: mode_t) throws {
        guard chown(path, uid, gid) == 0, chmod(path, mode) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
