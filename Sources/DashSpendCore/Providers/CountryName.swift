/// The English name of a country, for saying where a gift card works (``ProviderInfo/cardCountries``) or
/// where a provider is not offered (``ProviderInfo/blockedCountries``).
public enum CountryName {
    /// The names of the countries the providers' facts name, with the article English puts before some.
    static let names: [String: String] = [
        "US": "the United States", "CA": "Canada", "GB": "the United Kingdom", "RU": "Russia", "CU": "Cuba",
    ]

    /// The English name of `code` (an ISO 3166-1 alpha-2 code, any case): `the United States` for `US`; the
    /// code itself, upper-cased, for a country the providers' facts do not name.
    public static func english(_ code: String) -> String {
        let upper = code.trimmedWhitespace.uppercased()
        return names[upper] ?? upper
    }
}
