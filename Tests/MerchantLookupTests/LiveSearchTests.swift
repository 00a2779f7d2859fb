import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `search --live` end to end against the mock provider API on loopback: the list shows each
/// merchant's live discount and availability with their source, asks each merchant once, stays within
/// `--concurrency`; plain `search` stays on the database.
@Suite("merchant-lookup search --live", hangGuard(minutes: 5))
struct LiveSearchTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory(prefix: "cli-live-search")
    }

    /// A transcript signed in to CTX through the real commands, with its request counters reset.
    func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        transcript.server.loopback.resetCounters()
        return transcript
    }

    func database(merchants: Int, dashMerchants: Int = 0) throws -> String {
        try FixtureDatabase.makeGenerated(merchants: merchants, dashMerchants: dashMerchants, in: scratch)
    }

    func ctxRequests(_ transcript: AuthTranscript, _ number: Int) -> Int {
        transcript.server.requestCount(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(number))")
    }

    @Test("The list shows each merchant's live discount and availability with their source; each is asked once")
    func liveText() async throws {
        let transcript = try await signedIn()
        let db = try database(merchants: 5, dashMerchants: 1)
        let result = try await transcript.run(["search", "Generated", "--live", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("AVAILABLE") == true, "\(result.stdout)")
        #expect(lines.count == 7, "a header and six merchants: \(result.stdout)")
        for number in 1...5 {
            let line = try #require(lines.first { $0.contains(FixtureDatabase.generatedMerchantName(number)) })
            #expect(line.contains("save 4.25% [live]"), "\(line)")
            #expect(line.contains("yes [live]"), "\(line)")
            #expect(ctxRequests(transcript, number) == 1)
        }
        let diner = try #require(lines.first { $0.contains("Dash Diner") })
        #expect(diner.contains("pays in Dash") && diner.contains("yes [local]"), "\(diner)")
        #expect(transcript.server.requestCount(.ctx) == 5, "nothing else was asked")
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("--json adds each merchant's resolved values with source and time, and keeps the database's")
    func liveJSON() async throws {
        let transcript = try await signedIn()
        let db = try database(merchants: 3)
        let result = try await transcript.run(["search", "Generated", "--live", "--json", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let merchants = try #require(try result.json()["merchants"] as? [[String: Any]])
        #expect(merchants.count == 3)
        for merchant in merchants {
            #expect(merchant["discountBasisPoints"] as? Int == FixtureDatabase.generatedLocalDiscount)
            let resolved = try #require(merchant["resolved"] as? [String: Any], "\(merchant)")
            let discount = try #require(resolved["discountBasisPoints"] as? [String: Any])
            #expect(discount["value"] as? Int == MockProviderServer.generatedMerchantDiscount)
            #expect(discount["source"] as? String == "live")
            #expect(discount["fetchedAt"] is String)
            let enabled = try #require(resolved["enabled"] as? [String: Any])
            #expect(enabled["value"] as? Bool == true && enabled["source"] as? String == "live")
            let offers = try #require(resolved["offers"] as? [[String: Any]])
            #expect(offers.first?["provider"] as? String == "CTX")
            #expect(merchant["error"] == nil)
        }
        #expect((1...3).allSatisfy { ctxRequests(transcript, $0) == 1 })
    }

    @Test("A merchant whose provider fails says so in its row and under the list; the others are live")
    func failingMerchant() async throws {
        let transcript = try await signedIn()
        let db = try database(merchants: 3)
        transcript.server.loopback.inject(
            .respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#),
            path: transcript.server.path(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(2))"))
        let text = try await transcript.run(["search", "Generated", "--live", "--db", db])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let second = try #require(lines.first { $0.hasPrefix(FixtureDatabase.generatedMerchantName(2)) })
        #expect(second.contains("failed") && !second.contains("[live]"), "\(second)")
        let note = try #require(lines.first { $0.hasPrefix("failed: ") }, "\(text.stdout)")
        #expect(note.contains(FixtureDatabase.generatedMerchantId(2)) && note.contains("500"), "\(note)")
        #expect(lines.filter { $0.contains("[live]") }.count == 2)

        let json = try await transcript.run(["search", "Generated", "--live", "--json", "--db", db])
        let merchants = try #require(try json.json()["merchants"] as? [[String: Any]])
        let failed = try #require(merchants.first { $0["merchantId"] as? String == FixtureDatabase.generatedMerchantId(2) })
        let error = try #require(failed["error"] as? [String: Any], "\(failed)")
        #expect(error["code"] as? String == "unavailable")
        #expect(failed["resolved"] == nil)
    }

    @Test("--concurrency 2: 200 merchants listed live never have more than 2 requests in flight, and do have 2")
    func concurrencyOption() async throws {
        let transcript = try await signedIn()
        let db = try database(merchants: 200)
        // The answers are held until two CTX requests are on the server together, so the bound is reached
        // whatever the machine's load (with each answer only slowed, a loaded machine could send the second
        // after the first was answered).
        let gate = LoopbackGate()
        let server = transcript.server
        server.setMerchantAnswerGate(gate, for: .ctx)
        defer { gate.open() }
        let arguments =
            ["search", "Generated", "--live", "--limit", "200", "--concurrency", "2", "--json", "--db", db]
            + transcript.urlOptions
        let home = transcript.home
        let run = Task { try await CLIProcess.run(arguments, home: home) }
        try await waitUntil("two CTX requests in flight") { server.requestsInFlight(.ctx) >= 2 }
        gate.open()
        let result = try await run.value
        #expect(result.status == 0, "\(result.stderr)")
        let merchants = try #require(try result.json()["merchants"] as? [[String: Any]])
        #expect(merchants.count == 200)
        #expect(transcript.server.maxRequestsInFlight(.ctx) == 2)
        #expect(transcript.server.requestCount(.ctx) == 200)
        #expect((1...200).allSatisfy { ctxRequests(transcript, $0) == 1 })
    }

    @Test("show's fetch policies resolve the page too: --max-age uses stored answers with their age, --refresh asks")
    func fetchPolicies() async throws {
        let transcript = try await signedIn()
        let db = try database(merchants: 3)
        #expect(try await transcript.run(["search", "Generated", "--live", "--db", db]).status == 0)
        transcript.server.loopback.resetCounters()

        // Cache first: the stored answers are young enough, nobody is asked, and each row says how old.
        let cached = try await transcript.run(["search", "Generated", "--max-age", "600", "--db", db])
        #expect(cached.status == 0, "\(cached.stderr)")
        let rows = cached.stdout.split(separator: "\n").filter { $0.contains("Generated") }
        #expect(rows.count == 3, "\(cached.stdout)")
        #expect(rows.allSatisfy { $0.contains("save 4.25% [cached ") && $0.contains(" s ago]") }, "\(cached.stdout)")
        #expect(transcript.server.requestCount(.ctx) == 0)
        let json = try await transcript.run(["search", "Generated", "--max-age", "600", "--json", "--db", db])
        let merchants = try #require(try json.json()["merchants"] as? [[String: Any]])
        for merchant in merchants {
            let resolved = try #require(merchant["resolved"] as? [String: Any], "\(merchant)")
            let discount = try #require(resolved["discountBasisPoints"] as? [String: Any])
            #expect(discount["source"] as? String == "cached" && discount["ageSeconds"] is Int, "\(discount)")
        }
        #expect(transcript.server.requestCount(.ctx) == 0)

        // Network first: everyone is asked; a merchant whose provider fails keeps its stored answer and the
        // failure is named under the list (not a failed row).
        transcript.server.loopback.inject(
            .respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#),
            path: transcript.server.path(.ctx, "merchants/\(FixtureDatabase.generatedCTXId(2))"))
        let refreshed = try await transcript.run(["search", "Generated", "--refresh", "--db", db])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let lines = refreshed.stdout.split(separator: "\n").map(String.init)
        let second = try #require(lines.first { $0.hasPrefix(FixtureDatabase.generatedMerchantName(2)) })
        #expect(second.contains("[cached ") && !second.contains("failed"), "\(second)")
        let note = try #require(lines.first { $0.hasPrefix("not live: ") }, "\(refreshed.stdout)")
        #expect(note.contains(FixtureDatabase.generatedMerchantId(2)) && note.contains("500"), "\(note)")
        #expect(lines.filter { $0.contains("save 4.25% [live]") }.count == 2, "\(refreshed.stdout)")
        #expect((1...3).allSatisfy { ctxRequests(transcript, $0) == 1 })
    }

    @Test("search takes show's fetch-policy options, with the same exclusions and help")
    func fetchPolicyUsage() async throws {
        for pair in [["--refresh", "--offline"], ["--live", "--refresh"], ["--max-age", "5", "--live"]] {
            let result = try await CLIProcess.run(["search", "x"] + pair)
            #expect(result.status == 64, "\(pair): \(result.stderr)")
            #expect(result.stderr.contains("cannot be used together"), "\(result.stderr)")
        }
        let help = try await CLIProcess.run(["search", "--help"])
        for option in ["--live", "--refresh", "--max-age SECONDS"] {
            #expect(help.stdout.contains(option), "\(option): \(help.stdout)")
        }
    }

    @Test("Bad --concurrency values, --live with --offline: 64 with one clear line")
    func usageErrors() async throws {
        for value in ["0", "-1", "many", "65"] {
            let result = try await CLIProcess.run(["search", "x", "--concurrency", value])
            #expect(result.status == 64, "\(value): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("--concurrency must be a whole number from 1 to 64, not \(value)"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let both = try await CLIProcess.run(["search", "x", "--live", "--offline"])
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("--live and --offline cannot be used together"), "\(both.stderr)")
    }

    @Test("Not signed in anywhere: search --live fails as show --live does (77), naming the sign-in")
    func notSignedIn() async throws {
        let transcript = try AuthTranscript()
        let db = try database(merchants: 2)
        let result = try await transcript.run(["search", "Generated", "--live", "--db", db])
        #expect(result.status == 77, "\(result.status) \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("auth login ctx"), "\(result.stderr)")
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
    }

    @Test("Plain search asks nobody and leaves the state folder as it was, even signed in")
    func plainSearchStaysOnTheDatabase() async throws {
        let transcript = try await signedIn()
        let db = try database(merchants: 3)
        let folder = transcript.home + "/mainnet"
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let result = try await transcript.run(["search", "Generated", "--concurrency", "3", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("save 1%") && !result.stdout.contains("[live]"), "\(result.stdout)")
        #expect(result.stdout.contains("AVAILABLE: as the explore database says"), "\(result.stdout)")
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
    }
}
