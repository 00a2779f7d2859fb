/// Where DashSpend keeps its state (credentials, cached answers), chosen the XDG way.
public enum StateDirectory {
    /// Picks the state directory, first match wins:
    /// 1. `home` (the `--home DIR` option),
    /// 2. `$DASHSPEND_HOME`,
    /// 3. `$XDG_STATE_HOME/dashspend`,
    /// 4. `$HOME/.local/state/dashspend`,
    /// 5. `.dashspend` in the current directory when not even `$HOME` is set.
    ///
    /// Empty values count as unset; a trailing `/` is removed.
    public static func resolve(home: String?, environment: [String: String]) -> String {
        func present(_ value: String?) -> String? {
            guard let value, !value.trimmedWhitespace.isEmpty else { return nil }
            return value
        }
        let chosen: String
        if let home = present(home) {
            chosen = home
        } else if let explicit = present(environment["DASHSPEND_HOME"]) {
            chosen = explicit
        } else if let xdg = present(environment["XDG_STATE_HOME"]) {
            chosen = trimmingSlash(xdg) + "/dashspend"
        } else if let userHome = present(environment["HOME"]) {
            chosen = trimmingSlash(userHome) + "/.local/state/dashspend"
        } else {
            chosen = ".dashspend"
        }
        return trimmingSlash(chosen)
    }

    private static func trimmingSlash(_ path: String) -> String {
        var result = path
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }
}
