import DashSpendCore

extension String {
    /// `contains("://")`, by bytes for ASCII text (where bytes and `Character`s match one to one around
    /// `:` and `/`), avoiding the generic string-searching machinery.
    var containsSchemeSeparator: Bool {
        let bytes = utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return containsText("://") }
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
}
