#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output: where a command's result goes, and what it is (a terminal gets the QR code's colours; its
/// width is what help can wrap to). The executable's writes to file descriptor 1, unbuffered, so a script
/// reading a pipe sees each piece a batch `show` writes when it is written; an in-process run passes its own.
public struct StandardOutput: Sendable {
    private let writer: @Sendable (String) -> Bool
    /// Whether it is a terminal.
    public let isTerminal: Bool
    /// The terminal's width in columns; nil when it is not a terminal (or does not say).
    public let width: Int?

    /// Standard output written through `writer` (false from it: the text could not be written).
    public init(isTerminal: Bool, width: Int? = nil, writer: @escaping @Sendable (String) -> Bool) {
        self.isTerminal = isTerminal
        self.width = width
        self.writer = writer
    }

    /// The process's standard output (file descriptor 1).
    public static var process: StandardOutput {
        let terminal = FileDescriptorOutput.isTerminal(1)
        return StandardOutput(isTerminal: terminal, width: terminal ? terminalWidth(1) : nil) {
            FileDescriptorOutput.write($0, to: 1)
        }
    }

    /// Writes `text`; false when it could not be written.
    public func write(_ text: String) -> Bool {
        writer(text)
    }

    /// The columns of the terminal on `descriptor` (`TIOCGWINSZ`), nil when it does not say.
    private static func terminalWidth(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
