import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Damaged credentials, URL overrides, option checks, long operands, absurd token expiries and the
/// one-time code from standard input.
@Suite("Hostile inputs get a clear line and the right exit code", hangGuard(minutes: 3))
struct InputHardeningTests {
    static let email = "user@example.com"

    /// Runs the tool with `input` on its standard input (not a terminal), against `transcript`'s server and home.
    static func run(_ arguments: [String], input: String, transcript: AuthTranscript) async throws -> CLIProcess.Result {
        try await transcript.run(arguments, input: input)
    }

    @Test("A damaged credentials file is 65 for every command that reads it, never 'not signed in'")
    func damagedCredentials() async throws {
        let transcript = try AuthTranscript()
        try FileManager.default.createDirectory(atPath: transcript.home + "/mainnet", withIntermediateDirectories: true)
        let file = transcript.home + "/mainnet/ctxspend.json"
        try Data("{\"accessToken\": ".utf8).write(to: URL(fileURLWithPath: file))
        for arguments in [
            ["show", SampleLookupTests.homeDepot], ["show", SampleLookupTests.homeDepot, "--live"],
            ["auth", "status"], ["auth", "login", "ctx", "--email", Self.email],
            ["auth", "verify", "ctx", "--code", MockProviderServer.validCode],
        ] {
            let result = try await transcript.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("damaged") && result.stderr.contains(file), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(transcript.server.loopback.receivedRequests.isEmpty, "nothing is sent on a damaged file")
        let offline = try await transcript.run(["show", SampleLookupTests.homeDepot, "--offline"])
        #expect(offline.status == 0, "--offline never reads credentials")
        let logout = try await transcript.run(["auth", "logout", "ctx"])
        #expect(logout.status == 0)
        #expect(logout.stdout.contains("damaged"), "logout says it removed a damaged file: \(logout.stdout)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test(
        "Plain http only to a loopback address or localhost, decided before any lookup",
        arguments: [
            ("http://127.evil.example/", false), ("http://127.0.0.1.evil.example/", false), ("http://127.1/", false),
            ("http://0177.0.0.1/", false), ("http://localhost.evil.example/", false), ("http://128.0.0.1/", false),
            ("http://[::2]/", false), ("http://127.0.0.1:9/", true), ("http://127.255.0.9:9/", true),
            ("http://localhost:9/", true), ("http://[::1]:9/", true), ("https://127.evil.example/", true),
        ])
    func urlOverride(_ url: String, allowed: Bool) async throws {
        let result = try await CLIProcess.run(["providers", "--ctx-url", url])
        if allowed {
            #expect(result.status == 0, "\(url): \(result.stderr)")
        } else {
            #expect(result.status == 64, "\(url): \(result.stderr)")
            #expect(result.stderr.contains("must use https"), "\(url): \(result.stderr)")
        }
    }

    @Test("--timeout is checked by every command, also those that never use the network")
    func timeoutEverywhere() async throws {
        // One bad value per command (five processes, not twenty-five): each command checks every value alike.
        let commands = [["providers"], ["db", "info"], ["territories"], ["search", "x"], ["auth", "status"]]
        for (command, bad) in zip(commands, ["0", "-1", "abc", "601", "nan"]) {
            let result = try await CLIProcess.run(command + ["--timeout", bad])
            #expect(result.status == 64, "\(command) --timeout \(bad): \(result.stderr)")
            #expect(result.stderr.contains("--timeout"))
        }
        #expect(try await CLIProcess.run(["providers", "--timeout", "0.5"]).status == 0)
    }

    @Test("A merchant id longer than a line is cut in the message")
    func longMerchantId() async throws {
        // Longer than a line, not longer than a name can be (longer ones are refused before any lookup).
        let id = String(repeating: "x", count: 150)
        let result = try await CLIProcess.run(["show", id, "--offline"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(String(repeating: "x", count: 80) + "…"))
        #expect(!result.stderr.contains(String(repeating: "x", count: 81)))
        #expect(result.stderr.count < 300)
    }

    @Test("A JWT expiry beyond the year 9999 reads as no expiry")
    func farExpiry() async throws {
        let transcript = try AuthTranscript()
        try FileManager.default.createDirectory(atPath: transcript.home + "/mainnet", withIntermediateDirectories: true)
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        for exp in ["253402300800", "1000000000000000", "9007199254740993"] {
            let token = base64URL(#"{"alg":"HS256"}"#) + "." + base64URL(#"{"exp":\#(exp)}"#) + ".c2ln"
            let credentials = #"{"email":"jwt@example.com","accessToken":"\#(token)","refreshToken":"r"}"#
            try Data(credentials.utf8).write(to: URL(fileURLWithPath: transcript.home + "/mainnet/ctxspend.json"))
            let json = try await transcript.run(["auth", "status", "--json"])
            let rows = try #require(try json.json()["providers"] as? [[String: Any]])
            let ctx = try #require(rows.first { $0["provider"] as? String == "CTX" })
            #expect(ctx["accessTokenExpiresAt"] is NSNull, "exp \(exp): \(ctx)")
            #expect(ctx["signedIn"] as? Bool == true)
            let text = try await transcript.run(["auth", "status"])
            let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("CTX") })
            #expect(line.hasSuffix("-"), "exp \(exp): \(line)")
        }
        let last = base64URL(#"{"alg":"HS256"}"#) + "." + base64URL(#"{"exp":253402300799}"#) + ".c2ln"
        try Data(#"{"accessToken":"\#(last)","refreshToken":"r"}"#.utf8)
            .write(to: URL(fileURLWithPath: transcript.home + "/mainnet/ctxspend.json"))
        let json = try await transcript.run(["auth", "status", "--json"])
        let rows = try #require(try json.json()["providers"] as? [[String: Any]])
        #expect(rows.first { $0["provider"] as? String == "CTX" }?["accessTokenExpiresAt"] as? String == "9999-12-31T23:59:59Z")
    }

    @Test("auth verify reads the code from standard input with --code -, and needs a code without a terminal")
    func codeFromStandardInput() async throws {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", Self.email]).status == 0)
        let none = try await Self.run(
            ["auth", "verify", "ctx"], input: MockProviderServer.validCode + "\n", transcript: transcript)
        #expect(none.status == 64, "no terminal, no --code: \(none.stderr)")
        #expect(none.stderr.contains("--code -"))
        let empty = try await Self.run(["auth", "verify", "ctx", "--code", "-"], input: "", transcript: transcript)
        #expect(empty.status == 64, "\(empty.stderr)")
        let verify = try await Self.run(
            ["auth", "verify", "ctx", "--code", "-"], input: " \(MockProviderServer.validCode) \nrest\n", transcript: transcript)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("Signed in to CTX"))
        #expect(!(verify.stdout + verify.stderr).contains(MockProviderServer.validCode))
        #expect(try await transcript.status().providers["CTX"]?["signedIn"] as? Bool == true)
    }
}
