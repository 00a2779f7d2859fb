/// When the merchant service asks providers for live answers.
public enum FetchPolicy: Sendable, Hashable {
    /// Ask every provider the user is signed in to; on failure fall back to the cached answer, then the
    /// explore database. Live answers are written through to the cache.
    case networkFirst
    /// Like ``networkFirst`` but a provider that cannot answer (not signed in, network down) is an error.
    case networkOnly
    /// Never touch the network: cached answers, then the explore database.
    case cacheOnly
}
