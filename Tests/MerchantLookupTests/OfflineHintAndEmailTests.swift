import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Checked before anything is sent, and hints that can be followed (issue 21): a malformed e-mail address is
/// a usage error with no request made; no hint suggests `--offline` where `--offline` is refused.
@Suite("auth login checks the address locally; hints never suggest a refused --offline", hangGuard(minutes: 5))
struct OfflineHintAndEmailTests {
    @Test("auth login ctx --email notanemail: 64, one line, nothing sent", arguments: ["notanemail", "two words@x.y", " "])
    func emailCheckedLocally(_ address: String) async throws {
        let transcript = try AuthTranscript()
        let result = try await transcript.run(["auth", "login", "ctx", "--email", address])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--email must be an e-mail address"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
    }

    @Test("A network failure of auth login, which refuses --offline, does not suggest it")
    func loginNetworkFailure() async throws {
        let transcript = try AuthTranscript()
        transcript.server.loopback.inject(.connectionReset, path: "/ctx/login")
        let result = try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("check the connection") && !result.stderr.contains("--offline"), "\(result.stderr)")
    }

    @Test("A network failure of show --live, which refuses --offline, does not suggest it")
    func liveNetworkFailure() async throws {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        transcript.server.loopback.inject(.connectionReset, path: "/ctx/merchants/\(SampleLookupTests.homeDepot)")
        let live = try await transcript.run(["show", SampleLookupTests.homeDepot, "--live"])
        #expect(live.status == 69, "\(live.stderr)")
        #expect(!live.stderr.contains("--offline"), "\(live.stderr)")
    }
}
