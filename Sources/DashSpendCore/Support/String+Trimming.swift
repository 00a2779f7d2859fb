extension StringProtocol {
    /// The string without leading and trailing white space and newlines (no Foundation needed).
    public var trimmedWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
