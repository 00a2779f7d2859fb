import DashSpend

/// What `sync` shows besides its report: progress, warnings, and the report's newer JSON members.
enum SyncOutput {
    /// Progress on stderr: redrawn on a terminal, one line per stage elsewhere, none with `--quiet` or
    /// `--json`.
    static func progressView(_ invocation: Invocation) -> SyncProgressView {
        let standardError = invocation.standardError
        let style: SyncProgressView.Style =
            invocation.quiet || invocation.json ? .silent : standardError.isTerminal ? .redrawing : .lines
        return SyncProgressView(style: style) { standardError.write($0) }
    }

    /// Each warning as one line on stderr (not with `--quiet`).
    static func warn(_ warnings: [String], _ invocation: Invocation) {
        guard !invocation.quiet else { return }
        for warning in warnings {
            invocation.standardError.writeLine("warning: " + warning + " (`sync --strict` refuses such a file)")
        }
    }

    /// `, verified against the archive's comment` and the like, for the text report's checksum line.
    static func verification(_ report: SyncReport) -> String {
        switch report.checksumVerified {
        case true?: ", verified against the archive's comment"
        case false?: ", NOT the checksum the archive's comment states"
        case nil: ""
        }
    }

    /// The changes from the database the import replaced: the counts, then a line per change (the first 20;
    /// `--json` lists them all); nothing when there was none before.
    static func changes(_ report: SyncReport) -> String {
        guard let changes = report.changes else { return "" }
        let lines = ExploreDifferenceOutput.lines(changes, limit: 20).map { "  " + $0 }
        return (["changes:         " + ExploreDifferenceOutput.summary(changes)] + lines).joined(separator: "\n") + "\n"
    }

    /// `checksumVerified`, `bytes` (source and installed) and `seconds` (per stage that ran): what both results
    /// of `sync --json` end with (each states `updated` itself, beside its `status`).
    static func members(_ report: SyncReport) -> [(String, JSONDocument)] {
        [
            ("checksumVerified", report.checksumVerified.map(JSONDocument.bool) ?? .null),
            (
                "bytes",
                .object([
                    ("source", report.sourceBytes.map(JSONDocument.integer) ?? .null),
                    ("installed", report.installedBytes.map(JSONDocument.integer) ?? .null),
                ])
            ),
            ("seconds", .object(report.stages.map { ($0.stage.rawValue, .double($0.elapsed)) })),
        ]
    }
}

extension JSONDocument {
    /// This object with `members` appended (any other document is returned as it is).
    func adding(_ members: [(String, JSONDocument)]) -> JSONDocument {
        guard case .object(let existing) = self else { return self }
        return .object(existing + members)
    }
}
