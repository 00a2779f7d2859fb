import Foundation

/// What the tests need to know about the machine running them.
package enum CIEnvironment {
    /// Whether the environment variable `CI` is set to anything but empty, `false` or `0` (GitHub Actions and
    /// most CI services set `CI=true`): there, a check that would be skipped for a missing tool fails instead.
    static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() else { return false }
        return !["", "false", "0", "no"].contains(value)
    }
}
