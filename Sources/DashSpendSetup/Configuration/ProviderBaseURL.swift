package import DashSpendCore

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The rule for a provider base URL that replaces the provider's own: `http` or `https`, with a host,
/// and plain `http` only to this machine (see ``isLoopbackHost(_:)``), since stored tokens are sent there.
/// Checked on the text alone, before any name is looked up.
package enum ProviderBaseURL {
    /// `raw` as a base URL (with a trailing `/`), or a failure saying why it cannot be used.
    package static func validated(_ raw: String, for provider: GiftCardProvider) throws(DashSpendFailure) -> URL {
        guard let url = URL(string: raw.hasSuffix("/") ? raw : raw + "/"), url.scheme == "http" || url.scheme == "https",
            let host = url.host
        else {
            throw DashSpendFailure(
                .invalidRequest, "the \(provider.displayName) base URL must be an http(s) URL, not \(raw)",
                provider: provider, subject: raw)
        }
        guard url.scheme == "https" || isLoopbackHost(host) else {
            throw DashSpendFailure(
                .invalidRequest,
                "the \(provider.displayName) base URL must use https (plain http is allowed for localhost only), not \(raw)",
                provider: provider, subject: raw)
        }
        return url
    }

    /// Whether `host` is exactly `localhost` (any case) or an address literal on the loopback interface:
    /// an IPv4 dotted quad (parsed strictly by `inet_pton`: no `127.1`, no octal) in 127.0.0.0/8, or `::1`
    /// (with or without brackets). A name such as `127.evil.example` is not, whatever it resolves to.
    static func isLoopbackHost(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, bare, &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: &ipv6) { Array($0) } == [UInt8](repeating: 0, count: 15) + [1]
    }
}
