import DashSpendBarcode
import Testing

/// The Code 128 encoder's choices, against values worked out by hand from ISO/IEC 15417.
@Suite("Code 128 symbol characters, code sets and check character")
struct Code128SymbolTests {
    @Test("Digits in pairs: Start C, the pairs, the check character (105 + 1×12 + 2×34 = 185 ≡ 82 mod 103)")
    func digits() throws {
        #expect(try Code128Symbol(encoding: "1234").values == [105, 12, 34, 82])
    }

    @Test("An odd run of digits: the one left over goes into set B, after a switch (Code B, 100)")
    func oddDigits() throws {
        // Start C, 12, 34, Code B, "5" (21); check: 105 + 12 + 68 + 300 + 84 = 569 ≡ 54.
        #expect(try Code128Symbol(encoding: "12345").values == [105, 12, 34, 100, 21, 54])
    }

    @Test("Letters then a long run of digits: Start B, the letters, Code C, the pairs")
    func lettersThenDigits() throws {
        let values = try Code128Symbol(encoding: "AB12345678").values
        #expect(Array(values.dropLast()) == [104, 33, 34, 99, 12, 34, 56, 78])
    }

    @Test("Four digits between letters stay in set B (a switch there and back costs as much as it saves)")
    func shortDigitRunStaysInB() throws {
        let values = try Code128Symbol(encoding: "a1234b").values
        #expect(Array(values.dropLast()) == [104, 65, 17, 18, 19, 20, 66])
    }

    @Test("Six digits between letters go into set C: two symbol characters fewer than six in B, for two switches")
    func longDigitRunSwitches() throws {
        let values = try Code128Symbol(encoding: "a123456b").values
        #expect(Array(values.dropLast()) == [104, 65, 99, 12, 34, 56, 100, 66])
    }

    @Test("One control character among lower case: a Shift (98), not a switch to set A")
    func shift() throws {
        let values = try Code128Symbol(encoding: "ab\tcd").values
        #expect(Array(values.dropLast()) == [104, 65, 66, 98, 73, 67, 68])
    }

    @Test("Control characters first: Start A (103), controls as 64 + code")
    func startA() throws {
        let values = try Code128Symbol(encoding: "\t\tAB").values
        #expect(Array(values.dropLast()) == [103, 73, 73, 33, 34])
    }

    @Test("The check character is the weighted sum modulo 103 for every length (checked against a direct sum)")
    func checkCharacter() throws {
        for text in ["X", "PJJ123C", "6006491234567890", "Gift-Card 0042 !", "99999999999999999999"] {
            let values = try Code128Symbol(encoding: text).values
            let sum = values.dropLast().enumerated().reduce(0) { $0 + max(1, $1.offset) * $1.element }
            #expect(values.last == sum % 103, "\(text)")
        }
    }

    @Test("Modules: 11 per symbol character, 13 for the stop; a bar first and last")
    func modules() throws {
        let symbol = try Code128Symbol(encoding: "6006491234567890")
        let modules = symbol.modules
        #expect(modules.count == 11 * symbol.values.count + 13)
        #expect(modules.first == true && modules.last == true)
        let image = symbol.image()
        #expect(image.height == 1 && image.width == modules.count && image.quietZone == 10)
        #expect(image.rowHeight >= 24)
    }

    @Test("No text, or a character beyond ASCII, is refused with its position")
    func refused() {
        #expect(throws: BarcodeError.empty) { try Code128Symbol(encoding: "") }
        #expect(throws: BarcodeError.unencodableCharacter(format: .code128, offset: 3)) {
            try Code128Symbol(encoding: "Caf\u{E9}")
        }
    }

    @Test("Every pattern is 11 modules in 3 bars and 3 spaces, and all 106 are different")
    func patterns() {
        #expect(Code128Patterns.widths.count == 106)
        #expect(Set(Code128Patterns.widths).count == 106)
        for widths in Code128Patterns.widths {
            #expect(widths.count == 6 && widths.compactMap(\.wholeNumberValue).reduce(0, +) == 11, "\(widths)")
        }
        #expect(Code128Patterns.stopModules.count == 13)
    }
}
