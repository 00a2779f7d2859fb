import DashSpend
import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 28: an answer that gives a money field twice is not trusted (readers differ on which one
/// counts), and the public API throws untyped, as this package decided.
@Suite("An answer with a money field twice is not trusted", hangGuard(minutes: 3))
struct UntrustedAnswerTests {
    /// A CTX create answer for `quote` whose figures pass the check, with `duplicate` (a JSON member) put
    /// after the first of its kind.
    static func createAnswer(price: Decimal, duplicate: (key: String, first: String, second: String)) -> String {
        let dash = (price / MockOrderBook.dashPrice).plainText(fractionDigits: 8)
        var members = [
            #""id":"ctx-order-1""#, #""status":"unpaid""#, #""paymentId":"pay-1""#,
            #""cardFiatAmount":"25.00""#, #""cardFiatCurrency":"USD""#,
            #""paymentFiatAmount":"\#(price.plainText(fractionDigits: 2))""#, #""paymentFiatCurrency":"USD""#,
            #""rate":"\#(MockOrderBook.dashPrice)""#,
            #""paymentUrls":{"DASH.DASH":"dash:\#(MockOrderBook.dashAddress)?amount=\#(dash)"}"#,
        ]
        members = members.map { member in
            guard member.hasPrefix("\"\(duplicate.key)\":") else { return member }
            return "\"\(duplicate.key)\":\(duplicate.first),\"\(duplicate.key)\":\(duplicate.second)"
        }
        if duplicate.key == "DASH.DASH" {
            members[members.count - 1] =
                #""paymentUrls":{"DASH.DASH":"dash:\#(MockOrderBook.dashAddress)?amount=\#(dash)","DASH.DASH":"dash:\#(OrderFactsTests.otherAddress)?amount=\#(dash)"}"#
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test(
        "A CTX create answer with two DASH.DASH or two cardFiatAmount is not trusted: kept unknown, no payment",
        arguments: ["DASH.DASH", "cardFiatAmount"])
    func duplicateMoneyKey(_ key: String) async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        let body = Self.createAnswer(price: quote.price, duplicate: (key, #""25.00""#, #""2500.00""#))
        fixture.server.loopback.inject(
            .respond(status: 200, body: body), path: fixture.server.path(.ctx, "gift-cards"), times: 1)
        let failure = try #require(await ClientFixture.failure { try await fixture.client.placeOrder(quote) })
        #expect(failure.message.contains("twice"), "\(failure.message)")
        let kept = try #require(try fixture.client.orders().first)
        #expect(kept.status == .unknown && !kept.isPayable, "\(kept)")
    }

    @Test("The same answer with each key once is trusted (the check above is what refuses it)")
    func sameAnswerOnce() async throws {
        let fixture = try BuyingFixture(signedInTo: [.ctx])
        let quote = try await fixture.client.quote(merchant: ClientFixture.homeDepot, amount: 25)
        let body = Self.createAnswer(price: quote.price, duplicate: ("none", "", ""))
        fixture.server.loopback.inject(
            .respond(status: 200, body: body), path: fixture.server.path(.ctx, "gift-cards"), times: 1)
        #expect(try await fixture.client.placeOrder(quote).isPayable)
    }

    @Test("The keys given twice are found at any depth, escaped or not; strings holding braces are only strings")
    func duplicatedKeys() {
        let text = #"{"a":1,"b":{"DASH.DASH":"x","DASH\u002eDASH":"y"},"c":"{\"a\":2}","a":3,"list":[{"k":1},{"k":2}]}"#
        #expect(JSONDuplicateKeys.duplicated(in: Data(text.utf8)) == ["a", "DASH.DASH"])
    }

    @Test("No public function of the library throws typed (a consumer's catch … where crashes the 6.3.1 compiler)")
    func noTypedThrowsInPublicAPI() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var typed: [String] = []
        // The front door and the modules it re-exports whole (the orders and the state file, split out of it).
        for module in ["DashSpend", "DashSpendOrders", "DashSpendState"] {
            let sources = root.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("public ") && line.contains("throws(") {
                    typed.append("\(module)/\(file): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(typed.isEmpty, "\(typed.joined(separator: "\n"))")
    }
}
