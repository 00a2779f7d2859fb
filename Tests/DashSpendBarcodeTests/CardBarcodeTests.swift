import DashSpendBarcode
import Testing

/// Which format a card's code is drawn in, and that nothing shows the code.
@Suite("A card's barcode: the provider's format, else Code 128 or PDF417 by the code")
struct CardBarcodeTests {
    @Test("A format named in the link wins, whatever its spelling; a link naming none or both names none")
    func statedFormat() {
        #expect(CardBarcode.statedFormat(inLink: "https://ctx.example/barcodes/PDF-417/5b8e.png") == .pdf417)
        #expect(CardBarcode.statedFormat(inLink: "https://piggy.example/barcode?type=Code_128&data=x") == .code128)
        #expect(CardBarcode.statedFormat(inLink: "https://ctx-static.example/barcodes/5b8e3a2c.png") == nil)
        #expect(CardBarcode.statedFormat(inLink: "https://x.example/code128-or-pdf417.png") == nil)
    }

    @Test("Without a stated format: Code 128 up to 48 ASCII characters, PDF417 beyond or for other text")
    func defaultFormat() throws {
        let number = try CardBarcode(encoding: "6006491234567890")
        #expect(number.format == .code128 && number.formatSource == .chosen)
        #expect(try CardBarcode(encoding: String(repeating: "7", count: 48)).format == .code128)
        #expect(try CardBarcode(encoding: String(repeating: "7", count: 49)).format == .pdf417)
        #expect(try CardBarcode(encoding: "Caf\u{E9}-1234").format == .pdf417)
    }

    @Test("The link's format is used and said to be the provider's; a format given wins over the link")
    func providerFormat() throws {
        let stated = try CardBarcode(encoding: "6006491234567890", link: "https://ctx.example/pdf417/1.png")
        #expect(stated.format == .pdf417 && stated.formatSource == .provider)
        #expect(stated.image.rowHeight == 3)
        let given = try CardBarcode(encoding: "6006491234567890", format: .code128, link: "https://ctx.example/pdf417/1.png")
        #expect(given.format == .code128 && given.formatSource == .provider)
    }

    @Test("Code 128 named for a code beyond ASCII is refused with the position, not the code")
    func refused() {
        #expect(throws: BarcodeError.unencodableCharacter(format: .code128, offset: 3)) {
            try CardBarcode(encoding: "Caf\u{E9}", link: "https://x.example/code128/1")
        }
        #expect(throws: BarcodeError.empty) { try CardBarcode(encoding: "") }
    }

    @Test("Neither the barcode's description nor its image's shows the code")
    func descriptions() throws {
        let barcode = try CardBarcode(encoding: "6006491234567890")
        #expect(!"\(barcode)".contains("6006") && !"\(barcode)".contains("7890"))
        #expect(!"\(barcode.image)".contains("7890"))
        #expect("\(barcode)" == "CardBarcode(Code 128, chosen by DashSpend)")
        #expect(!"\(BarcodeError.tooLong(format: .pdf417, count: 2000, maximum: 1000))".isEmpty)
    }
}
