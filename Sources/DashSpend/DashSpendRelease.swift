/// The version of this package: the one `merchant-lookup --version` prints, the git tag of the release
/// (`0.1.0`, without a `v`), the top entry of CHANGELOG.md and the `from:` of the README's "Use it in your
/// package" snippet (a test checks that they agree).
///
/// (Not `DashSpendVersion`: Swift 6.3.1's symbol-graph extraction leaves a public type named like that out of
/// the documentation, while it keeps the same type under another name.)
public enum DashSpendRelease {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let version = "0.1.0"
}
