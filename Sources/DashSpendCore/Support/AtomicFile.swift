#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file atomically, the one way the package does it: a new file `<target><marker>XXXXXX` in the
/// target's own folder (`mkstemp`, then mode 0600 whatever the umask), written, flushed (`fsync`), renamed
/// over the target, and the folder flushed so the rename survives a crash. A reader sees the old file or
/// the new one, never part of one; a failure leaves the old file as it was and removes the new one.
///
/// ``replace(_:with:marker:)`` does it all in one call. A caller that must stage a file before it may
/// replace the target (sync stages the metadata before it moves the database) uses an instance:
/// ``init(next:marker:create:)``, ``append(_:)-(UnsafeRawBufferPointer)``, ``finish()``, then
/// ``move(over:)`` and ``syncFolder(of:)``, or ``discard()`` (also on deinit, until it was moved).
package final class AtomicFile {
    /// Why a file could not be replaced.
    package struct Failure: Error, Sendable, Hashable {
        /// The file the failed call was about: the target, or the staged file for a write or a flush.
        package let path: String
        /// The system's reason.
        package let reason: String
        /// True when the new file is in place and only flushing its folder failed (a crash may still undo it).
        package let isRenamed: Bool

        /// Creates a failure.
        package init(path: String, reason: String, isRenamed: Bool = false) {
            self.path = path
            self.reason = reason
            self.isRenamed = isRenamed
        }
    }

    /// The staged file (`<target><marker>XXXXXX`).
    package let path: String
    private var descriptor: Int32
    private var finished = false

    /// Creates the staged file next to `target` (mode 0600). `create` is `mkstemp` (replaceable so tests
    /// can make it fail).
    package init(
        next target: String, marker: String = ".tmp-",
        create: (UnsafeMutablePointer<CChar>) -> Int32 = { mkstemp($0) }
    ) throws(Failure) {
        var template = Array((target + marker + "XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { create($0.baseAddress!) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            // Nothing was created: the path is still the template, which may name someone else's file.
            let reason = SystemError.message()
            finished = true
            throw Failure(path: target, reason: reason)
        }
        // mkstemp asks for 0600 but the umask applies; the mode is set whatever the umask.
        guard fchmod(descriptor, 0o600) == 0 else {
            let reason = SystemError.message()
            discard()
            throw Failure(path: target, reason: reason)
        }
    }

    deinit { discard() }

    /// Writes `bytes` to `target` atomically (see the type's documentation). Throws a ``Failure`` with
    /// ``Failure/isRenamed`` set when only flushing the folder failed.
    package static func replace(_ target: String, with bytes: [UInt8], marker: String = ".tmp-") throws(Failure) {
        let file = try AtomicFile(next: target, marker: marker)
        defer { file.discard() }
        do throws(Failure) {
            try file.append(bytes)
            try file.move(over: target)
        } catch {
            throw Failure(path: target, reason: error.reason)
        }
        try syncFolder(of: target)
    }

    /// Appends `bytes` to the staged file.
    package func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: SystemError.message())
            }
            offset += written
        }
    }

    /// Appends `bytes` to the staged file.
    package func append(_ bytes: [UInt8]) throws(Failure) {
        let failure = bytes.withUnsafeBytes { raw -> Failure? in
            do throws(Failure) {
                try append(raw)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Flushes the staged file to disk and closes it (done by ``move(over:)`` when not done before).
    package func finish() throws(Failure) {
        guard descriptor >= 0 else { return }
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        descriptor = -1
        guard synced, closed else { throw Failure(path: path, reason: SystemError.message()) }
    }

    /// Finishes the staged file and renames it over `target`, without flushing the folder (see
    /// ``syncFolder(of:)``): a caller that moves two files flushes once, after both.
    package func move(over target: String) throws(Failure) {
        try finish()
        guard rename(path, target) == 0 else { throw Failure(path: target, reason: SystemError.message()) }
        finished = true
    }

    /// Closes and removes the staged file unless it was moved; returns whether it removed it.
    @discardableResult
    package func discard() -> Bool {
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        guard !finished else { return false }
        unlink(path)
        finished = true
        return true
    }

    /// Flushes the folder holding `target`, so a rename in it survives a crash. Throws with
    /// ``Failure/isRenamed`` set.
    package static func syncFolder(of target: String) throws(Failure) {
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw Failure(path: target, reason: SystemError.message(), isRenamed: true) }
        defer { close(directory) }
        guard fsync(directory) == 0 else {
            throw Failure(path: target, reason: SystemError.message(), isRenamed: true)
        }
    }
}
