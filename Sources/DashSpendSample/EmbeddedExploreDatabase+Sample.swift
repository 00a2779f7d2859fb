public import DashSpend

extension EmbeddedExploreDatabase {
    /// The sample explore database compiled into this module: a few dozen real-looking merchants with their
    /// CTX offers, locations and ATMs, named `embedded sample` in answers. For trying the library, previews
    /// and tests; an app ships the database `sync` installs.
    ///
    /// ```swift
    /// import DashSpend
    /// import DashSpendSample
    ///
    /// let configuration = DashSpendConfiguration(stateDirectory: folder, database: .installed(fallback: .sample))
    /// ```
    public static let sample = EmbeddedExploreDatabase(bytes: EmbeddedSampleDatabase.bytes, origin: "embedded sample")
}
