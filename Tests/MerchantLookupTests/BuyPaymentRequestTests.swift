import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `buy` from CTX when its `DASH.DASH` URI is a BIP72 payment request: the fake CTX serves BIP70 requests
/// (``MockOrderBook/setCTXPaymentRequests(_:uri:)``), good ones and every kind the library must refuse.
@Suite("merchant-lookup buy: CTX payment requests (BIP70/BIP72)", hangGuard(minutes: 5))
struct BuyPaymentRequestTests {
    static let homeDepot = SampleLookupTests.homeDepot
    static let requestPath = MockProviderServer.paymentRequestPath + "ctx-order-1"

    /// Signed in to CTX through the real commands, the order book on and serving `kind` requests; the test
    /// authority's root trusted (`DASHSPEND_PAYMENT_REQUEST_ROOTS`) for a signed kind unless `trustRoot` is false.
    func signedIn(
        _ kind: FakePaymentRequest, uri: FakePaymentRequestURI = .addressAndAmount, trustRoot: Bool = true
    ) async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        if [.signed, .badSignature].contains(kind), trustRoot {
            transcript.environment["DASHSPEND_PAYMENT_REQUEST_ROOTS"] = try X509TestAuthority.made().rootPath
        }
        transcript.server.orderBook.enable()
        transcript.server.orderBook.setCTXPaymentRequests(kind, uri: uri)
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    /// The requests for the payment request, as they arrived.
    func fetches(_ transcript: AuthTranscript) -> [LoopbackRequest] {
        transcript.server.loopback.receivedRequests.filter { $0.path == Self.requestPath }
    }

