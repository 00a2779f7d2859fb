import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `show ID_OR_NAME...` and `show --stdin`: many merchants in one run; the binary itself for reading a pipe
/// as lines arrive and for its peak memory.
// A hang guard far above the work: the memory test took over 6 minutes on a loaded two-core machine.
@Suite("merchant-lookup show, many merchants in one process", hangGuard(minutes: 20))
struct BatchShowTests {
    static let homeDepot = SampleLookupTests.homeDepot
    static let nike = "a1b2c3d4-0002-4000-8000-000000000002"

    /// Every line of `stdout` parsed as a JSON object.
    func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test("Text: one block per merchant in the order given, a failure's error line in place, exit 1")
    func textInOrder() async throws {
        let result = try await CLIProcess.run(["show", Self.homeDepot, "no-such-merchant", "Nike", "--offline"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == SampleNoteTests.line, "the failure is in its place on stdout: \(result.stderr)")
        let blocks = result.stdout.components(separatedBy: "\n\n")
        try #require(blocks.count == 3, "\(result.stdout)")
        #expect(blocks[0].hasPrefix("Home Depot (\(Self.homeDepot))\n"))
        #expect(blocks[1] == "merchant-lookup: merchant no-such-merchant not found")
        #expect(blocks[2].hasPrefix("Nike (\(Self.nike))\n"))
        #expect(blocks[2].hasSuffix("\n") && !blocks[2].hasSuffix("\n\n"))
        // The blocks are exactly what a single show prints.
        let single = try await CLIProcess.run(["show", Self.homeDepot, "--offline"])
        #expect(single.stdout == blocks[0] + "\n")
    }

    @Test("--json: one object per line (NDJSON) in input order; a failure is {input, error}")
    func ndjson() async throws {
        let result = try await CLIProcess.run(
            ["show", "no-such-merchant", Self.homeDepot, "nike", "--offline", "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = try objects(result.stdout)
        try #require(lines.count == 3, "\(result.stdout)")
        #expect(lines[0]["input"] as? String == "no-such-merchant")
        let error = try #require(lines[0]["error"] as? [String: Any])
        #expect(error["code"] as? String == "notFound")
        #expect((error["message"] as? String)?.contains("no-such-merchant") == true)
        #expect(lines[1]["merchantId"] as? String == Self.homeDepot)
        #expect(lines[2]["merchantId"] as? String == Self.nike, "a name resolves as in a single show")
        let single = try await CLIProcess.run(["show", Self.homeDepot, "--offline", "--json"])
        #expect(result.stdout.split(separator: "\n")[1] + "\n" == single.stdout)
    }

    @Test("Every merchant resolved: exit 0")
    func allResolved() async throws {
        let result = try await CLIProcess.run(["show", Self.homeDepot, Self.nike, Self.homeDepot, "--offline", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try objects(result.stdout).map { $0["merchantId"] as? String } == [Self.homeDepot, Self.nike, Self.homeDepot])
    }

    @Test("--stdin: one per line, trimmed, blank lines skipped, the last line without a newline")
    func standardInput() async throws {
        let input = "\n  \(Self.homeDepot)  \n\n\t\nno-such-merchant\r\n\n Nike"
        let result = try await CLIProcess.run(["show", "--stdin", "--offline", "--json"], input: input)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = try objects(result.stdout)
        try #require(lines.count == 3, "\(result.stdout)")
        #expect(lines[0]["merchantId"] as? String == Self.homeDepot)
        #expect(lines[1]["input"] as? String == "no-such-merchant")
        #expect(lines[2]["merchantId"] as? String == Self.nike)

        let empty = try await CLIProcess.run(["show", "--stdin", "--offline"], input: "\n\n")
        #expect(empty.status == 0)
        #expect(empty.stdout.isEmpty)
    }

    @Test("The exit code is the first failure's: a provider down (69) before or after a missing merchant (1)")
    func firstFailureExitCode() async throws {
        let transcript = try AuthTranscript()
        #expect(try await transcript.run(["auth", "login", "ctx", "--email", "user@example.com"]).status == 0)
        #expect(try await transcript.run(["auth", "verify", "ctx", "--code", MockProviderServer.validCode]).status == 0)
        transcript.server.loopback.inject(
            .respond(status: 500, body: #"{"errors":[{"message":"boom"}]}"#),
            path: transcript.server.path(.ctx, "merchants/\(Self.homeDepot)"))
        let downFirst = try await transcript.run(["show", Self.homeDepot, "no-such-merchant", "--live", "--json"])
        #expect(downFirst.status == 69, "\(downFirst.stdout) \(downFirst.stderr)")
        let lines = try objects(downFirst.stdout)
        try #require(lines.count == 2)
        #expect((lines[0]["error"] as? [String: Any])?["code"] as? String == "unavailable")
        #expect((lines[1]["error"] as? [String: Any])?["code"] as? String == "notFound")
        let missingFirst = try await transcript.run(["show", "no-such-merchant", Self.homeDepot, "--live"])
        #expect(missingFirst.status == 1, "\(missingFirst.stdout) \(missingFirst.stderr)")
        #expect(missingFirst.stdout.hasPrefix("merchant-lookup: merchant no-such-merchant not found\n\nmerchant-lookup: "))
        #expect(transcript.leakedSecrets().isEmpty)
    }

    @Test("--stdin from a pipe: each result is written before the next line is sent")
    func answersAsLinesArrive() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cli-home-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let input = Pipe()
        let output = Pipe()
        // Only this child gets these pipes: a child another test spawns meanwhile must not inherit the write
        // end of stdin (the end of input would never come) or of stdout (the end of output would never come).
        for pipe in [input, output] {
            for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
                _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        let child = try ChildProcess(
            CLIProcess.executable.path, ["show", "--stdin", "--offline", "--json"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home],
            stdin: .descriptor(input.fileHandleForReading.fileDescriptor),
            stdout: .descriptor(output.fileHandleForWriting.fileDescriptor))
        // The child has its own copies: the test keeps only the ends it uses, so the end of the child's output
        // is seen when the child exits.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        // A hang kills the process, which ends the reads below.
        let killer = DispatchWorkItem { child.send(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killer)
        defer { killer.cancel() }
        var seen: [String] = []
        for id in [Self.homeDepot, Self.nike] {
            try input.fileHandleForWriting.write(contentsOf: Data((id + "\n").utf8))
            let line = await Self.readLine(output.fileHandleForReading)
            seen.append(line)
            #expect(line.contains("\"merchantId\":\"\(id)\""), "\(line)")
        }
        try input.fileHandleForWriting.close()
        let rest = await Self.readLine(output.fileHandleForReading)
        #expect(rest.isEmpty, "nothing more after the end of input")
        let termination = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: child.wait()) }
        }
        #expect(termination == .exited(0))
        #expect(seen.count == 2)
    }

    /// Reads what the process writes until a newline (or the end of the stream), on a thread of its own. The
    /// process writes nothing more before it is sent the next line, so nothing after the newline is lost.
    static func readLine(_ handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                }
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.hasSuffix("\n") ? String(text.dropLast()) : text)
            }
        }
    }

    @Test(
        "Memory stays flat: 100,000 lines peak within a small margin of 10,000",
        .enabled(if: PeakMemoryRun.canMeasure, "reads the peak memory in /proc: Linux only"))
    func flatMemory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-memory-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let known = [1, 2, 4, 6, 7, 8, 9, 10].map { String(format: "a1b2c3d4-%04d-4000-8000-%012d", $0, $0) } + ["Nike"]
        var peaks: [Int: Int] = [:]
        for count in [10_000, 100_000] {
            // Seeded: the same lines every run. Most are repeats of the sample's merchants, a quarter unknown.
            var random = SplitMix64(seed: 11)
            var text = ""
            for _ in 0..<count {
                let pick = random.next() % 100
                text += pick < 75 ? known[Int(pick) % known.count] : "unknown-\(random.next() % 5_000)"
                text += "\n"
            }
            let input = folder + "/in-\(count)"
            let output = folder + "/out-\(count)"
            try text.write(toFile: input, atomically: true, encoding: .utf8)
            let run = try await PeakMemoryRun.run(
                ["show", "--stdin", "--offline", "--json"], input: input, output: output, home: folder + "/home")
            let errors = try String(contentsOfFile: output + ".err", encoding: .utf8)
            #expect(run.status == 1, "unknown ids are not found: \(errors)")
            let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == count)
            // Spot checks: lines parse as JSON, in input order.
            let inputs = text.split(separator: "\n")
            for index in stride(from: 0, to: count, by: count / 50) {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any])
                if let failed = object["input"] as? String {
                    #expect(failed == String(inputs[index]))
                } else {
                    #expect(object["merchantId"] is String)
                    #expect(!inputs[index].hasPrefix("unknown-"))
                }
            }
            peaks[count] = run.peakKiB
        }
        let small = try #require(peaks[10_000])
        let large = try #require(peaks[100_000])
        #expect(large <= small + max(4_096, small / 10), "peak RSS \(small) KiB for 10,000 lines, \(large) KiB for 100,000")
    }
}
