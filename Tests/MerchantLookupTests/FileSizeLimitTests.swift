import DashSpendTestSupport
import Foundation
import Testing

/// Issue 28: a write past the file-size limit (`ulimit -f`) killed the process with SIGXFSZ, saying nothing
/// and leaving a hot journal. It is an error now: said, with an exit code, nothing half-written.
@Suite("A write past the file-size limit is an error, not a silent death", hangGuard(minutes: 3))
struct FileSizeLimitTests {
    @Test("orders with a 1-block file-size limit: not killed by SIGXFSZ, said, exit 74, no journal left")
    func fileSizeLimit() throws {
        let home = try ScratchDirectory(prefix: "fsize")
        let output = try ChildProcess.run(
            "/bin/sh", ["-c", #"ulimit -f 1 && exec "$0" orders"#, CLIProcess.executable.path],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home.path], input: "", timeout: 60)
        if case .signaled(let signal) = output.termination {
            Issue.record("killed by signal \(signal)")
        }
        #expect(output.status == 74, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("file too large"), "\(output.stderr)")
        let folder = home.path + "/mainnet"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(!files.contains { $0.hasSuffix("-journal") || $0.hasSuffix("-wal") }, "\(files)")
    }
}
