#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input: where `show --stdin` reads merchants and `auth verify --code -` the code, and whether a
/// person is there to answer a question (`buy`'s confirmation, the code prompt). The executable's is file
/// descriptor 0; an in-process run passes another descriptor (a file with the input, `/dev/null`).
public struct StandardInput: Sendable {
    /// The file descriptor read.
    public let descriptor: Int32
    /// Whether it is a terminal.
    public let isTerminal: Bool

    /// Standard input read from `descriptor`, a terminal when `isTerminal`.
    public init(descriptor: Int32, isTerminal: Bool) {
        self.descriptor = descriptor
        self.isTerminal = isTerminal
    }

    /// The process's standard input (file descriptor 0).
    public static var process: StandardInput {
        StandardInput(descriptor: 0, isTerminal: FileDescriptorOutput.isTerminal(0))
    }

    /// One line, without its line end (`\n` or `\r\n`); nil at the end of the input before any byte. Reads a
    /// byte at a time, so nothing after the line is taken from the descriptor.
    func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                if bytes.isEmpty { return nil }
                break
            }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
