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

    /// Libraries only `sync` and the check of a signed payment request need, opened when first used: libcrypto
    /// (thousands of symbols bound at start-up, more than a whole offline lookup costs).
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

    /// Where the loader finds `libcurl.so.4` (`ldconfig -p`), or nil.
    private static var installedLibcurl: String? {
        guard let output = try? ChildProcess.run("/sbin/ldconfig", ["-p"], timeout: 30), output.status == 0 else { return nil }
        let line = output.stdout.split(separator: "\n").first { $0.contains("libcurl.so.4 (") && $0.contains("x86-64") }
        return line?.components(separatedBy: " => ").last
    }

    /// Whether this process may make a mount namespace (root, and `unshare` allowed here).
    private static let canHideFiles: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        return (try? ChildProcess.run("/usr/bin/unshare", ["-m", "true"], timeout: 30).status) == 0
    }()

    /// A machine with the package built but libcurl missing: the binary runs in a mount namespace where
    /// `/dev/null` is mounted over `libcurl.so.4`, so `dlopen` fails as it would with the library absent.
    /// The offline commands still answer; the first network use fails with one line naming the package.
    @Test(
        "without libcurl.so.4 an offline lookup answers and a network command says in one line which package is missing",
        .enabled(if: canHideFiles && installedLibcurl != nil, "needs root, unshare and an installed libcurl.so.4"))
    func missingLibcurlIsOneLine() async throws {
        let library = try #require(Self.installedLibcurl)
        let closed = try ClosedLoopbackPort()
        let home = try ScratchDirectory(prefix: "no-libcurl")
        func run(_ arguments: [String]) throws -> ChildProcess.Output {
            let quoted = ([CLIProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            return try ChildProcess.run(
                "/usr/bin/unshare", ["-m", "sh", "-c", "mount --bind /dev/null '\(library)' && exec \(quoted)"],
                environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home.path], timeout: 60)
        }
        let offline = try run(["show", SampleLookupTests.homeDepot, "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("Home Depot"))
        let online = try run(["sync", "--storage-url", "http://127.0.0.1:\(closed.port)"])
        #expect(online.status == 69, "\(online.stderr)")
        let lines = online.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(online.stderr)")
        #expect(online.stderr.contains("libcurl") && online.stderr.contains("install libcurl4"), "\(online.stderr)")
        withExtendedLifetime(closed) {}
    }
}
#endif
