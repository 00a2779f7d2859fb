import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `show` against the mock provider API on loopback: live values, fallbacks, time-outs and failures.
@Suite("merchant-lookup show with a live provider", hangGuard(minutes: 5))
struct LiveLookupTests {
    /// Signs in to CTX through the real commands.
    func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    func ctxOffer(_ result: CLIProcess.Result) throws -> [String: Any] {
        let providers = try #require(try result.json()["providers"] as? [[String: Any]])
        return try #require(providers.first { $0["provider"] as? String == "CTX" })
    }

    @Test("Live, then cached when the provider fails under --refresh, an error with --live, cached offline")
    func liveThenCached() async throws {
        let transcript = try await signedIn()
        let live = try await transcript.run(["show", SampleLookupTests.homeDepot, "--json"])
        #expect(live.status == 0, "\(live.stderr)")
        let liveDiscount = try #require(try ctxOffer(live)["discountBasisPoints"] as? [String: Any])
        #expect(liveDiscount["source"] as? String == "live")
        #expect(liveDiscount["fetchedAt"] is String)

        transcript.server.loopback.inject(
            .respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#),
            path: transcript.server.path(.ctx, "merchants/\(SampleLookupTests.homeDepot)"))
        let fallback = try await transcript.run(["show", SampleLookupTests.homeDepot, "--json", "--refresh"])
        #expect(fallback.status == 0, "a provider failure is not a lookup failure")
        let offer = try ctxOffer(fallback)
        #expect((offer["discountBasisPoints"] as? [String: Any])?["source"] as? String == "cached")
        #expect((offer["discountBasisPoints"] as? [String: Any])?["value"] as? Int == liveDiscount["value"] as? Int)
        #expect((offer["liveError"] as? String)?.contains("HTTP 500") == true)

        let required = try await transcript.run(["show", SampleLookupTests.homeDepot, "--live"])
        #expect(required.status == 69, "a 500 with --live is the provider unavailable: \(required.stderr)")

        let offline = try await transcript.run(["show", SampleLookupTests.homeDepot, "--json", "--offline"])
        #expect((try ctxOffer(offline)["enabled"] as? [String: Any])?["source"] as? String == "cached")
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("--timeout bounds a slow provider: 75 (try again later) with --live, the stored values without it")
    func timeout() async throws {
        let transcript = try await signedIn()
        // The provider never answers while the test runs: only the time-out can end the calls.
        let gate = LoopbackGate(limit: 600)
        defer { gate.open() }
        transcript.server.loopback.inject(
            .hold(gate), path: transcript.server.path(.ctx, "merchants/\(SampleLookupTests.homeDepot)"))
        let slow = try await transcript.run(["show", SampleLookupTests.homeDepot, "--live", "--timeout", "1"])
        #expect(slow.status == 75, "\(slow.stderr)")
        #expect(slow.stderr.contains("did not answer in time"), "the time-out ended the call: \(slow.stderr)")
        let fallback = try await transcript.run(["show", SampleLookupTests.homeDepot, "--json", "--timeout", "1"])
        #expect(fallback.status == 0)
        #expect((try ctxOffer(fallback)["enabled"] as? [String: Any])?["source"] as? String == "local")
    }

    @Test("An unreadable answer is 65 with --live")
    func unreadableAnswer() async throws {
        let transcript = try await signedIn()
        transcript.server.loopback.inject(
            .malformedJSON, path: transcript.server.path(.ctx, "merchants/\(SampleLookupTests.homeDepot)"))
        let result = try await transcript.run(["show", SampleLookupTests.homeDepot, "--live"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
