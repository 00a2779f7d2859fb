import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// Every exit code the README and `--help` document, with the provider played by the loopback mock server;
/// through the binary itself, that the process exits with the code (and prints the bytes) a run in process
/// gives, and 74 for an output that cannot be written. 70 (internal error) is documented as what no input should cause:
/// it is kept for a failure the program did not foresee, and no command line reaches it.
@Suite("Every documented exit code, and the binary exits with it", hangGuard(minutes: 3))
struct ExitCodeTableTests {
    static let merchant = SampleLookupTests.homeDepot
    static let merchantPath = "merchants/\(SampleLookupTests.homeDepot)"

    /// Signs in to CTX through the real commands.
    func signedIn() async throws -> AuthTranscript {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        return transcript
    }

    func expectOneLine(
        _ result: CLIProcess.Result, _ status: Int32, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("0 ok")
    func ok() async throws {
        let result = try await CLIProcess.run(["providers"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test("1 not found, and a refusal by the provider")
    func notFound() async throws {
        expectOneLine(try await CLIProcess.run(["show", "no-such-merchant", "--offline"]), 1, "not found")
        let transcript = try await signedIn()
        transcript.server.loopback.inject(
            .respond(status: 409, body: #"{"errors":[{"message":"conflict"}]}"#),
            path: transcript.server.path(.ctx, Self.merchantPath))
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 1, "rejected")
    }

    @Test("10 sync --check: newer explore data is available")
    func updateAvailable() async throws {
        let storage = try StorageFixture()
        try storage.publish(merchant: "Checked Bakery", timestamp: 1_700_000_000_000)
        let result = try await CLIProcess.run(
            ["sync", "--check", "--storage-url", storage.server.baseURL], home: storage.home, timeout: 60)
        #expect(result.status == 10, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("update available"))
    }

    @Test("64 bad usage")
    func usage() async throws {
        expectOneLine(try await CLIProcess.run(["search", "--limit", "0"]), 64, "--limit")
    }

    @Test("65 an unreadable answer, database or credentials file")
    func dataError() async throws {
        let transcript = try await signedIn()
        transcript.server.loopback.inject(.malformedJSON, path: transcript.server.path(.ctx, Self.merchantPath))
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 65, "could not be read")
        try Data("{\"accessToken\": ".utf8).write(to: URL(fileURLWithPath: transcript.home + "/mainnet/ctxspend.json"))
        expectOneLine(try await transcript.run(["show", Self.merchant]), 65, "damaged")
    }

    @Test("66 a missing database file")
    func noInput() async throws {
        expectOneLine(try await CLIProcess.run(["search", "--db", "/nonexistent/explore.db"]), 66, "/nonexistent/explore.db")
    }

    @Test("69 the provider failed (5xx) or cannot be reached")
    func unavailable() async throws {
        let transcript = try await signedIn()
        transcript.server.loopback.inject(
            .respond(status: 502, body: #"{"errors":[{"message":"bad gateway"}]}"#),
            path: transcript.server.path(.ctx, Self.merchantPath))
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 69, "HTTP 502")
        transcript.server.stop()
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 69, "network unavailable")
    }

    @Test("73 the credentials cannot be written")
    func cannotCreate() async throws {
        // A state directory inside /proc cannot be created, whoever runs the test (root included).
        let transcript = try AuthTranscript()
        let home = "/proc/dashspend-exit-73-\(UUID().uuidString)"
        let result = try await CLIProcess.run(
            ["auth", "login", "ctx", "--email", "user@example.com", "--home", home] + transcript.urlOptions)
        expectOneLine(result, 73, "cannot write the credentials file")
    }

    @Test("The binary exits with the code, and prints the bytes, of the same run in process")
    func endToEnd() async throws {
        let scratch = try ScratchDirectory(prefix: "cli-exit-codes")
        let text = scratch.file("notes.txt")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
        let closed = try ClosedLoopbackPort()
        let cases: [(arguments: [String], status: Int32)] = [
            (["providers"], 0), (["--help"], 0), (["show", "no-such-merchant", "--offline"], 1),
            (["show", "no-such-merchant", "--offline", "--json"], 1), (["search", "--limit", "0"], 64),
            (["search", "--bogus", "--json"], 64), (["show", "x", "--db", text], 65),
            (["search", "--db", "/nonexistent/explore.db"], 66),
            (["sync", "--storage-url", "http://127.0.0.1:\(closed.port)"], 69), (["show", Self.merchant, "--live"], 77),
        ]
        for (arguments, status) in cases {
            let home = scratch.file("home-\(arguments.joined(separator: "-").count)")
            let process = try await CLIProcess.run(arguments, home: home, timeout: 60, as: .process)
            let inProcess = try await CLIProcess.run(arguments, home: home, timeout: 60)
            #expect(process.status == status, "\(arguments): \(process.stderr)")
            #expect(inProcess.status == process.status, "\(arguments)")
            #expect(inProcess.stdout == process.stdout, "\(arguments)")
            #expect(inProcess.stderr == process.stderr, "\(arguments)")
        }
    }

    @Test("74 the output cannot be written")
    func outputFailed() throws {
        let output = try ChildProcess.run(CLIProcess.executable.path, ["providers"], stdout: .file("/dev/full"))
        #expect(output.status == 74)
    }

    @Test("75 try again later: 429 says when, from Retry-After in seconds or as a date; a time-out too")
    func tryAgainLater() async throws {
        let transcript = try await signedIn()
        let path = transcript.server.path(.ctx, Self.merchantPath)
        transcript.server.loopback.inject(
            .respondWithHeaders(status: 429, headers: ["Retry-After": "30"], body: #"{"errors":[{"message":"slow down"}]}"#),
            path: path, times: 1)
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 75, "try again in 30 seconds")

        let inTwoHours = Date().addingTimeInterval(2 * 3600 + 30)
        let httpDate = Self.imfFixdate(inTwoHours)
        transcript.server.loopback.inject(
            .respondWithHeaders(status: 429, headers: ["Retry-After": httpDate], body: "{}"), path: path, times: 1)
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 75, "try again in 3 hours")

        transcript.server.loopback.inject(.respond(status: 429, body: "{}"), path: path, times: 1)
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 75, "try again later")

        // Held until the run has ended: only the time-out can end it (a 10 s delay let a loaded machine decide).
        let gate = LoopbackGate()
        transcript.server.loopback.inject(.hold(gate), path: path, times: 1)
        defer { gate.open() }
        expectOneLine(
            try await transcript.run(["show", Self.merchant, "--live", "--timeout", "0.5"]), 75, "did not answer in time")
    }

