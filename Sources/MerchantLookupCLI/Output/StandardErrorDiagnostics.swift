import DashSpend

/// `-v`: each diagnostic event as one line on stderr, as it happens, made safe for a terminal.
struct StandardErrorDiagnostics: DiagnosticsSink {
    /// Where the lines go.
    let standardError: StandardError

    func record(_ event: DiagnosticEvent) {
        standardError.writeLine(event.description)
    }
}
