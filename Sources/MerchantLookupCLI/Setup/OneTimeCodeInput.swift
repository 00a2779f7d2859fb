import DashSpend

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `auth verify` takes the one-time code from, so that it need not sit in the shell history:
/// `--code CODE`, `--code -` (one line of standard input), or, with no `--code`, a prompt on the
/// terminal with echo turned off. Without a terminal and without `--code` it is a usage error.
enum OneTimeCodeInput {
    /// What `--code` says.
    enum Source: Sendable, Equatable {
        /// `--code CODE`.
        case given(String)
        /// `--code -`: one line of standard input.
        case standardInput
    }

    /// Fails as ``code(_:words:)`` would without reading anything: `--code` given empty, or no `--code` and
    /// no terminal to ask on (so a bad command line is 64 whatever the sign-in state).
    static func requireSource(_ invocation: Invocation, words: [String]) throws(CLIError) {
        let command = words.joined(separator: " ")
        switch invocation[AuthOptions.code] {
        case .standardInput?:
            return
        case .given(let given)?:
            if given.trimmedWhitespace.isEmpty { throw .usage("`\(command)` needs --code") }
        case nil:
            if !invocation.streams.input.isTerminal {
                throw .usage("`\(command)` needs --code CODE, or --code - to read it from standard input")
            }
        }
    }

    /// The code, trimmed and not empty.
    static func code(_ invocation: Invocation, words: [String]) throws(CLIError) -> String {
        let command = words.joined(separator: " ")
        let input = invocation.streams.input
        let raw: String?
        switch invocation[AuthOptions.code] {
        case .standardInput?:
            raw = input.readLine()
            guard raw != nil else { throw .usage("`\(command) --code -` read no line from standard input") }
        case .given(let given)?:
            raw = given
        case nil:
            guard input.isTerminal else {
                throw .usage("`\(command)` needs --code CODE, or --code - to read it from standard input")
            }
            raw = prompt("one-time code: ", input: input, standardError: invocation.standardError)
        }
        guard let code = raw?.trimmedWhitespace, !code.isEmpty else { throw .usage("`\(command)` needs --code") }
        return code
    }

    /// Asks on stderr and reads one line from the terminal without echoing it (echo is restored after).
    private static func prompt(_ text: String, input: StandardInput, standardError: StandardError) -> String? {
        standardError.write(text)
        var saved = termios()
        let canHide = tcgetattr(input.descriptor, &saved) == 0
        if canHide {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(input.descriptor, TCSANOW, &quiet)
        }
        let line = input.readLine()
        if canHide {
            tcsetattr(input.descriptor, TCSANOW, &saved)
            standardError.write("\n")
        }
        return line
    }
}

extension ValueParser where Value == OneTimeCodeInput.Source {
    /// `-` for standard input, else the code itself.
    static var oneTimeCode: ValueParser {
        ValueParser(kind: .text) { text, _ in text == "-" ? .standardInput : .given(text) }
    }
}