    @Test("77 sign-in needed, or the session refused")
    func signInRequired() async throws {
        expectOneLine(try await CLIProcess.run(["show", Self.merchant, "--live"]), 77, "not signed in to CTX")
        expectOneLine(try await CLIProcess.run(["show", Self.merchant, "--live"]), 77, "auth login ctx")
        let transcript = try await signedIn()
        transcript.server.expireAccessTokens(for: .ctx)
        transcript.server.setRefreshBehavior(.fail(status: 401))
        expectOneLine(try await transcript.run(["show", Self.merchant, "--live"]), 77, "refused the stored session")
    }

    @Test("The README and --help list the same exit codes, each one tested here")
    func documented() async throws {
        // --help's "exit codes:" section and the README's table list exactly the same codes.
        let help = try await CLIProcess.run(["--help"])
        let section = try #require(help.stdout.components(separatedBy: "exit codes:\n").last)
        let helpCodes = Set(
            section.split(separator: "\n").compactMap { Int($0.split(separator: " ").first.map(String.init) ?? "") })
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let table =
            try #require(text.components(separatedBy: "### Output and exit codes").last)
            .components(separatedBy: "\n#").first ?? ""
        let readmeCodes = Set(
            table.split(separator: "\n").compactMap { line -> Int? in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return line.hasPrefix("| ") && cells.count >= 2 ? Int(cells[0]) : nil
            })
        #expect(helpCodes.count >= 13, "\(helpCodes.sorted())")
        #expect(helpCodes == readmeCodes, "--help \(helpCodes.sorted()) vs README \(readmeCodes.sorted())")
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func imfFixdate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return String(
            format: "%@, %02d %@ %04d %02d:%02d:%02d GMT", days[parts.weekday! - 1], parts.day!, months[parts.month! - 1],
            parts.year!, parts.hour!, parts.minute!, parts.second!)
    }
}
