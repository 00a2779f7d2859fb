/// The version of this package: the one `merchant-lookup --version` prints, the git tag of the release
/// (`0.1.0`, without a `v`), the top entry of CHANGELOG.md and the `from:` of the README's "Use it in your
/// package" snippet (a test checks that they agree).
public enum DashSpendVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
