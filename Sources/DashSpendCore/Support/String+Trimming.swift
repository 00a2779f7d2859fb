extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The string without leading and trailing white space and newlines (no Foundation needed).
    ///
    /// Fast path: a string whose first and last bytes are ASCII and not white space is returned as is
    /// (its first `Character` starts with that scalar and its last can only end with it, so the walk below
    /// would return the same string). Database and API values are nearly always clean, and the walk over
    /// `Character`s was the largest cost of reading a merchant after SQLite itself.
    public var trimmedWhitespace: String {
        let bytes = utf8
        if let first = bytes.first, let last = bytes.last, first < 0x80, last < 0x80,
            !Self.isASCIIWhitespace(first), !Self.isASCIIWhitespace(last)
        {
            return String(self)
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
