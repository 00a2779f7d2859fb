import DashSpendCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a provider's free text about a payment (PiggyCards' `payMessage`) agrees with the payment that
/// was checked: a note naming another Dash address, or another Dash amount (`0.5 DASH`), contradicts it and
/// is never shown beside it as if it agreed.
enum ProviderNoteCheck {
    /// What in `note` contradicts the checked payment (`address`, `amount`), in a few words; nil when
    /// nothing does.
    static func conflict(in note: String, address: String, amount: Decimal) -> String? {
        let words = note.split { !($0.isLetter || $0.isNumber || $0 == ".") }.map { word in
            // A sentence's full stop is not part of the word.
            word.hasSuffix(".") ? String(word.dropLast()) : String(word)
        }
        var conflicts: [String] = []
        for (index, word) in words.enumerated() {
            if word != address, (26...35).contains(word.count), isAddress(word) {
                conflicts.append("another address (\(word))")
            }
            if index + 1 < words.count, words[index + 1].uppercased() == "DASH",
                let named = Decimal(plainText: word), named != amount
            {
                conflicts.append("another amount (\(word) DASH)")
            }
        }
        return conflicts.isEmpty ? nil : conflicts.joined(separator: " and ")
    }

    /// Whether `word` is a Dash address of either network.
    private static func isAddress(_ word: String) -> Bool {
        DashSpendNetwork.allCases.contains { DashAddress.isValid(word, network: $0) }
    }
}
