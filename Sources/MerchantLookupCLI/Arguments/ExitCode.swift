/// The process exit codes, from `sysexits.h` where one fits.
public enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// The merchant (or another thing asked for) was not found, or the provider refused.
    case notFound = 1
    /// Bad command line (`EX_USAGE`).
    case usage = 64
    /// The database or an answer is unreadable or unsupported (`EX_DATAERR`).
    case dataError = 65
    /// The database file is missing (`EX_NOINPUT`).
    case noInput = 66
    /// The network is needed and unavailable (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// The state directory, or a file in it, cannot be written (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// The output could not be written (`EX_IOERR`).
    case outputFailed = 74
    /// Sign-in required or session expired (`EX_NOPERM`).
    case signInRequired = 77
}
