/// When the merchant service asks providers for live answers.
public enum FetchPolicy: Sendable, Hashable {
    /// Ask every provider the user is signed in to; on failure fall back to the cached answer, then the
    /// explore database. Live answers are written through to the cache.
    case networkFirst
    /// Like ``networkFirst`` but a signed-in provider that cannot answer (network down, refused, unreadable)
    /// is an error, and so is having no provider signed in at all. A provider the user never signed in to
    /// is skipped while another answers live.
    case networkOnly
    /// Never touch the network: cached answers, then the explore database.
    case cacheOnly
}
