/// The Dash network a wallet runs on. Credentials and cached state are kept apart per network.
public enum DashSpendNetwork: String, CaseIterable, Sendable, Hashable, Codable {
    /// The main network.
    case mainnet
    /// The test network (providers' staging servers).
    case testnet
}
