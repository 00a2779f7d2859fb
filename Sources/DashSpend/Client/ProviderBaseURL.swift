import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rule for a provider base URL that replaces the provider's own: `http` or `https`, with a host,
/// and plain `http` only to this machine, since stored tokens are sent there.
enum ProviderBaseURL {
    /// `raw` as a base URL (with a trailing `/`), or a failure saying why it cannot be used.
    static func validated(_ raw: String, for provider: GiftCardProvider) throws(DashSpendFailure) -> URL {
        guard let url = URL(string: raw.hasSuffix("/") ? raw : raw + "/"), url.scheme == "http" || url.scheme == "https",
            let host = url.host
        else {
            throw DashSpendFailure(
                .invalidRequest, "the \(provider.displayName) base URL must be an http(s) URL, not \(raw)",
                provider: provider, subject: raw)
        }
        let local = ["localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
        guard url.scheme == "https" || local else {
            throw DashSpendFailure(
                .invalidRequest,
                "the \(provider.displayName) base URL must use https (plain http is allowed for this machine only), not \(raw)",
                provider: provider, subject: raw)
        }
        return url
    }
}
