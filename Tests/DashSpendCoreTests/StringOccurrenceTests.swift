import DashSpendCore
import Testing

@Suite("Finding and replacing text without the iOS 16 string algorithms")
struct StringOccurrenceTests {
    @Test("The first occurrence, by Character, in a String or a Substring")
    func firstOccurrence() {
        let path = "/v0/b/bucket/o/explore%2Fexplore.db"
        let marker = path.firstOccurrence(of: "/o/")
        #expect(marker.map { String(path[..<$0.lowerBound]) } == "/v0/b/bucket")
        #expect(marker.map { String(path[$0.upperBound...]) } == "explore%2Fexplore.db")
        let rest = path.dropFirst(6)
        #expect(rest.firstOccurrence(of: "/o/").map { String(rest[..<$0.lowerBound]) } == "bucket")
        #expect(path.firstOccurrence(of: "/x/") == nil)
        #expect(path.firstOccurrence(of: "") == path.startIndex..<path.startIndex)
        #expect("ab".firstOccurrence(of: "abc") == nil)
        #expect("abab".firstOccurrence(of: "ab") == "abab".startIndex..<"abab".index("abab".startIndex, offsetBy: 2))
        #expect("ab".firstOccurrence(of: "ab") == "ab".startIndex..<"ab".endIndex)
        #expect("café crème".containsText("é c"))
        #expect(!"cafe crème".containsText("é c"))
        #expect("invalid verification code".dropFirst(7).containsText("verification code"))
    }

    @Test("Every occurrence replaced, left to right, never overlapping; an empty text replaces nothing")
    func replacing() {
        #expect("a-b-c".replacingEvery("-", with: "--") == "a--b--c")
        #expect("aaaa".replacingEvery("aa", with: "b") == "bb")
        #expect("aaa".replacingEvery("aa", with: "b") == "ba")
        #expect("token=abc; again abc".replacingEvery("abc", with: "<secret>") == "token=<secret>; again <secret>")
        #expect("nothing".replacingEvery("x", with: "y") == "nothing")
        #expect("abc".replacingEvery("", with: "y") == "abc")
        #expect("".replacingEvery("a", with: "b") == "")
    }
}
