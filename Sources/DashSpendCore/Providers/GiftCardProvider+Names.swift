extension GiftCardProvider {
    /// The name of every provider this project has ever known, by identifier, compiled into this build or
    /// not: what a kept order of a provider this build leaves out is shown under.
    private static let knownNames = ["ctx": "CTX", "piggycards": "PiggyCards"]

    /// The display name of the provider whose identifier is `id`: the compiled provider's, else a provider
    /// this project knows but this build leaves out (`piggycards` → `PiggyCards`), else `id` itself.
    public static func displayName(ofId id: String) -> String {
        if let provider = GiftCardProvider(id: id) { return provider.displayName }
        return knownNames[id.lowercased()] ?? id
    }
}
