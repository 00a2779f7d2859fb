import DashSpendCore
import DashSpendTestSupport
import Testing

/// The bound that keeps most names from the full edit distance when a name is not found (issue 30): it may
/// only skip words that are farther than the tolerance, never one within it.
@Suite("Suggestions: the letter-count bound never skips a close word")
struct NameDistanceBoundTests {
    @Test("isFar implies an edit distance over the tolerance, on random ASCII words and near copies of them")
    func boundHolds() {
        var random = SplitMix64(seed: 30)
        let letters = Array("abcdehmnorst ")
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
        }
        var skipped = 0
        for _ in 0..<3000 {
            let query = word(Int(random.next() % 12) + 1)
            var candidate = Array(query)
            for _ in 0..<Int(random.next() % 5) {
                let position = Int(random.next() % UInt64(candidate.count + 1))
                switch random.next() % 3 {
                case 0: candidate.insert(letters[Int(random.next() % UInt64(letters.count))], at: position)
                case 1 where position < candidate.count: candidate.remove(at: position)
                default: if position < candidate.count { candidate[position] = "x" }
                }
            }
            let other = random.next() % 2 == 0 ? String(candidate) : word(Int(random.next() % 12) + 1)
            let tolerance = max(1, query.count / 3)
            if NameMatching.isFar(Array(query.utf8), other, tolerance) {
                skipped += 1
                #expect(NameMatching.editDistance(query, other) > tolerance, "\(query) / \(other)")
            }
        }
        #expect(skipped > 100, "the bound skips words at all")
        #expect(!NameMatching.isFar(Array("café".utf8), "cafe", 1), "text other than ASCII is measured")
        #expect(!NameMatching.isFar(Array("shwo".utf8), "show", 1), "a swap is no letter missing")
        #expect(NameMatching.isFar(Array("zzqx".utf8), "home", 1))
    }
}
