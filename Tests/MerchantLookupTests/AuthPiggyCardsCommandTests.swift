#if PIGGYCARDS_ENABLED
import DashSpendTestSupport
import Foundation
import Testing

/// `auth` with PiggyCards end to end against a real loopback server.
@Suite("auth commands with PiggyCards", hangGuard(minutes: 5))
struct AuthPiggyCardsCommandTests {
    static let email = "piggy@example.com"

    @Test("login → verify → status → show live → logout, with no secret ever printed")
    func fullSignIn() async throws {
        let transcript = try AuthTranscript()
        let login = try await transcript.run(["auth", "login", "piggycards", "--email", Self.email])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("auth verify piggycards --code"))
        let pending = try await transcript.status()
        #expect(pending.providers.keys.sorted() == ["CTX", "PiggyCards"])
        #expect(pending.providers["PiggyCards"]?["signedIn"] as? Bool == false)
        #expect(pending.providers["PiggyCards"]?["email"] as? String == Self.email)

        let wrong = try await transcript.run(["auth", "verify", "piggycards", "--code", "000000"])
        #expect(wrong.status == 77, "a sign-in refused: \(wrong.stderr)")
        #expect(wrong.stderr.contains("wrong"))

        let before = Date()
        let verify = try await transcript.run(["auth", "verify", "piggycards", "--code", MockProviderServer.validCode])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("Signed in to PiggyCards as \(Self.email)"))
        #expect(transcript.mode("mainnet/piggycards.json") == 0o600)
        #expect(transcript.mode("mainnet") == 0o700)

        let status = try await transcript.status()
        let piggy = try #require(status.providers["PiggyCards"])
        #expect(piggy["signedIn"] as? Bool == true)
        #expect(piggy["email"] as? String == Self.email)
        let expiry = try #require(piggy["accessTokenExpiresAt"] as? String)
        let expiresAt = try #require(ISO8601DateFormatter().date(from: expiry))
        #expect(abs(expiresAt.timeIntervalSince(before) - 3600) < 120)
        #expect(status.providers["CTX"]?["signedIn"] as? Bool == false)

        let show = try await transcript.run(["show", SampleLookupTests.homeDepot, "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        let offers = try #require(try show.json()["providers"] as? [[String: Any]])
        let offer = try #require(offers.first { $0["provider"] as? String == "PiggyCards" })
        #expect(offer["sourceId"] as? String == "177")
        let discount = try #require(offer["discountBasisPoints"] as? [String: Any])
        #expect(discount["value"] as? Int == 250)
        #expect(discount["source"] as? String == "live")
        #expect((offer["denominations"] as? [String: Any])?["source"] as? String == "live")

        #expect(try await transcript.run(["auth", "logout", "piggycards"]).status == 0)
        #expect(try await transcript.status().providers["PiggyCards"]?["signedIn"] as? Bool == false)
        #expect(!FileManager.default.fileExists(atPath: transcript.home + "/mainnet/piggycards.json"))

        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("Both providers signed in at once, each signed out on its own")
    func bothProviders() async throws {
        let transcript = try AuthTranscript()
        for provider in ["ctx", "piggycards"] {
            #expect(try await transcript.run(["auth", "login", provider, "--email", Self.email]).status == 0)
            #expect(try await transcript.run(["auth", "verify", provider, "--code", MockProviderServer.validCode]).status == 0)
        }
        let both = try await transcript.status()
        #expect(both.providers.values.allSatisfy { $0["signedIn"] as? Bool == true })
        #expect(try await transcript.run(["auth", "logout", "ctx"]).status == 0)
        let after = try await transcript.status()
        #expect(after.providers["CTX"]?["signedIn"] as? Bool == false)
        #expect(after.providers["PiggyCards"]?["signedIn"] as? Bool == true)
        #expect(try await transcript.status(network: "testnet").providers.values.allSatisfy { $0["signedIn"] as? Bool == false })
        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("A stopped server is 69 for PiggyCards too")
    func serverStopped() async throws {
        let transcript = try AuthTranscript()
        transcript.server.stop()
        let login = try await transcript.run(["auth", "login", "piggycards", "--email", Self.email])
        #expect(login.status == 69, "\(login.stderr)")
    }
}
#endif
