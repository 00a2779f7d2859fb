public import DashSpendCore

/// When the merchant service asks providers for live answers.
///
/// `merchant-lookup` names them with its options: `--offline` is ``cacheOnly`` (with
/// ``DashSpendConfiguration/offline`` set, so nothing else touches the network), `--live` ``networkOnly``,
/// `--refresh` ``networkFirst``, `--max-age SECONDS` ``cacheFirst(maxAge:)`` with those seconds, and none of
/// them `cacheFirst()`.
///
/// Every live answer that arrives is written through to the state database in one transaction and read
/// back from there: what a lookup shows is what was stored. A failed or malformed answer never replaces a
/// stored one.
public enum FetchPolicy: Sendable, Hashable {
    /// Use a provider's stored answer without asking while it is younger than `maxAge` seconds (nil: the
    /// provider's own `ProviderInfo.offerMaxAge`, 30 s for CTX); an older or missing one is asked for, and a
    /// provider that fails then falls back to the stored answer, as under ``networkFirst``. `maxAge` 0 always
    /// asks.
    case cacheFirst(maxAge: Double? = nil)
    /// Ask every provider the user is signed in to; on failure fall back to the stored answer, then the
    /// explore database, and report the failure with the result (``ResolvedOffer/liveError``).
    case networkFirst
    /// Like ``networkFirst`` but a signed-in provider that cannot answer (network down, refused, unreadable)
    /// is an error, and so is having no provider signed in at all. A provider the user never signed in to
    /// is skipped while another answers live.
    case networkOnly
    /// Never touch the network: stored answers, then the explore database.
    case cacheOnly

    /// Seconds a stored answer of `provider` is used without asking, under this policy; nil when the
    /// policy never skips the network because of a stored answer (or never asks at all).
    public func maxAge(for provider: GiftCardProvider) -> Double? {
        maxAge(default: provider.info.offerMaxAge)
    }

    /// Seconds a stored value is used without asking under this policy, `defaultMaxAge` when
    /// ``cacheFirst(maxAge:)`` names none; nil when the policy never skips the network for a stored value.
    package func maxAge(default defaultMaxAge: Double) -> Double? {
        guard case .cacheFirst(let maxAge) = self else { return nil }
        return maxAge ?? defaultMaxAge
    }
}
