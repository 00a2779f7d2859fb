import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `auth login / verify / status / logout` end to end against a real loopback server.
@Suite("auth commands with CTX", hangGuard(minutes: 5))
struct AuthCommandTests {
    static let email = "user@example.com"

    @Test("login → verify → status → show live → logout, with no secret ever printed")
    func fullSignIn() async throws {
        let transcript = try AuthTranscript()
        let login = try await transcript.run(["auth", "login", "ctx", "--email", Self.email])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains(Self.email))
        #expect(login.stdout.contains("auth verify ctx --code"))

        let pending = try #require(try await transcript.status().providers["CTX"])
        #expect(pending["signedIn"] as? Bool == false)
        #expect(pending["email"] as? String == Self.email, "the e-mail is remembered between login and verify")

        let wrong = try await transcript.run(["auth", "verify", "ctx", "--code", "000000"])
        #expect(wrong.status == 77, "a sign-in refused: \(wrong.stderr)")
        #expect(wrong.stderr.contains("wrong"))
        #expect(wrong.stdout.isEmpty)

        let verify = try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("Signed in to CTX as \(Self.email)"))
        #expect(transcript.mode("mainnet/ctxspend.json") == 0o600)
        #expect(transcript.mode("mainnet") == 0o700)
        #expect(transcript.mode("") == 0o700)

        let status = try await transcript.status()
        #expect(status.network == "mainnet")
        let ctx = try #require(status.providers["CTX"])
        #expect(ctx["signedIn"] as? Bool == true)
        #expect(ctx["email"] as? String == Self.email)
        #expect(ctx.keys.sorted() == ["accessTokenExpiresAt", "email", "provider", "signedIn"])
        let text = try await transcript.run(["auth", "status"])
        #expect(text.stdout.contains("network: mainnet"))
        #expect(
            text.stdout.split(separator: "\n").contains {
                $0.hasPrefix("CTX") && $0.contains("signed in") && $0.contains(Self.email)
            })

        let show = try await transcript.run(["show", SampleLookupTests.homeDepot, "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        let offers = try #require(try show.json()["providers"] as? [[String: Any]])
        let offer = try #require(offers.first { $0["provider"] as? String == "CTX" })
        let discount = try #require(offer["discountBasisPoints"] as? [String: Any])
        #expect(discount["value"] as? Int == 325)
        #expect(discount["source"] as? String == "live")
        let denominations = try #require(offer["denominations"] as? [String: Any])
        let range = try #require(denominations["value"] as? [String: Any])
        #expect(range["type"] as? String == "min-max")
        #expect(range["min"] as? Int == 5)
        #expect(range["max"] as? Int == 1000)
        #expect(denominations["source"] as? String == "live")
        #expect((offer["enabled"] as? [String: Any])?["source"] as? String == "live")
        #expect(transcript.server.requestCount(.ctx, "merchants/\(SampleLookupTests.homeDepot)") == 1)

        let logout = try await transcript.run(["auth", "logout", "ctx"])
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(logout.stdout.contains("Signed out of CTX"))
        #expect(try await transcript.status().providers["CTX"]?["signedIn"] as? Bool == false)
        let live = try await transcript.run(["show", SampleLookupTests.homeDepot, "--live"])
        #expect(live.status == 77)

        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("A wrong code is 77 (sign-in refused) and says so; verify without login is 77")
    func wrongCode() async throws {
        let transcript = try AuthTranscript()
        let early = try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode])
        #expect(early.status == 77)
        #expect(early.stderr.contains("auth login ctx"))
        try await transcript.run(["auth", "login", "ctx", "--email", Self.email])
        let wrong = try await transcript.run(["auth", "verify", "ctx", "--code", "654321"])
        #expect(wrong.status == 77, "a sign-in refused: \(wrong.stderr)")
        #expect(wrong.stderr.hasPrefix("merchant-lookup: "))
        #expect(wrong.stderr.contains("wrong"))
        #expect(!wrong.stderr.contains("654321"))
        #expect(try await transcript.status().providers["CTX"]?["signedIn"] as? Bool == false)
        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("auth verify on a terminal with no login started says so before prompting; once started, it prompts")
    func verifyOnATerminal() async throws {
        let transcript = try AuthTranscript()
        // A code is typed ahead: without the check the prompt would take it and send it.
        let early = try await transcript.run(
            ["auth", "verify", "ctx"], input: MockProviderServer.validCode + "\n", terminal: true)
        #expect(early.status == 77, "\(early.stderr)")
        #expect(
            early.stderr
                == "merchant-lookup: no sign-in to CTX was started on mainnet: no one-time code is awaited: "
                + "sign in with `merchant-lookup auth login ctx --email ADDRESS`\n")
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
        let testnet = try await transcript.run(
            ["auth", "verify", "ctx", "--network", "testnet", "--json"], input: "1\n", terminal: true)
        let error = try #require(try testnet.json()["error"] as? [String: Any])
        #expect(testnet.status == 77 && testnet.stderr.isEmpty, "\(testnet.stderr)")
        #expect(error["message"] as? String == "no sign-in to CTX was started on testnet: no one-time code is awaited")
        #expect(error["hint"] as? String == "sign in with `merchant-lookup auth login ctx --email ADDRESS --network testnet`")

        try await transcript.run(["auth", "login", "ctx", "--email", Self.email])
        let verified = try await transcript.run(
            ["auth", "verify", "ctx"], input: MockProviderServer.validCode + "\n", terminal: true)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stderr == "one-time code: ", "the prompt, and nothing else: \(verified.stderr)")
        #expect(try await transcript.status().providers["CTX"]?["signedIn"] as? Bool == true)
        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("A stopped server is 69, one line")
    func serverStopped() async throws {
        let transcript = try AuthTranscript()
        transcript.server.stop()
        let login = try await transcript.run(["auth", "login", "ctx", "--email", Self.email])
        #expect(login.status == 69, "\(login.stderr)")
        #expect(login.stderr.split(separator: "\n").count == 1)
        #expect(login.stderr.contains("network"))
    }

    @Test("A testnet sign-in is not a mainnet sign-in")
    func networksAreApart() async throws {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", Self.email, "--network", "testnet"]).status == 0)
        let verify = try await transcript.run([
            "auth", "verify", "ctx", "--code", MockProviderServer.validCode, "--network", "testnet",
        ])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("testnet"))
        #expect(transcript.mode("testnet/ctxspend.json") == 0o600)
        #expect(transcript.mode("mainnet/ctxspend.json") == nil)

        let mainnet = try await transcript.status()
        #expect(mainnet.network == "mainnet")
        #expect(mainnet.providers["CTX"]?["signedIn"] as? Bool == false)
        #expect(mainnet.providers["CTX"]?["email"] is NSNull)
        let testnet = try await transcript.status(network: "testnet")
        #expect(testnet.network == "testnet")
        #expect(testnet.providers["CTX"]?["signedIn"] as? Bool == true)
        #expect(try await transcript.run(["show", SampleLookupTests.homeDepot, "--live"]).status == 77)
        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("A damaged credentials file is 65 with one clear line; logout removes it")
    func damagedCredentials() async throws {
        let transcript = try AuthTranscript()
        try FileManager.default.createDirectory(atPath: transcript.home + "/mainnet", withIntermediateDirectories: true)
        let file = transcript.home + "/mainnet/ctxspend.json"
        try Data("{\"accessToken\": \(MockProviderServer.defaultAccessToken)".utf8).write(to: URL(fileURLWithPath: file))
        let status = try await transcript.run(["auth", "status"])
        #expect(status.status == 65)
        #expect(status.stdout.isEmpty)
        #expect(status.stderr.split(separator: "\n").count == 1)
        #expect(status.stderr.contains(file))
        #expect(status.stderr.contains("damaged"))
        #expect(try await transcript.run(["auth", "logout", "ctx"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try await transcript.status().providers["CTX"]?["signedIn"] as? Bool == false)
        #expect(transcript.leakedSecrets().isEmpty, "secrets printed: \(transcript.leakedSecrets())")
    }

    @Test("status shows a JWT access token's expiry, never the token")
    func jwtExpiry() async throws {
        let transcript = try AuthTranscript()
        try FileManager.default.createDirectory(atPath: transcript.home + "/mainnet", withIntermediateDirectories: true)
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let token = base64URL(#"{"alg":"HS256"}"#) + "." + base64URL(#"{"sub":"u1","exp":1893456000}"#) + ".c2lnbmF0dXJl"
        let credentials = #"{"email":"jwt@example.com","accessToken":"\#(token)","refreshToken":"r"}"#
        try Data(credentials.utf8).write(to: URL(fileURLWithPath: transcript.home + "/mainnet/ctxspend.json"))
        let json = try await transcript.run(["auth", "status", "--json"])
        let ctx = try #require(try json.json()["providers"] as? [[String: Any]]).first { $0["provider"] as? String == "CTX" }
        #expect(ctx?["accessTokenExpiresAt"] as? String == "2030-01-01T00:00:00Z")
        #expect(ctx?["signedIn"] as? Bool == true)
        let text = try await transcript.run(["auth", "status"])
        #expect(text.stdout.contains("2030-01-01T00:00:00Z"))
        #expect(!(json.stdout + text.stdout).contains(token))
    }

    @Test("Bad auth command lines are 64")
    func usage() async throws {
        let transcript = try AuthTranscript()
        for arguments in [
            ["auth", "login"], ["auth", "login", "ctx"], ["auth", "login", "nobody", "--email", Self.email],
            ["auth", "verify", "ctx"], ["auth", "verify", "ctx", "--code", ""], ["auth", "status", "ctx"],
            ["auth", "logout"], ["auth", "logout", "ctx", "extra"],
            ["auth", "login", "ctx", "--code", "1", "--email", Self.email],
            ["auth", "status", "--network", "moon"],
        ] {
            let result = try await transcript.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        #expect(transcript.server.loopback.receivedRequests.isEmpty)
    }

    #if !PIGGYCARDS_ENABLED
    @Test("Without the PiggyCards trait, auth knows only CTX")
    func onlyCTX() async throws {
        let transcript = try AuthTranscript()
        let login = try await transcript.run(["auth", "login", "piggycards", "--email", Self.email])
        #expect(login.status == 64)
        #expect(login.stderr.contains("this build has ctx"))
        #expect(try await transcript.status().providers.keys.sorted() == ["CTX"])
    }
    #endif
}
