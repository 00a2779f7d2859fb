import DashSpendCore

extension String {
    /// ``trimmedWhitespace`` without its per-`Character` walk when there is nothing to trim: a string whose
    /// first and last bytes are ASCII and not white space is returned as is. (Its first `Character` starts
    /// with that ASCII scalar, and its last can only be that scalar after `Prepend` marks, none of which is
    /// white space, so the full walk would return the same string.) Column values are nearly always clean,
    /// and the walk was the largest cost of reading one merchant after SQLite itself.
    var trimmedColumnText: String {
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last, first < 0x80, last < 0x80,
              !Self.isASCIIWhitespace(first), !Self.isASCIIWhitespace(last)
        else { return trimmedWhitespace }
        return self
    }

    /// `contains("://")`, by bytes for ASCII text (where bytes and `Character`s match one to one around
    /// `:` and `/`), avoiding the generic string-searching machinery.
    var containsSchemeSeparator: Bool {
        let bytes = utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return contains("://") }
        var run = 0  // how much of "://" the bytes just seen match
        for byte in bytes {
            switch (run, byte) {
            case (_, UInt8(ascii: ":")): run = 1
            case (1, UInt8(ascii: "/")): run = 2
            case (2, UInt8(ascii: "/")): return true
            default: run = 0
            }
        }
        return false
    }

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
