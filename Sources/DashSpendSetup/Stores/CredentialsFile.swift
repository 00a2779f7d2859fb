package import DashSpendCore

/// The door of the stored credentials, as the services of one client see them: the configuration's store
/// (by default the file in the state directory), read to check it before the network is asked, so that a
/// damaged or unreadable one fails (``DashSpendFailure/Cause/credentials``) instead of passing for "not
/// signed in".
package struct CredentialsFile: Sendable {
    /// Where the credentials are kept.
    package let store: any CredentialStore
    /// The network whose credentials are read.
    package let network: DashSpendNetwork
    /// Whether the client never asks the network.
    package let offline: Bool

    /// The door of `store`'s credentials for `network`, for a client that is `offline` or not.
    package init(store: any CredentialStore, network: DashSpendNetwork, offline: Bool) {
        self.store = store
        self.network = network
        self.offline = offline
    }

    /// Reads the stored credentials of `provider`; a damaged or unreadable file fails.
    package func check(_ provider: GiftCardProvider) throws(DashSpendFailure) {
        _ = try load(provider)
    }

    /// The stored credentials of `provider` (nil when none are kept); a damaged or unreadable file fails.
    package func load(_ provider: GiftCardProvider) throws(DashSpendFailure) -> ProviderCredentials? {
        do {
            return try store.load(provider, network: network)
        } catch {
            throw DashSpendFailure(error, provider: provider)
        }
    }

    /// Fails when `policy` cannot be used: ``FetchPolicy/networkOnly`` offline (`what` says which request
    /// needed the network), or stored credentials that cannot be read when the network may be asked (a
    /// damaged file is reported, not taken for "not signed in").
    package func checkUsable(_ policy: FetchPolicy, for what: String, subject: String?) throws(DashSpendFailure) {
        if offline && policy == .networkOnly {
            // Without this the providers read as "not signed in", and the caller would be told to sign in.
            throw DashSpendFailure(
                .invalidRequest, "\(what) needs the network, and this client is offline", subject: subject)
        }
        if !offline && policy != .cacheOnly {
            for provider in GiftCardProvider.allCases { try check(provider) }
        }
    }
}
