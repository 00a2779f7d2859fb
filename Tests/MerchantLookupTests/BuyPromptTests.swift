import DashSpendCore
import DashSpendQR
import DashSpendTestSupport
import Foundation
import Testing

/// `buy`'s question on a real terminal: the tool runs in a pseudo-terminal (Python's `pty`) that answers it.
@Suite("merchant-lookup buy asks on a terminal", hangGuard(minutes: 3))
struct BuyPromptTests {
    /// Runs `merchant-lookup` in a pseudo-terminal, typing `answer` and Enter once the question shows.
    static let driver = """
        import os, pty, select, sys
        answer = sys.argv[1]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        out = b""
        answered = False
        while True:
            ready, _, _ = select.select([fd], [], [], 120)
            if not ready:
                break
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
            if not answered and b"[y/N]" in out:
                os.write(fd, (answer + "\\n").encode())
                answered = True
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(out)
        sys.exit(os.WEXITSTATUS(status))
        """

    /// The tool's output on the terminal and its exit status; nil when there is no python3.
    func runOnTerminal(_ transcript: AuthTranscript, answer: String, _ arguments: [String]) async throws
        -> (status: Int32, output: String)?
    {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard
            let python = path.split(separator: ":").map({ $0 + "/python3" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let arguments = ["-c", Self.driver, answer, CLIProcess.executable.path] + arguments + transcript.urlOptions
        let environment = ["PATH": path, "LANG": "C.UTF-8", "DASHSPEND_HOME": transcript.home, "TERM": "xterm"]
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        let output = try ChildProcess.run(String(python), arguments, environment: environment)
                        return (output.status, output.stdout)
                    })
            }
        }
    }

    @Test("Answered no: nothing bought; answered yes: one purchase and a QR code in fixed black-on-white colours")
    func prompt() async throws {
        let transcript = try AuthTranscript()
        transcript.server.orderBook.enable()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        guard let declined = try await runOnTerminal(transcript, answer: "n", ["buy", "Home Depot", "--amount", "25"])
        else {
            Issue.record("python3 is needed to drive a pseudo-terminal")
            return
        }
        #expect(declined.status == 0, "\(declined.output)")
        #expect(declined.output.contains("you pay:"), "the summary comes before the question: \(declined.output)")
        #expect(declined.output.contains("Nothing was bought"))
        #expect(transcript.server.orderBook.createdCount(.ctx) == 0)

        let accepted = try #require(
            try await runOnTerminal(transcript, answer: "y", ["buy", "Home Depot", "--amount", "25"]))
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(transcript.server.orderBook.createdCount(.ctx) == 1)
        #expect(accepted.output.contains(MockOrderBook.paymentURI(25)))
        #expect(accepted.output.contains(QRTerminalRenderer.colorStart), "colours kept on a terminal")
        #expect(!accepted.output.contains("\\x1B"), "the QR's colours are not escaped")
    }
}
