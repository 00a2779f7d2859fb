import DashSpendTestSupport
import Foundation
import Testing

/// What a user sees around `sync`: the checksum policy's warning and `--strict`, progress per
/// stage (redrawn on a terminal, one line each elsewhere, none with `--quiet` or `--json`), the JSON result,
/// where the data came from in `db info`, and the stale-data note of `show` and `search`.
@Suite("sync shows its stages and warnings; db info says where the data came from; old data gets a note", hangGuard(minutes: 5))
struct SyncOutputTests {
    let scratch: ScratchDirectory
    let home: String

    init() throws {
        scratch = try ScratchDirectory(prefix: "cli-sync-output")
        home = scratch.file("home")
    }

    /// An explore ZIP of a database with merchant `merchant`, data of `timestamp`; `label` replaces the
    /// checksum of its comment (and its password, so the verifier and the HMAC still pass).
    func zip(_ merchant: String, timestamp: Int64, label: String? = nil, named name: String) throws -> String {
        let database = try SyncFixture.database(named: name + ".db", merchant: merchant, in: scratch)
        var writer = ExploreArchiveWriter(timestamp: timestamp)
        if let label {
            writer.comment = "\(timestamp)#\(label)"
            writer.password = label
        }
        try writer.write(databaseAt: database, to: scratch.file(name))
        return scratch.file(name)
    }

    /// Milliseconds since 1970, `days` days ago.
    func daysAgo(_ days: Double) -> Int64 {
        Int64((Date().timeIntervalSince1970 - days * 86_400) * 1000)
    }

    @Test("A mislabelled ZIP installs with one warning line naming --strict, and is recorded as not verified")
    func mislabelledInstalls() async throws {
        let source = try zip("Mislabelled Bakery", timestamp: 2000, label: "deadbeef", named: "label.zip")
        let result = try await CLIProcess.run(["sync", "--from", source], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("merchant-lookup: ") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.hasPrefix("merchant-lookup: warning: ") == true)
        #expect(warnings.first?.contains("deadbeef") == true && warnings.first?.contains("--strict") == true)
        #expect(result.stdout.contains("NOT the checksum the archive's comment states"), "\(result.stdout)")
        let search = try await CLIProcess.run(["search", "Bakery", "--offline"], home: home)
        #expect(search.stdout.contains("Mislabelled Bakery"))

        let info = try await CLIProcess.run(["db", "info", "--json"], home: home)
        let sync = try #require(try info.json()["sync"] as? [String: Any], "\(info.stdout)")
        #expect(sync["checksumVerified"] as? Bool == false)
        #expect(sync["source"] as? String == "label.zip")
        let text = try await CLIProcess.run(["db", "info"], home: home)
        #expect(text.stdout.contains("NOT the checksum the archive's comment states"), "\(text.stdout)")

        let json = try await CLIProcess.run(["sync", "--from", source, "--force", "--json"], home: home)
        #expect(json.status == 0)
        #expect(try json.json()["checksumVerified"] as? Bool == false)
        #expect(json.stderr.split(separator: "\n").count == 1, "only the warning: \(json.stderr)")
    }

