#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard error, written to at once (progress, warnings and notes appear while the command runs, before
/// what it prints on stdout at its end).
struct StandardError: Sendable {
    /// The file descriptor (2; tests may pass another).
    let descriptor: Int32

    /// Standard error of this process.
    init(descriptor: Int32 = 2) {
        self.descriptor = descriptor
    }

    /// Whether it is a terminal (then progress lines redraw in place).
    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Writes all of `text`, retrying after interruptions; gives up quietly when it cannot (a closed
    /// terminal must not fail the command).
    func write(_ text: String) {
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
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Writes `merchant-lookup: ` and `line` (control characters escaped) and a newline.
    func writeLine(_ line: String) {
        write("merchant-lookup: " + TerminalText.sanitized(line, keepingNewlines: false) + "\n")
    }
}
