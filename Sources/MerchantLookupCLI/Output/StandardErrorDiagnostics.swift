import DashSpend

/// `-v`: each diagnostic event as one line on stderr, as it happens, made safe for a terminal.
struct StandardErrorDiagnostics: DiagnosticsSink {
    func record(_ event: DiagnosticEvent) {
        StandardError().writeLine(event.description)
    }
}
