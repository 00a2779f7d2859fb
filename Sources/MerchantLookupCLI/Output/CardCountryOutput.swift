import DashSpend

/// How `show` and `buy` say where a gift card can be spent (`ProviderInfo.cardCountries`, as the wallets
/// tell their users before they buy).
enum CardCountryOutput {
    /// `the United States only`; several countries joined with commas and `and`.
    static func countries(_ codes: [String]) -> String {
        let names = codes.map(CountryName.english)
        guard let last = names.last else { return "" }
        if names.count == 1 { return last + " only" }
        return names.dropLast().joined(separator: ", ") + " and " + last + " only"
    }

    /// ``countries(_:)``, and when the user's country is known and the cards do not work there, that too:
    /// `the United States only (not in Germany, the country set)`.
    static func text(_ codes: [String], worksInCountry: Bool?, country: String?) -> String {
        var text = countries(codes)
        if worksInCountry == false, let country {
            text += " (not in \(CountryName.english(country)), the country set)"
        }
        return text
    }
}
