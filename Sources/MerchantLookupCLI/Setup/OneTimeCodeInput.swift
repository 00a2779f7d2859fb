import DashSpendCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `auth verify` takes the one-time code from, so that it need not sit in the shell history:
/// `--code CODE`, `--code -` (one line of standard input), or, with no `--code`, a prompt on the
/// terminal with echo turned off. Without a terminal and without `--code` it is a usage error.
enum OneTimeCodeInput {
    /// The code, trimmed and not empty.
    static func code(_ invocation: Invocation, words: [String]) throws(CLIError) -> String {
        let command = words.joined(separator: " ")
        let raw: String?
        switch invocation.arguments.value("--code") {
        case "-"?:
            raw = readLine(strippingNewline: true)
            guard raw != nil else { throw .usage("`\(command) --code -` read no line from standard input") }
        case let given?:
            raw = given
        case nil:
            guard isatty(STDIN_FILENO) == 1 else {
                throw .usage("`\(command)` needs --code CODE, or --code - to read it from standard input")
            }
            raw = prompt("one-time code: ")
        }
        guard let code = raw?.trimmedWhitespace, !code.isEmpty else { throw .usage("`\(command)` needs --code") }
        return code
    }

    /// Asks on stderr and reads one line from the terminal without echoing it (echo is restored after).
    private static func prompt(_ text: String) -> String? {
        writeToStandardError(text)
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        }
        let line = readLine(strippingNewline: true)
        if canHide {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            writeToStandardError("\n")
        }
        return line
    }

    private static func writeToStandardError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
