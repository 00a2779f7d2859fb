/// A Code 128 symbol (ISO/IEC 15417): the symbol characters that encode a text in the fewest characters, with
/// its mod-103 check character, and its modules.
///
/// The encoder chooses the start code set and every switch (Code A/B/C) and single-character shift so that the
/// symbol has the fewest symbol characters, the shortest bars for the text (a dynamic programme over the
/// positions and code sets: runs of digits go into set C two at a time, lower case and controls into B and A).
/// Only the 128 ASCII characters are encoded; FNC1 to FNC4 (GS1 and extended Latin-1) are not written.
package struct Code128Symbol: Sendable, Hashable {
    /// The symbol character values: the start character, the data (switches and shifts included), the check
    /// character. The stop character is not among them.
    package let values: [Int]

    /// The light modules a reader needs before and after the bars: 10 (ISO/IEC 15417, 4.4.3).
    package static let quietZone = 10

    /// Encodes `text`, which must be ASCII.
    ///
    /// - Throws: ``BarcodeError/empty`` for an empty text, ``BarcodeError/unencodableCharacter(format:offset:)``
    ///   for a character beyond ASCII.
    package init(encoding text: String) throws(BarcodeError) {
        guard !text.isEmpty else { throw .empty }
        var bytes: [UInt8] = []
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.value < 128 else { throw .unencodableCharacter(format: .code128, offset: offset) }
            bytes.append(UInt8(scalar.value))
        }
        values = Self.withCheckCharacter(Self.dataValues(bytes))
    }

    /// The start character and the data characters for `bytes` (ASCII), in the fewest symbol characters.
    static func dataValues(_ bytes: [UInt8]) -> [Int] {
        let count = bytes.count
        let sets = Code128CodeSet.allCases
        func isDigit(_ index: Int) -> Bool { index < count && (48...57).contains(bytes[index]) }
        // cost[i][set]: the fewest symbol characters that encode bytes[i...] when set `set` is current at i.
        // Computed from the end; a switch at i is followed by encoding in the new set at the same i, never by a
        // second switch.
        let unreachable = Int.max / 4
        var cost = [[Int]](repeating: [Int](repeating: unreachable, count: 3), count: count + 1)
        cost[count] = [0, 0, 0]
        func withoutSwitch(_ index: Int, _ set: Code128CodeSet) -> Int {
            switch set {
            case .c:
                return isDigit(index) && isDigit(index + 1) ? 1 + cost[index + 2][set.rawValue] : unreachable
            case .a, .b:
                if set.value(of: bytes[index]) != nil { return 1 + cost[index + 1][set.rawValue] }
                let other: Code128CodeSet = set == .a ? .b : .a
                return other.value(of: bytes[index]) != nil ? 2 + cost[index + 1][set.rawValue] : unreachable
            }
        }
        if count > 0 {
            for index in stride(from: count - 1, through: 0, by: -1) {
                let direct = sets.map { withoutSwitch(index, $0) }
                for set in sets {
                    let switched = sets.filter { $0 != set }.map { 1 + direct[$0.rawValue] }.min()!
                    cost[index][set.rawValue] = min(direct[set.rawValue], switched)
                }
            }
        }
        // The start set: the cheapest; on a tie C, then B, then A (C only when it encodes what follows).
        var set = [Code128CodeSet.c, .b, .a].min { cost[0][$0.rawValue] < cost[0][$1.rawValue] }!
        var values = [set.startValue]
        var index = 0
        while index < count {
            if withoutSwitch(index, set) != cost[index][set.rawValue] {
                // On a tie B, then A, then C.
                let target = [Code128CodeSet.b, .a, .c].filter { $0 != set }
                    .first { 1 + withoutSwitch(index, $0) == cost[index][set.rawValue] }!
                values.append(target.switchValue)
                set = target
            }
            switch set {
            case .c:
                values.append(Int(bytes[index] - 48) * 10 + Int(bytes[index + 1] - 48))
                index += 2
            case .a, .b:
                if let value = set.value(of: bytes[index]) {
                    values.append(value)
                } else {
                    let other: Code128CodeSet = set == .a ? .b : .a
                    values += [Code128CodeSet.shiftValue, other.value(of: bytes[index])!]
                }
                index += 1
            }
        }
        return values
    }

    /// `values` followed by the check character: the start value plus each following value times its
    /// position (from 1), modulo 103.
    static func withCheckCharacter(_ values: [Int]) -> [Int] {
        var sum = values[0]
        for (position, value) in values.enumerated().dropFirst() { sum += position * value }
        return values + [sum % 103]
    }

    /// The modules of the symbol, without the quiet zone: each character's 11, then the stop character's 13.
    package var modules: [Bool] {
        values.flatMap { Code128Patterns.modules(of: $0) } + Code128Patterns.stopModules
    }

    /// The symbol as one row of bars `height` units high (ISO/IEC 15417 asks at least 0.15 of the width or
    /// 6.35 mm; the default is the larger of 0.15 × width and 24).
    package func image(height: Int? = nil) -> BarcodeImage {
        let modules = modules
        let height = height ?? max(24, (modules.count * 15 + 99) / 100)
        return BarcodeImage(rows: [modules], rowHeight: height, quietZone: Self.quietZone, verticalQuietZone: 0)
    }
}
