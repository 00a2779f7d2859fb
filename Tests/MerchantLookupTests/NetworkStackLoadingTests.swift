#if os(Linux)
import DashSpendTestKit
import DashSpendTestSupport
import Foundation
import Testing

/// What the dynamic loader brings into a `merchant-lookup` process, read from its own report
/// (`LD_DEBUG=libs`: a `calling init: PATH` line for every library loaded, at start-up or by `dlopen`).
@Suite("An offline command loads no network code; the first network use loads libcurl", hangGuard(minutes: 2))
struct NetworkStackLoadingTests {
    /// The libraries a process started (their paths), from its `LD_DEBUG=libs` report on standard error.
    private static func loadedLibraries(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// Names of the libraries no offline command may load: libcurl (and its TLS library), FoundationNetworking,
    /// full Foundation and the ICU it carries.
    private static let networkStack = ["libcurl", "libssl", "libFoundationNetworking", "libFoundation.so", "lib_FoundationICU"]

    /// Libraries only `sync` needs, opened when it first decrypts: libcrypto (thousands of symbols bound at
    /// start-up, more than a whole offline lookup costs).
    private static let syncOnly = ["libcrypto"]

    @Test("show --offline maps neither libcurl nor FoundationNetworking, full Foundation, ICU or libcrypto")
    func offlineShowLoadsNoNetworkCode() async throws {
        let result = try await CLIProcess.run(
            ["show", SampleLookupTests.homeDepot, "--json", "--offline"], environment: ["LD_DEBUG": "libs"], as: .process)
        #expect(result.status == 0, "\(result.stderr.suffix(500))")
        let loaded = Self.loadedLibraries(result.stderr)
        // The report is there (the loader honoured LD_DEBUG): the check below is not vacuous.
        #expect(loaded.contains { $0.contains("libsqlite3") }, "no loader report: \(result.stderr.prefix(300))")
        for library in Self.networkStack + Self.syncOnly {
            #expect(!loaded.contains { $0.contains(library) }, "an offline show loaded \(library): \(loaded)")
        }
    }

    @Test("--version maps no network code either")
    func versionLoadsNoNetworkCode() async throws {
        let result = try await CLIProcess.run(["--version"], environment: ["LD_DEBUG": "libs"], as: .process)
        #expect(result.status == 0)
        let loaded = Self.loadedLibraries(result.stderr)
        #expect(!loaded.isEmpty)
        for library in Self.networkStack + Self.syncOnly {
            #expect(!loaded.contains { $0.contains(library) }, "--version loaded \(library): \(loaded)")
        }
    }

    /// The other side: a command that goes online loads libcurl, on its first request (here to a closed port).
    @Test("a sync loads libcurl when it sends its first request")
    func networkCommandLoadsLibcurl() async throws {
        let closed = try ClosedLoopbackPort()
        let result = try await CLIProcess.run(
            ["sync", "--storage-url", "http://127.0.0.1:\(closed.port)"], environment: ["LD_DEBUG": "libs"], timeout: 60,
            as: .process)
        #expect(result.status == 69, "\(result.stderr.suffix(500))")
        let loaded = Self.loadedLibraries(result.stderr)
        #expect(loaded.contains { $0.contains("libcurl.so.4") }, "the sync did not load libcurl: \(loaded)")
        #expect(!loaded.contains { $0.contains("libFoundationNetworking") })
        withExtendedLifetime(closed) {}
    }
}
#endif
