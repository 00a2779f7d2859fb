/// What an option's value is, in words a help text, a shell completion or a man page can use: free text, a
/// path, a number within a range, one of a few words.
enum ValueKind: Sendable, Equatable {
    /// Any text.
    case text
    /// The path of a file.
    case file
    /// The path of a folder.
    case directory
    /// A URL.
    case url
    /// An e-mail address.
    case email
    /// A whole number within the range.
    case integer(ClosedRange<Int>)
    /// A decimal number within the range.
    case number(ClosedRange<Double>)
    /// An amount of money (a positive decimal).
    case amount
    /// A point as `LAT,LON` in degrees.
    case coordinates
    /// One of these words.
    case choice([String])
    /// One or more of these words, comma-separated (the option may also be repeated).
    case list([String])
    /// A file, or something else the option's help names (`sync --from`: a file, `gs://` or an https URL).
    case fileOrURL
}
