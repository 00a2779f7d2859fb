import DashSpendCore
import Foundation
import Testing

@testable import DashSpendCTX

@Suite("Hostile numbers and checksums")
struct HostileValueTests {
    @Test(arguments: ["1e400", "-1e400", "1e-400"])
    func anOutOfRangeNumberReadsAsNullWithoutLosingTheRest(_ number: String) throws {
        let json = try JSONValue.parse(Data(#"{"id":"m1","big":\#(number),"list":[1,\#(number)],"name":"Shop"}"#.utf8))
        #expect(json["id"]?.string == "m1")
        #expect(json["name"]?.string == "Shop")
        #expect(json["list"]?.array?.first == .number(1))
        #expect(json["list"]?.array?.count == 2)
        // The promise is null, not a number of any value: read the raw member (the subscript hides nulls).
        #expect(json.object?["big"] == .null, "\(number) read as \(String(describing: json.object?["big"]))")
        #expect(json["list"]?.array?.last == .null)
    }

    @Test func notJSONStillThrows() {
        #expect(throws: (any Error).self) { try JSONValue.parse(Data("{\"a\":".utf8)) }
    }

    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "10001", "-10001", "1e30"])
    func anImpossibleCTXDiscountIsMissing(_ value: String) throws {
        let json = try JSONValue.parse(Data(#"{"id":"m1","userDiscount":\#(value),"savingsPercentage":\#(value)}"#.utf8))
        let merchant = try #require(CTXMerchantResponse(json: json))
        #expect(merchant.discountBasisPoints == nil)
        _ = merchant.details(fetchedAt: Date())
    }

    @Test func aPlausibleCTXDiscountIsKept() throws {
        let json = try JSONValue.parse(Data(#"{"id":"m1","userDiscount":-9999,"savingsPercentage":300}"#.utf8))
        #expect(CTXMerchantResponse(json: json)?.discountBasisPoints == -9_999)
    }

    @Test func aUserDiscountOfMinus100PercentFallsToSavingsPercentage() throws {
        let json = try JSONValue.parse(Data(#"{"id":"m1","userDiscount":-10000,"savingsPercentage":300}"#.utf8))
        let details = try #require(CTXMerchantResponse(json: json)).details(fetchedAt: Date())
        #expect(details.discountBasisPoints == 300)
        #expect(details.implausibleFields.map(\.field) == ["discount"])
    }

    @Test func sha256MatchesTheNISTVectors() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256Digest.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256Digest.hash([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256Digest.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func base58CheckRoundTripsAndRejectsABadChecksum() throws {
        let payload: [UInt8] = [0x4C] + Array(repeating: 7, count: 20)
        let text = Base58Check.encode(payload)
        #expect(text.hasPrefix("X"))
        #expect(Base58Check.decode(text) == payload)
        #expect(DashAddress.isValid(text, network: .mainnet))
        #expect(!DashAddress.isValid(text, network: .testnet))
        var broken = Array(text)
        broken[5] = broken[5] == "a" ? "b" : "a"
        #expect(Base58Check.decode(String(broken)) == nil)
        #expect(DashAddress.isValid("XpESxaUmonkq8RaLLp46Brx2K39ggQe226", network: .mainnet))
    }
}
