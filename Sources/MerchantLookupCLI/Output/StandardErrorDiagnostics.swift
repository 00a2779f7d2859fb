import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `-v`: each diagnostic event as one line on stderr, as it happens, made safe for a terminal.
struct StandardErrorDiagnostics: DiagnosticsSink {
    func record(_ event: DiagnosticEvent) {
        let line = "merchant-lookup: " + TerminalText.sanitized(event.description, keepingNewlines: false) + "\n"
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
