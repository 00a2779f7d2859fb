import DashSpendCore
import Foundation
import Testing

@Suite("String.utf8Data is the string's UTF-8 bytes")
struct UTF8DataTests {
    @Test(arguments: ["", "a", "{\"enabled\":true}", "Café Brûlée ☕️", String(repeating: "ß", count: 5_000)])
    func sameBytesAsTheView(text: String) {
        #expect(text.utf8Data == Data(text.utf8))
        #expect(text.utf8Data.count == text.utf8.count)
    }

    @Test("A substring's copy and a string built from other encodings give their own bytes")
    func otherOrigins() throws {
        let slice = String("prefix-Zürich-suffix".dropFirst(7).dropLast(7))
        #expect(slice.utf8Data == Data("Zürich".utf8))
        let latin1 = try #require(String(data: Data([0x5A, 0xFC, 0x72]), encoding: .isoLatin1))
        #expect(latin1.utf8Data == Data([0x5A, 0xC3, 0xBC, 0x72]))
    }
}
