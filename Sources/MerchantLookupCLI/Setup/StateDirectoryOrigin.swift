import DashSpendCore

/// Where the state directory's path came from (`--state-dir`, `$DASHSPEND_HOME`, `$XDG_STATE_HOME`, or the
/// default), so that a failure of the state directory names what chose it instead of always `--state-dir`.
enum StateDirectoryOrigin: Sendable, Equatable {
    /// `--state-dir DIR`.
    case option
    /// An environment variable (`DASHSPEND_HOME`, `XDG_STATE_HOME`).
    case environment(String)
    /// None was given: `~/.local/state/dashspend` (or `.dashspend` without `$HOME`).
    case defaultFolder

    /// The origin of the folder `StateDirectory.resolve(home:environment:)` picks, by the same rules (an empty
    /// value counts as unset).
    init(option: String?, environment: [String: String]) {
        func present(_ value: String?) -> Bool { value.map { !$0.trimmedWhitespace.isEmpty } ?? false }
        if present(option) {
            self = .option
        } else if present(environment["DASHSPEND_HOME"]) {
            self = .environment("DASHSPEND_HOME")
        } else if present(environment["XDG_STATE_HOME"]) {
            self = .environment("XDG_STATE_HOME")
        } else {
            self = .defaultFolder
        }
    }

    /// How to choose another state directory, in the words of a hint.
    var another: String {
        switch self {
        case .option: "give another folder with --state-dir"
        case .environment(let name): "set $\(name) to another folder, or pass --state-dir"
        case .defaultFolder: "choose another folder with --state-dir or $DASHSPEND_HOME"
        }
    }

    /// The hint of a state-directory failure about `path`: make it private when that is the fix
    /// (`writableByOthers`), else check it, naming what chose it; and how to choose another.
    func hint(path: String?, writableByOthers: Bool) -> String {
        if writableByOthers, let path, !path.isEmpty {
            return "make it private with `chmod 700 \(Self.shellQuoted(path))`, or \(another)"
        }
        switch self {
        case .option: return "check the state directory given with --state-dir"
        case .environment("XDG_STATE_HOME"): return "check the state directory under $XDG_STATE_HOME, or \(another)"
        case .environment(let name): return "check the state directory set by $\(name), or \(another)"
        case .defaultFolder: return "check the default state directory, or \(another)"
        }
    }

    /// `path` as a shell word: as it is when it has only characters that need no quoting, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:@%".contains($0)) }
        return plain ? path : "'" + path.replacingEvery("'", with: "'\\''") + "'"
    }
}
