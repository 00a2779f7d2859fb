/// How names typed by a person meet names in the data: accents and case folded (`cafe rio` is `Café Rio`),
/// and the closest names offered when one is not found (`home` → `Home Depot`, `TX` → `Texas`).
///
/// Folding is done here, without Foundation (whose `folding(options:)` would load full Foundation and ICU
/// into every command): lower case by the standard library, combining marks dropped, and the accented Latin
/// letters (Latin-1 and Latin Extended-A) written as their base letters.
package enum NameMatching {
    /// `text` without accents and case (`Café` → `cafe`, `STRASSE` → `strasse`), whitespace runs as one space.
    package static func folded(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.lowercased().unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }  // combining diacritical marks
            if let base = baseLetters[scalar] {
                result += base
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The most words of a search's text ``searchWords(_:)`` keeps: a merchant name has fewer.
    static let maximumSearchWords = 8

    /// The words of a search's text, as a search by words compares them with a name's: folded, apostrophes
    /// removed (`Macy's` is `macys`), any other character that is neither a letter nor a digit a separator,
    /// `and` dropped (`&` is punctuation, so `barnes and noble` is `Barnes & Noble`) unless it is all there is,
    /// each word once, at most ``maximumSearchWords``.
    package static func searchWords(_ text: String) -> [String] {
        let all = nameWords(text).split(separator: " ").map(String.init)
        let meaningful = all.filter { $0 != "and" }
        var seen: Set<String> = []
        return (meaningful.isEmpty ? all : meaningful).filter { seen.insert($0).inserted }.prefix(maximumSearchWords)
            .map { $0 }
    }

    /// `text` as its words, one space between them: folded, apostrophes removed (`Macy's` → `macys`), any
    /// other character that is neither a letter nor a digit a separator (`Barnes & Noble` → `barnes noble`,
    /// `Hotels.com` → `hotels com`).
    package static func nameWords(_ text: String) -> String {
        var cleaned = ""
        for character in folded(text) {
            if "'’ʼ`".contains(character) { continue }
            cleaned.append(character.isLetter || character.isNumber ? character : " ")
        }
        return cleaned.split(separator: " ").joined(separator: " ")
    }

    /// Accented lower-case Latin letters and ligatures and what they fold to.
    static let baseLetters: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("æ", "ae"), ("çćĉċč", "c"), ("ďđð", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"),
            ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĳ", "ij"), ("ĵ", "j"), ("ķĸ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉŋ", "n"),
            ("òóôõöøōŏő", "o"), ("œ", "oe"), ("ŕŗř", "r"), ("śŝşšſ", "s"), ("ß", "ss"), ("ţťŧ", "t"), ("þ", "th"),
            ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = base }
        }
        return table
    }()

    /// At most `limit` of `names` closest to `typed`, best first: a name containing it, then a name starting
    /// with its first letter and containing its letters in order (`TX` → `Texas`), then a name (or a word of
    /// one) a few typing mistakes away. Empty when none is close.
    ///
    /// The work per name is bounded by the name's length, whatever the length of `typed`: a name shorter than
    /// `typed` cannot contain it nor its letters, and a word is measured only when its length is within the
    /// tolerance of `typed`'s (else it is farther than that anyway).
    package static func suggestions(for typed: String, among names: [String], limit: Int = 3) -> [String] {
        suggestions(for: typed, amongFolded: names.map { ($0, folded($0)) }, limit: limit)
    }

    /// ``suggestions(for:among:limit:)`` among names already folded (each with its ``folded(_:)``), as a side
    /// index keeps them: nothing is folded again but the typed text.
    package static func suggestions(
        for typed: String, amongFolded names: [(name: String, folded: String)], limit: Int = 3
    ) -> [String] {
        let query = folded(typed)
        guard !query.isEmpty else { return [] }
        let letters = Array(query.filter { !$0.isWhitespace })
        let length = query.count
        let tolerance = max(1, length / 3)
        let queryBytes = Array(query.utf8)
        var scored: [(score: Int, folded: String, name: String)] = []
        var seen: Set<String> = []
        for (name, candidate) in names where seen.insert(name).inserted {
            guard candidate != query else { continue }
            let candidateLength = candidate.count
            let score: Int
            if candidateLength >= length, candidate.contains(query) {
                score = 0
            } else if letters.count >= 2, candidateLength >= letters.count, candidate.first == letters.first,
                isSubsequence(letters, of: candidate)
            {
                score = 1
            } else {
                let words = [candidate] + candidate.split(separator: " ").map(String.init)
                let distance =
                    words.filter { abs($0.count - length) <= tolerance && !Self.isFar(queryBytes, $0, tolerance) }
                    .map { editDistance(query, $0) }.min() ?? Int.max
                guard distance <= tolerance else { continue }
                score = 1 + distance
            }
            scored.append((score, candidate, name))
        }
        return scored.sorted { ($0.score, $0.folded, $0.name) < ($1.score, $1.folded, $1.name) }
            .prefix(max(0, limit)).map(\.name)
    }

    /// Whether `word` is surely more than `tolerance` edits from the ASCII text `query` (its bytes): both ASCII,
    /// and the letters one has that the other lacks (counted with repeats) number more than `tolerance`, a
    /// bound no edit distance is under (an insertion, deletion or substitution changes that count by one at
    /// most, a swap not at all). False when it cannot tell (text other than ASCII): the distance is measured.
    /// A name not found is compared with every merchant's; this keeps most of them from the full measure.
    package static func isFar(_ query: [UInt8], _ word: String, _ tolerance: Int) -> Bool {
        guard query.allSatisfy({ $0 < 0x80 }) else { return false }
        var counts = [Int](repeating: 0, count: 128)
        for byte in query { counts[Int(byte)] += 1 }
        for byte in word.utf8 {
            guard byte < 0x80 else { return false }
            counts[Int(byte)] -= 1
        }
        var missing = 0
        var extra = 0
        for count in counts {
            if count > 0 { missing += count } else { extra -= count }
        }
        return max(missing, extra) > tolerance
    }

    /// Whether `letters` appear in `text` in this order (others may come between).
    static func isSubsequence(_ letters: [Character], of text: String) -> Bool {
        var remaining = letters[...]
        for character in text where character == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }

    /// Edit distance between `a` and `b`, by characters: insertions, deletions, substitutions and swaps of
    /// two neighbours (`shwo` is one from `show`).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var beforePrevious = previous
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous) = (previous, current)
        }
        return previous[b.count]
    }
}
