import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// A started mock provider server, a state directory the tool creates itself, and every byte the tool
/// printed in the test, so that the test can check no secret the server issued ever reached the output.
final class AuthTranscript {
    let server: MockProviderServer
    /// The state directory (`DASHSPEND_HOME`); it does not exist until the tool writes to it.
    let home: String
    private(set) var outputs: [String] = []
    /// Environment variables every run gets besides `DASHSPEND_HOME`.
    var environment: [String: String] = [:]

    init() throws {
        server = try MockProviderServer.started()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-auth-\(UUID().uuidString)").path
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: home)
    }

    /// `--ctx-url` (and `--piggycards-url`) pointing at the mock server.
    var urlOptions: [String] {
        GiftCardProvider.allCases.flatMap { ["--\($0.id)-url", server.baseURL(for: $0).absoluteString] }
    }

    /// Runs the tool against the mock server with this state directory and records its output: in process
    /// unless `mode` says otherwise, with `input` on its standard input (a terminal's, with its standard
    /// error, when `terminal`).
    @discardableResult
    func run(
        _ arguments: [String], input: String? = nil, terminal: Bool = false, as mode: CLIProcess.Mode = .inProcess
    ) async throws -> CLIProcess.Result {
        let result = try await CLIProcess.run(
            arguments + urlOptions, home: home, environment: environment, input: input, terminal: terminal, as: mode)
        outputs += [result.stdout, result.stderr]
        return result
    }

    /// `auth status --json` parsed, for `network`.
    func status(network: String = "mainnet") async throws -> (network: String?, providers: [String: [String: Any]]) {
        let result = try await run(["auth", "status", "--json", "--network", network])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        let rows = try #require(json["providers"] as? [[String: Any]])
        var byName: [String: [String: Any]] = [:]
        for row in rows { byName[try #require(row["provider"] as? String)] = row }
        return (json["network"] as? String, byName)
    }

    /// The file mode of `path` (permission bits), or nil when it does not exist.
    func mode(_ relativePath: String) -> Int? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: home + "/" + relativePath)
        return (attributes?[.posixPermissions] as? NSNumber)?.intValue
    }

    /// The secrets the mock server issues that appear anywhere in the recorded output: the tokens and
    /// password as substrings, the one-time code as a standalone number.
    func leakedSecrets() -> [String] {
        let all = outputs.joined(separator: "\n")
        var leaked = [
            MockProviderServer.defaultAccessToken, MockProviderServer.defaultRefreshToken,
            MockProviderServer.piggyCardsPassword,
        ].filter { all.contains($0) }
        if Self.containsStandaloneNumber(MockProviderServer.validCode, in: all) { leaked.append(MockProviderServer.validCode) }
        return leaked
    }

    static func containsStandaloneNumber(_ number: String, in text: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: number, range: searchRange) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            if !before.isNumber && !after.isNumber { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }
}
