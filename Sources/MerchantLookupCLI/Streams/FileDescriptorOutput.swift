#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing text to a file descriptor, whole: the one loop behind the process's standard output and standard error.
enum FileDescriptorOutput {
    /// Writes all of `text` to `descriptor`, retrying after interruptions; false when it could not (a full
    /// disk, a closed terminal or pipe).
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.write(descriptor, raw.baseAddress, raw.count)
                #elseif canImport(Musl)
                Musl.write(descriptor, raw.baseAddress, raw.count)
                #else
                Darwin.write(descriptor, raw.baseAddress, raw.count)
                #endif
            }
            if written < 0, errno == EINTR || errno == EAGAIN { continue }
            if written <= 0 { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
