#if PIGGYCARDS_ENABLED
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

@testable import DashSpendPiggyCards

@Suite("A PiggyCards payTo is a strict dash: URI whose address is of the user's network")
struct PiggyCardsPayToAddressTests {
    private static func address(_ version: UInt8, _ fill: UInt8 = 0x21) -> String {
        Base58Check.encode([version] + Array(repeating: fill, count: 20))
    }

    @Test func validAddressesForEachNetwork() throws {
        for (version, prefix) in [(UInt8(0x4C), "X"), (0x10, "7")] {
            let address = Self.address(version)
            #expect(address.hasPrefix(prefix))
            let uri = try #require(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=0.12345678"))
            #expect(uri.address == address)
            #expect(uri.amount == Decimal(string: "0.12345678")!)
            #expect(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=1", network: .testnet) == nil)
        }
        for (version, prefix) in [(UInt8(0x8C), "y"), (0x13, "8")] {
            let address = Self.address(version)
            #expect(address.hasPrefix(prefix))
            #expect(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=2", network: .testnet) != nil)
            #expect(PiggyCardsPaymentURI(parsing: "dash:\(address)?amount=2") == nil)
        }
    }

    @Test(arguments: [
        "amount=1&req-fee=1", "req-anything=x&amount=1", "amount=1.123456789", "amount=.5", "amount=5.", "amount=+1",
        "amount=0.00000000", "amount=1e3", "amount= 1", "amount=0x10",
    ])
    func rejectsParametersAndAmountsThatAreNotStrict(_ query: String) {
        #expect(PiggyCardsPaymentURI(parsing: "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe226?\(query)") == nil)
    }

    @Test func rejectsABadChecksumAWrongVersionAndAWrongLength() {
        // One character changed: the checksum no longer matches.
        #expect(PiggyCardsPaymentURI(parsing: "dash:XpESxaUmonkq8RaLLp46Brx2K39ggQe227?amount=1") == nil)
        // A Bitcoin address (version 0) with a valid checksum.
        #expect(PiggyCardsPaymentURI(parsing: "dash:1BoatSLRHtKNngkdXEeobR76b53LETtpyT?amount=1") == nil)
        // A valid checksum over 19 bytes.
        let short = Base58Check.encode([0x4C] + Array(repeating: 1, count: 19))
        #expect(PiggyCardsPaymentURI(parsing: "dash:\(short)?amount=1") == nil)
    }
}
#endif
