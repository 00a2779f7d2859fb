import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `show`'s fetch policies, run after run, against the mock provider on loopback, the state database in
/// the state directory carrying answers from one run to the next.
@Suite("merchant-lookup show: cache first, --max-age, --refresh, --offline, --explain", hangGuard(minutes: 5))
struct FetchPolicyCommandTests {
    static let homeDepot = SampleLookupTests.homeDepot

    func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    func requests(_ transcript: AuthTranscript) -> Int {
        transcript.server.requestCount(.ctx, "merchants/\(Self.homeDepot)")
    }

    func ctxOffer(_ result: CLIProcess.Result) throws -> [String: Any] {
        let providers = try #require(try result.json()["providers"] as? [[String: Any]])
        return try #require(providers.first { $0["provider"] as? String == "CTX" })
    }

    /// `value` as JSON with sorted keys, to compare two parsed values.
    func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: try #require(value), options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    func discount(_ result: CLIProcess.Result) throws -> [String: Any] {
        try #require(try ctxOffer(result)["discountBasisPoints"] as? [String: Any])
    }

    @Test("A stored answer younger than its max age is used with zero requests; an older one is asked again")
    func cacheFirst() async throws {
        let transcript = try await signedIn()
        let live = try await transcript.run(["show", Self.homeDepot, "--json"])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(try discount(live)["source"] as? String == "live")
        #expect(requests(transcript) == 1)

        let cached = try await transcript.run(["show", Self.homeDepot, "--json"])
        #expect(requests(transcript) == 1, "fresh enough: not asked")
        let stored = try discount(cached)
        #expect(stored["source"] as? String == "cached")
        #expect(stored["value"] as? Int == (try discount(live))["value"] as? Int)
        #expect(stored["fetchedAt"] as? String == (try discount(live))["fetchedAt"] as? String)
        #expect(stored["ageSeconds"] is Int)

        let text = try await transcript.run(["show", Self.homeDepot])
        #expect(requests(transcript) == 1)
        #expect(text.stdout.contains("discount: save 3.25% [cached "), "\(text.stdout)")
        #expect(text.stdout.contains(" s ago]"))

        try await Task.sleep(seconds: 1.1)
        let refreshed = try await transcript.run(["show", Self.homeDepot, "--json", "--max-age", "1"])
        #expect(requests(transcript) == 2, "older than --max-age 1: asked again")
        #expect(try discount(refreshed)["source"] as? String == "live")
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("--max-age 0 always asks")
    func maxAgeZero() async throws {
        let transcript = try await signedIn()
        for expected in 1...3 {
            let result = try await transcript.run(["show", Self.homeDepot, "--max-age", "0"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(requests(transcript) == expected)
            #expect(result.stdout.contains("discount: save 3.25% [live]"), "\(result.stdout)")
        }
    }

    @Test("--refresh with the provider failing keeps the stored answer and reports the error, text and JSON")
    func refreshFailure() async throws {
        let transcript = try await signedIn()
        let live = try await transcript.run(["show", Self.homeDepot, "--json"])
        transcript.server.loopback.inject(
            .respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#),
            path: transcript.server.path(.ctx, "merchants/\(Self.homeDepot)"))

        let json = try await transcript.run(["show", Self.homeDepot, "--json", "--refresh"])
        #expect(json.status == 0, "the failure is reported with the result, not thrown: \(json.stderr)")
        #expect(requests(transcript) == 2, "--refresh asks even though the stored answer is fresh")
        let offer = try ctxOffer(json)
        #expect(try discount(json)["source"] as? String == "cached")
        #expect(try discount(json)["value"] as? Int == (try discount(live))["value"] as? Int)
        #expect((offer["liveError"] as? String)?.contains("HTTP 500") == true, "\(offer)")

        let text = try await transcript.run(["show", Self.homeDepot, "--refresh"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("discount: save 3.25% [cached "), "\(text.stdout)")
        #expect(text.stdout.contains("(live answer unavailable: ") && text.stdout.contains("500"), "\(text.stdout)")

        // The stored answer is untouched: offline still shows it.
        let offline = try await transcript.run(["show", Self.homeDepot, "--json", "--offline"])
        #expect(try discount(offline)["fetchedAt"] as? String == (try discount(live))["fetchedAt"] as? String)
    }

    @Test("Offline after live shows cached with the same values, and asks nothing")
    func offlineAfterLive() async throws {
        let transcript = try await signedIn()
        let live = try await transcript.run(["show", Self.homeDepot, "--json"])
        let offline = try await transcript.run(["show", Self.homeDepot, "--json", "--offline"])
        #expect(requests(transcript) == 1)
        let (liveOffer, storedOffer) = (try ctxOffer(live), try ctxOffer(offline))
        for field in ["enabled", "discountBasisPoints", "denominations"] {
            let before = try #require(liveOffer[field] as? [String: Any])
            let after = try #require(storedOffer[field] as? [String: Any])
            #expect(before["source"] as? String == "live")
            #expect(after["source"] as? String == "cached", "\(field)")
            #expect(try canonical(before["value"]) == canonical(after["value"]), "\(field) has the same value")
        }
        let text = try await transcript.run(["show", Self.homeDepot, "--offline"])
        #expect(text.stdout.contains("enabled: yes [cached "), "\(text.stdout)")
    }

    @Test("A damaged state file is set aside; the command still answers and says so once")
    func damagedStateFile() async throws {
        let transcript = try await signedIn()
        let folder = transcript.home + "/mainnet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: folder + "/state.db"))

        let first = try await transcript.run(["show", Self.homeDepot])
        #expect(first.status == 0, "\(first.stderr)")
        // Besides the sample's note (the transcript answers from the sample).
        let lines = first.stderr.replacingOccurrences(of: SampleNoteTests.line, with: "").split(separator: "\n")
        #expect(lines.count == 1, "one line: \(first.stderr)")
        #expect(lines.first?.contains("state database") == true && lines.first?.contains(".damaged-") == true)
        #expect(first.stdout.contains("[live]"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("state.db.damaged-") }
        #expect(aside.count == 1)

        let second = try await transcript.run(["show", Self.homeDepot])
        #expect(second.status == 0 && second.stderr == SampleNoteTests.line, "said once: \(second.stderr)")
        #expect(second.stdout.contains("[cached "), "the fresh file keeps answers: \(second.stdout)")

        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: folder + "/state.db"))
        let json = try await transcript.run(["show", Self.homeDepot, "--json"])
        #expect(json.status == 0)
        let notes = try #require(try json.json()["notes"] as? [String])
        #expect(notes.count == 1 && notes[0].contains(".damaged-"))
        #expect(!json.stderr.contains(".damaged-"), "with --json only in notes, not on stderr too: \(json.stderr)")
    }

    @Test("--explain prints every source of every field with its reason, in text and JSON")
    func explain() async throws {
        let transcript = try await signedIn()
        _ = try await transcript.run(["show", Self.homeDepot])
        let text = try await transcript.run(["show", Self.homeDepot, "--explain"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("  explain:"))
        #expect(text.stdout.contains("    CTX enabled: true from cached"), "\(text.stdout)")
        #expect(text.stdout.contains("not asked: the stored answer is "))
        #expect(text.stdout.contains("gift_card_providers.active"))
        #expect(text.stdout.contains("    merchant enabled: true from "), "the top line is explained: \(text.stdout)")
        #expect(text.stdout.contains(" offer, ranked 1 of "), "\(text.stdout)")

        let json = try await transcript.run(["show", Self.homeDepot, "--explain", "--json", "--refresh"])
        let explain = try #require(try json.json()["explain"] as? [[String: Any]])
        let top = try #require(explain.first)
        #expect(top["provider"] as? String == "merchant" && top["field"] as? String == "enabled", "\(top)")
        #expect(top["sourceId"] as? String == Self.homeDepot && top["winner"] is String)
        let ctx = explain.filter { $0["provider"] as? String == "CTX" }
        #expect(ctx.compactMap { $0["field"] as? String } == ["enabled", "discount", "denominationsType", "denominations"])
        let enabled = try #require(ctx.first)
        #expect(enabled["winner"] as? String == "live")
        let steps = try #require(enabled["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["source"] as? String } == ["live", "cached", "local", "local", "default"])
        #expect(steps.allSatisfy { $0["reason"] is String && $0.keys.contains("value") })
        #expect(steps[1]["value"] as? String == "true" && steps[1]["ageSeconds"] is Int)
    }

    @Test("Policy options exclude each other; an unknown country hides nothing and show says so where it matters")
    func usageAndCountry() async throws {
        for pair in [["--refresh", "--offline"], ["--live", "--refresh"], ["--max-age", "5", "--offline"]] {
            let result = try await CLIProcess.run(["show", Self.homeDepot] + pair)
            #expect(result.status == 64, "\(pair): \(result.stderr)")
            #expect(result.stderr.contains("cannot be used together"))
        }
        // Said only when a provider of the merchant is not offered everywhere (ShowOutputTests has the cases).
        let unknown = try await CLIProcess.run(["show", Self.homeDepot])
        #expect(
            unknown.stdout.contains("country unknown: no provider is hidden")
                == ShowOutputTests.someProviderIsBlockedSomewhere, "\(unknown.stdout)")
        let unknownJSON = try await CLIProcess.run(
            ["show", Self.homeDepot, "--json"], environment: ["DASHSPEND_COUNTRY": "Narnia"])
        let country = try #require(try unknownJSON.json()["country"] as? [String: Any])
        #expect(country["known"] as? Bool == false && country["code"] is NSNull)
        let known = try await CLIProcess.run(["show", Self.homeDepot, "--country", "us"])
        #expect(!known.stdout.contains("country unknown"))
        let knownJSON = try await CLIProcess.run(["show", Self.homeDepot, "--json"], environment: ["DASHSPEND_COUNTRY": "US"])
        #expect((try knownJSON.json()["country"] as? [String: Any])?["code"] as? String == "US")
    }

    @Test("--country wins over $DASHSPEND_COUNTRY, both ways")
    func countryOptionWinsOverEnvironment() async throws {
        for (option, environment) in [("RU", "US"), ("US", "RU")] {
            let result = try await CLIProcess.run(
                ["show", Self.homeDepot, "--json", "--country", option], environment: ["DASHSPEND_COUNTRY": environment])
            #expect(result.status == 0, "\(result.stderr)")
            let country = try #require(try result.json()["country"] as? [String: Any])
            #expect(country["code"] as? String == option, "--country \(option) with $DASHSPEND_COUNTRY=\(environment)")
        }
    }
}
