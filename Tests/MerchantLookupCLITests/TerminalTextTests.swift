import Testing

@testable import MerchantLookupCLI

@Suite("Terminal text: escaping and column widths")
struct TerminalTextTests {
    @Test("Wide, combining and plain characters take the columns a terminal gives them")
    func columns() {
        #expect(TerminalText.columns("Nike") == 4)
        #expect(TerminalText.columns("東京 Sushi") == 10)
        #expect(TerminalText.columns("Café") == 4)
        #expect(TerminalText.columns("Cafe\u{301}") == 4, "a combining accent joins its letter")
        #expect(TerminalText.columns("ＡＢ") == 4, "fullwidth forms")
        #expect(TerminalText.columns("🍕 Pizza") == 8)
        #expect(TerminalText.columns("") == 0)
    }

    @Test("A table escapes control characters and newlines in a cell before it measures it")
    func tableCells() {
        let table = OutputFormat.table(
            ["NAME", "ID"], [["Evil\u{1B}[2J\nShop", "a"], ["東京", "b"], ["Tab\tBar", "c"]])
        #expect(
            table == """
                NAME                 ID
                Evil\\x1B[2J\\x0AShop  a
                東京                 b
                Tab\\x09Bar           c

                """)
    }
}