    @Test(
        "A payment request in each spelling is fetched once, checked and shown with the URI as sent and how to pay it",
        arguments: FakePaymentRequestURI.allCases)
    func paymentRequestShown(_ form: FakePaymentRequestURI) async throws {
        let transcript = try await signedIn(.unsigned, uri: form)
        let bought = try await transcript.run(["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        let sent = try #require(transcript.server.orderBook.entries.first?.paymentURI)
        #expect(sent.contains("r="))
        #expect(bought.stdout.contains("  \(sent)\n"), "the URI exactly as CTX sent it: \(bought.stdout)")
        #expect(bought.stdout.contains("Pay \(MockOrderBook.dash(25)) DASH by payment request"), "\(bought.stdout)")
        #expect(bought.stdout.contains("scan the code with a Dash wallet, which pays through the request"))
        #expect(bought.stdout.contains("Sending Dash to the address by hand may not be credited"))
        #expect(bought.stdout.contains("pays:     \(MockOrderBook.dash(25)) DASH to \(MockOrderBook.dashAddress)"))
        #expect(bought.stdout.contains("memo:     Payment for CTX order ctx-order-1"))
        #expect(bought.stdout.contains("signed:   no (pki_type none)"))
        #expect(bought.stdout.contains("▀") || bought.stdout.contains("▄"), "a QR code is drawn: \(bought.stdout)")
        let fetched = fetches(transcript)
        #expect(fetched.count == 1)
        #expect(fetched.first?.headers["accept"] == "application/dash-paymentrequest", "\(fetched.first?.headers ?? [:])")

        // Shown again from the orders database: the URI and how to pay it, without fetching it again.
        let id =
            try #require(try await transcript.run(["orders", "--json"]).json()["orders"] as? [[String: Any]])
            .first?["id"] as? String
        let shown = try await transcript.run(["order", try #require(id)])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(sent), "\(shown.stdout)")
        #expect(shown.stdout.contains("which pays through the payment request"), "\(shown.stdout)")
        #expect(fetches(transcript).count == 1, "a status call does not fetch the request")
    }

    @Test(
        "The text of a buy paid by signed payment request matches its golden file (the QR code, port, ids and times masked)",
        .enabled(if: X509TestAuthority.checkRequired, "\(X509TestAuthority.missingReason)"))
    func goldenText() async throws {
        let transcript = try await signedIn(.signed)
        let arguments = ["buy", Self.homeDepot, "--amount", "25", "--yes"]
        let bought = try await transcript.run(arguments)
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        let id = try #require(
            (try await transcript.run(["orders", "--json"]).json()["orders"] as? [[String: Any]])?.first?["id"] as? String)
        let port = "\(transcript.server.loopback.port)"
        let lines = bought.stdout.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            // The QR code encodes the port: the text around it is what is compared.
            if !line.isEmpty && line.allSatisfy({ "▀▄█ ".contains($0) }) { return nil }
            if line.hasPrefix("  expires:  ") { return "  expires:  <expires>" }
            return String(line)
        }
        let actual =
            "$ merchant-lookup " + arguments.joined(separator: " ") + "\n"
            + lines.joined(separator: "\n").replacingEvery(id, with: "<order>").replacingEvery(
                "127.0.0.1%3A\(port)", with: "127.0.0.1%3A<port>")
        let path = FixtureDatabase.packageRoot + "/Fixtures/Golden/payment-request/buy-ctx-signed.txt"
        if GoldenOutputTests.updating {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let expected = String(decoding: try #require(FileManager.default.contents(atPath: path), "no \(path)"), as: UTF8.self)
        #expect(
            actual == expected, "differs from \(path) (UPDATE_GOLDEN=1 rewrites it)\n\(GoldenOutputTests.diff(expected, actual))")
    }

    @Test(
        "A signed request says by whom, and that the signature is verified; --json gives the request",
        .enabled(if: X509TestAuthority.checkRequired, "\(X509TestAuthority.missingReason)"))
    func signedRequest() async throws {
        let transcript = try await signedIn(.signed)
        let bought = try await transcript.run(["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(bought.status == 0, "\(bought.stdout)\(bought.stderr)")
        #expect(bought.stdout.contains("signed:   x509+sha256 by pay.ctx.example (verified)"), "\(bought.stdout)")

        let json = try await transcript.run(["buy", Self.homeDepot, "--amount", "30", "--yes", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let order = try #require(try json.json()["order"] as? [String: Any])
        let request = try #require(order["paymentRequest"] as? [String: Any])
        #expect(request["pkiType"] as? String == "x509+sha256")
        #expect(request["signer"] as? String == "pay.ctx.example")
        #expect(request["signatureVerified"] as? Bool == true)
        #expect((request["total"] as? String).flatMap { Decimal(string: $0) } == Decimal(string: MockOrderBook.dash(30)))
        #expect(request["paymentURL"] as? String == "https://ctx.example/bip70/pay/ctx-order-2")
        #expect((order["paymentRequestURL"] as? String)?.hasSuffix(MockProviderServer.paymentRequestPath + "ctx-order-2") == true)
    }

    @Test(
        "A request that is expired, for another network, not extending the URI, overpriced, oversized, not protobuf or missing: the order is kept rejected, nothing to pay",
        arguments: [
            (FakePaymentRequest.expired, FakePaymentRequestURI.addressAndAmount, "expired at"),
            (.wrongNetwork, .requestOnly, "it is for the testnet network, not mainnet"),
            (.otherAddress, .addressAndAmount, "does not extend the URI"),
            (.otherAmount, .addressAndAmount, "does not extend the URI"),
            (.otherAmount, .requestOnly, "at its own rate"),
            (.overpriced, .addressAndAmount, "at its own rate"),
            (.oversized, .payScheme, "more than the 50000"),
            (.notProtobuf, .requestOnly, "cannot be read: it is not a BIP70 payment request"),
            (.missing, .requestOnly, "could not be fetched: HTTP 404"),
        ])
    func badRequestRefused(_ kind: FakePaymentRequest, _ form: FakePaymentRequestURI, _ reason: String) async throws {
        try await refused(try await signedIn(kind, uri: form), reason)
    }

    @Test(
        "A request whose signature fails, or whose chain is not trusted: the order is kept rejected with the reason, nothing to pay",
        .enabled(if: X509TestAuthority.checkRequired, "\(X509TestAuthority.missingReason)"),
        arguments: [
            (FakePaymentRequest.badSignature, true, "signature fails: the signature is not the signing certificate's signature"),
            (.signed, false, "signature fails: its certificate chain does not verify"),
        ])
    func badSignatureRefused(_ kind: FakePaymentRequest, _ trustRoot: Bool, _ reason: String) async throws {
        try await refused(try await signedIn(kind, trustRoot: trustRoot), reason)
    }

    /// `buy` refused for `reason`: exit 1, no payment nor QR code shown, the order kept rejected.
    func refused(_ transcript: AuthTranscript, _ reason: String) async throws {
        let result = try await transcript.run(["buy", Self.homeDepot, "--amount", "25", "--yes"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(!result.stdout.contains("dash:") && !result.stdout.contains("pay:"), "no payment shown: \(result.stdout)")
        #expect(!result.stdout.contains("▀") && !result.stdout.contains("▄"), "no QR code: \(result.stdout)")
        #expect(fetches(transcript).count == 1)
        let listed = try await transcript.run(["orders", "--json"])
        let order = try #require((try listed.json()["orders"] as? [[String: Any]])?.first)
        #expect(order["status"] as? String == "rejected")
        #expect(order["paymentURI"] is NSNull, "no payment kept to be shown later")
        #expect(order["payable"] as? Bool == false)
    }
}
