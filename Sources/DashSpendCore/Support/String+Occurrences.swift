extension StringProtocol {
    /// The range of the first occurrence of `text` (compared `Character` by `Character`), or nil; an empty
    /// `text` occurs at the start. The standard library's `firstRange(of:)`, `contains(_:)` with a string
    /// and `replacing(_:with:)` need iOS 16 and macOS 13, and Foundation's are visible only in files that
    /// import Foundation; these need neither.
    package func firstOccurrence(of text: some StringProtocol) -> Range<Index>? {
        var start = startIndex
        while true {
            if self[start...].starts(with: text) { return start..<index(start, offsetBy: text.count) }
            guard start < endIndex else { return nil }
            formIndex(after: &start)
        }
    }

    /// Whether `text` occurs in this text (see ``firstOccurrence(of:)``).
    package func containsText(_ text: some StringProtocol) -> Bool {
        firstOccurrence(of: text) != nil
    }

    /// This text with every occurrence of `text` (left to right, not overlapping) replaced by `replacement`;
    /// an empty `text` replaces nothing.
    package func replacingEvery(_ text: some StringProtocol, with replacement: some StringProtocol) -> String {
        guard !text.isEmpty else { return String(self) }
        var result = ""
        var rest = self[...]
        while let found = rest.firstOccurrence(of: text) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