    @Test("--strict refuses a mislabelled ZIP with 65 and keeps the installed database")
    func strictRefuses() async throws {
        let good = try zip("Good Bakery", timestamp: 1000, named: "good.zip")
        #expect(try await CLIProcess.run(["sync", "--from", good, "--strict"], home: home).status == 0)
        let path = home + "/mainnet/explore.db"
        let before = SyncFixture.bytes(path)
        let source = try zip("Mislabelled Bakery", timestamp: 2000, label: "deadbeef", named: "label.zip")
        let result = try await CLIProcess.run(["sync", "--from", source, "--strict"], home: home)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("CRC-32C") && result.stderr.contains("kept \(path) as it was"), "\(result.stderr)")
        #expect(SyncFixture.bytes(path) == before)
        let info = try await CLIProcess.run(["db", "info", "--json"], home: home)
        #expect((try info.json()["sync"] as? [String: Any])?["checksumVerified"] as? Bool == true)
    }

    @Test("Not a terminal: one line per finished stage; a plain file is copied, not decrypted")
    func stageLines() async throws {
        let source = try zip("Staged Bakery", timestamp: 1000, named: "staged.zip")
        let result = try await CLIProcess.run(["sync", "--from", source], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"), "no redrawing into a pipe")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(result.stderrFirstWords == ["decrypt+inflate", "verify", "index"])
        #expect(lines.first?.contains(" kB in ") == true, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.contains(" done in ") && $0.hasSuffix(" s") }, "\(lines)")

        let plain = try SyncFixture.database(named: "plain.db", merchant: "Plain Bakery", in: scratch)
        let copied = try await CLIProcess.run(["sync", "--from", plain], home: home)
        #expect(copied.stderrFirstWords == ["copy", "verify", "index"])
    }

    @Test("--quiet prints nothing at all on success, not even the checksum warning")
    func quiet() async throws {
        let source = try zip("Quiet Bakery", timestamp: 1000, label: "deadbeef", named: "quiet.zip")
        for arguments in [["sync", "--from", source, "--quiet"], ["-q", "sync", "--from", source, "--force"]] {
            let result = try await CLIProcess.run(arguments, home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
        let bad = scratch.file("bad.zip")
        try SyncFixture.write(Array("not a zip".utf8), to: bad)
        let failed = try await CLIProcess.run(["sync", "--from", bad, "--quiet"], home: home)
        #expect(failed.status == 65 && failed.stderr.hasPrefix("merchant-lookup: "), "errors still show")
    }

    @Test("--json: the result object with counts, bytes, seconds per stage and updated; no progress on stderr")
    func json() async throws {
        let source = try zip("Json Bakery", timestamp: 1_700_000_000_000, named: "json.zip")
        let result = try await CLIProcess.run(["sync", "--from", source, "--json"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let object = try result.json()
        #expect(object["updated"] as? Bool == true)
        #expect(object["source"] as? String == source)
        #expect(object["version"] as? Int == 4)
        #expect(object["dataTimestamp"] as? Int == 1_700_000_000_000)
        #expect((object["checksum"] as? String)?.isEmpty == false)
        #expect(object["checksumVerified"] as? Bool == true)
        #expect(object["merchants"] as? Int == 1 && object["merchantRows"] as? Int == 1 && object["atms"] as? Int == 1)
        let bytes = try #require(object["bytes"] as? [String: Any])
        #expect(bytes["source"] as? Int == SyncFixture.bytes(source).count)
        #expect(bytes["installed"] as? Int == SyncFixture.bytes(home + "/mainnet/explore.db").count)
        let seconds = try #require(object["seconds"] as? [String: Any])
        #expect(Set(seconds.keys) == ["decrypt", "verify", "index"])
        #expect(seconds.values.allSatisfy { ($0 as? NSNumber).map { $0.doubleValue >= 0 } == true })

        let again = try await CLIProcess.run(["sync", "--from", source, "--json"], home: home)
        #expect(try again.json()["updated"] as? Bool == false)
        #expect(try again.json()["status"] as? String == "upToDate")
    }

    @Test("--json states each member once: the raw text of both results has no top-level key twice")
    func jsonKeysOnce() async throws {
        let source = try zip("Once Bakery", timestamp: 1_700_000_000_000, named: "once.zip")
        let imported = try await CLIProcess.run(["sync", "--from", source, "--json"], home: home)
        let upToDate = try await CLIProcess.run(["sync", "--from", source, "--json"], home: home)
        for (name, result) in [("imported", imported), ("upToDate", upToDate)] {
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try result.json()["status"] as? String == name)
            // A JSON parser keeps one of two equal keys without a word, so the text itself is read.
            let keys = Self.topLevelKeys(result.stdout)
            #expect(keys.contains("updated") && keys.contains("checksumVerified"), "\(name): \(keys)")
            let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(name) repeats \(repeated): \(result.stdout)")
        }
    }

    /// The member names of the top-level object of the JSON text `text`, in order, repeats included.
    static func topLevelKeys(_ text: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var expectingKey = false
        var string: String?
        var escaped = false
        for character in text {
            if var current = string {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    if depth == 1, expectingKey {
                        keys.append(current)
                        expectingKey = false
                    }
                    string = nil
                    continue
                } else {
                    current.append(character)
                }
                string = current
                continue
            }
            switch character {
            case "\"": string = ""
            case "{", "[":
                depth += 1
                expectingKey = depth == 1 && character == "{"
            case "}", "]": depth -= 1
            case ",": expectingKey = depth == 1
            default: break
            }
        }
        return keys
    }

    @Test("db info says where the data came from, when it was imported, and how old it is")
    func provenance() async throws {
        let timestamp = daysAgo(53.5)
        let source = try zip("Aged Bakery", timestamp: timestamp, named: "aged.zip")
        #expect(try await CLIProcess.run(["sync", "--from", source], home: home).status == 0)
        let day = String(Date(timeIntervalSince1970: Double(timestamp) / 1000).formatted(Date.ISO8601FormatStyle()).prefix(10))
        let text = try await CLIProcess.run(["db", "info"], home: home)
        #expect(text.stdout.contains("synced from:     aged.zip (explore ZIP), fetched and imported 20"), "\(text.stdout)")
        #expect(text.stdout.contains("data from:       \(day), 53 days old"), "\(text.stdout)")
        #expect(text.stdout.contains("(CRC-32C, verified against the archive's comment)"), "\(text.stdout)")
        let json = try await CLIProcess.run(["db", "info", "--json"], home: home)
        let sync = try #require(try json.json()["sync"] as? [String: Any], "\(json.stdout)")
        #expect(sync["dataAgeDays"] as? Int == 53)
        #expect(sync["stale"] as? Bool == true)
        #expect(sync["dataTimestamp"] as? Int == Int(timestamp))
        #expect(sync["format"] as? String == "zip")
        #expect((sync["importedAt"] as? String)?.hasSuffix("Z") == true)

        // Not synced: the sample, or a file given, has no provenance.
        let sample = try await CLIProcess.run(["db", "info", "--json"], home: scratch.file("empty-home"))
        #expect(try sample.json()["sync"] is NSNull)
        let given = try await CLIProcess.run(["db", "info", "--db", home + "/../aged.zip.db"], home: home)
        #expect(!given.stdout.contains("synced from"), "\(given.stdout)")
    }

    @Test("show and search note data older than 30 days on stderr: at 31 days, not at 29, not with --json or --quiet")
    func staleNote() async throws {
        for (days, stale) in [(31.0, true), (29.0, false)] {
            let source = try zip("Aged Bakery", timestamp: daysAgo(days), named: "aged-\(Int(days)).zip")
            #expect(try await CLIProcess.run(["sync", "--from", source, "--force", "--quiet"], home: home).status == 0)
            for command in [["search", "Bakery"], ["show", "sync-1"]] {
                let plain = try await CLIProcess.run(command + ["--offline"], home: home)
                #expect(plain.status == 0, "\(command): \(plain.stderr)")
                let notes = plain.stderr.split(separator: "\n")
                if stale {
                    #expect(notes.count == 1, "\(command), \(days) days: \(plain.stderr)")
                    #expect(notes.first?.hasPrefix("merchant-lookup: note: the explore data is from ") == true)
                    #expect(
                        notes.first?.contains(", 31 days old; update it with `merchant-lookup sync`") == true, "\(plain.stderr)")
                } else {
                    #expect(plain.stderr.isEmpty, "\(command), \(days) days: \(plain.stderr)")
                }
                for quietly in [["--json"], ["--quiet"]] {
                    let result = try await CLIProcess.run(command + ["--offline"] + quietly, home: home)
                    #expect(result.status == 0)
                    #expect(result.stderr.isEmpty, "\(command) \(quietly), \(days) days: \(result.stderr)")
                }
            }
        }
        // Testnet's note names its network.
        let testnet = try zip("Aged Bakery", timestamp: daysAgo(40), named: "aged-testnet.zip")
        #expect(try await CLIProcess.run(["sync", "--from", testnet, "--network", "testnet", "-q"], home: home).status == 0)
        let search = try await CLIProcess.run(["search", "--offline", "--network", "testnet"], home: home)
        #expect(search.stderr.contains("`merchant-lookup sync --network testnet`"), "\(search.stderr)")
        // The embedded sample has no data timestamp: never a stale note, only that it is the sample.
        let sample = try await CLIProcess.run(["search", "--offline"], home: scratch.file("empty-home"))
        #expect(sample.status == 0 && sample.stderr == SampleNoteTests.line, "\(sample.stderr)")
    }

    @Test("On a terminal each stage's line is redrawn in place and ended with its time", .enabled(if: Self.python))
    func terminal() async throws {
        let source = try zip("Terminal Bakery", timestamp: 1000, named: "terminal.zip")
        let output = scratch.file("terminal.out")
        let result = try await Self.runUnderTerminal(["sync", "--from", source], home: home, stderrTo: output)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("imported "), "the report still goes to stdout: \(result.stdout)")
        let bytes = SyncFixture.bytes(output)
        let screen = String(decoding: bytes, as: UTF8.self)
        // One line per stage, each drawn at least twice in place (when it starts, and when it ends). Split as
        // bytes: a String takes "\r\n" as one character.
        let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.count == 3, "\(screen.debugDescription)")
        for (line, label) in Swift.zip(lines, ["decrypt+inflate", "verify", "index"]) {
            let draws = Array(line.utf8).split(separator: 0x0D).map { String(decoding: $0, as: UTF8.self) }
            #expect(draws.count >= 2, "\(label): \(line.debugDescription)")
            #expect(draws.allSatisfy { $0.hasPrefix(label) && $0.hasSuffix("\u{1B}[K") }, "\(line.debugDescription)")
            #expect(draws.last?.contains(label == "decrypt+inflate" ? " in " : " done in ") == true, "\(line.debugDescription)")
        }
        #expect(lines.first?.contains(" of ") == true, "bytes of the total while running: \(screen.debugDescription)")
    }

    /// Whether `/usr/bin/python3` is there to make the pseudo-terminal.
    static var python: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") }

    /// Runs `merchant-lookup` with its stderr on a pseudo-terminal (made with Python's `pty` module, output
    /// post-processing off so the bytes are the program's own), its stdout on a pipe; writes what reached the
    /// terminal to `stderrTo`.
    static func runUnderTerminal(_ arguments: [String], home: String, stderrTo path: String) async throws -> CLIProcess.Result {
        let script = """
            import os, pty, subprocess, sys, termios
            out_path = sys.argv[1]
            master, slave = pty.openpty()
            attributes = termios.tcgetattr(slave)
            attributes[1] &= ~termios.OPOST
            termios.tcsetattr(slave, termios.TCSANOW, attributes)
            child = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
            os.close(slave)
            screen = b""
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                screen += data
            stdout = child.stdout.read()
            child.wait()
            open(out_path, "wb").write(screen)
            sys.stdout.buffer.write(stdout)
            sys.exit(child.returncode)
            """
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C", "DASHSPEND_HOME": home]
                        if let profile = CLIProcess.profileFile { environment["LLVM_PROFILE_FILE"] = profile }
                        let output = try ChildProcess.run(
                            "/usr/bin/python3", ["-c", script, path, CLIProcess.executable.path] + arguments,
                            environment: environment)
                        return CLIProcess.Result(status: output.status, stdout: output.stdout, stderr: "")
                    })
            }
        }
    }
}
