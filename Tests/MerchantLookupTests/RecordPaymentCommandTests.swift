import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `order ORDER_ID --record-txid TXID`: the transaction that paid an order recorded once, shown by `order`
/// and `orders` (text and JSON), the same again accepted, another refused (exit 1, one line), an invalid one
/// a usage error (64); nothing is asked of the provider.
@Suite("merchant-lookup order --record-txid", hangGuard(minutes: 3))
struct RecordPaymentCommandTests {
    static let txid = "4f2a9c0e1b7d3a5f6e8c2d4b0a9f1e3c5d7b9a2f4e6c8d0b1a3f5e7c9d2b4a6f"

    @Test("Recorded and shown (text, JSON, the orders table); the same again is 0, another 1, an invalid one 64")
    func recordShowRefuse() async throws {
        let transcript = try await BuyCommandTests().signedIn()
        let bought = try await transcript.run(["buy", BuyCommandTests.homeDepot, "--amount", "25", "--yes", "--json"])
        #expect(bought.status == 0, "\(bought.stderr)")
        let id = try #require((try bought.json()["order"] as? [String: Any])?["id"] as? String)
        let before = transcript.server.loopback.receivedRequests.count

        let recorded = try await transcript.run(["order", id, "--record-txid", Self.txid.uppercased()])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("transaction: \(Self.txid) (recorded "), "\(recorded.stdout)")
        #expect(!recorded.stdout.contains("payment URI"), "no payment shown once paid: \(recorded.stdout)")
        #expect(transcript.server.loopback.receivedRequests.count == before, "nothing asked")

        let json = try await transcript.run(["order", id, "--offline", "--json"]).json()
        let order = try #require(json["order"] as? [String: Any])
        #expect(order["transactionId"] as? String == Self.txid)
        #expect(order["transactionRecordedAt"] as? String != nil && order["payable"] as? Bool == false)
        let listed = try await transcript.run(["orders"])
        #expect(listed.stdout.contains("TRANSACTION") && listed.stdout.contains(String(Self.txid.prefix(16)) + "..."))

        let same = try await transcript.run(["order", id, "--record-txid", Self.txid, "--offline"])
        #expect(same.status == 0, "the same again changes nothing: \(same.stderr)")
        let other = try await transcript.run(["order", id, "--record-txid", String(repeating: "ab", count: 32)])
        #expect(other.status == 1, "\(other.stderr)")
        #expect(other.stderr.split(separator: "\n").count == 1, "\(other.stderr)")
        #expect(other.stderr.contains(Self.txid) && other.stderr.contains("the first is kept"), "\(other.stderr)")
        let otherJSON = try await transcript.run(
            ["order", id, "--record-txid", String(repeating: "ab", count: 32), "--json"])
        #expect((try otherJSON.json()["error"] as? [String: Any])?["code"] as? String == "paymentAlreadyRecorded")
        let invalid = try await transcript.run(["order", id, "--record-txid", "not-a-txid"])
        #expect(invalid.status == 64, "\(invalid.stderr)")
        #expect(invalid.stderr.contains("64 hexadecimal digits"), "\(invalid.stderr)")
        let both = try await transcript.run(["order", id, "--record-txid", Self.txid, "--txid", Self.txid])
        #expect(both.status == 64)
        #expect(try await transcript.run(["order", "--record-txid", Self.txid]).status == 64, "needs an ORDER_ID")
    }
}
