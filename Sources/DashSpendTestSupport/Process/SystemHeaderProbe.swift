import Foundation

/// Compiles and runs a small C program against a library's real headers, where they are installed: the check
/// that the declarations this package writes itself (libcurl's options and structures in `CCurl/shim.h`,
/// libcrypto's digest size) agree with the library's own. The build needs no such headers; this check reads
/// them only where they are found.
///
/// Headers are looked for under the folder an environment variable names (`.ci/run` unpacks the
/// distribution's development package there without installing it, so the build itself still cannot see it),
/// then `/usr/include` and its multiarch folders (`/usr/include/x86_64-linux-gnu`).
package struct SystemHeaderProbe: Sendable {
    /// The header, relative to an include folder (`curl/curl.h`).
    package let header: String
    /// The environment variable that may name an include folder holding it.
    package let environmentVariable: String
    /// The package that provides it, for the reason a check is skipped.
    package let package: String

    package init(header: String, environmentVariable: String, package: String) {
        self.header = header
        self.environmentVariable = environmentVariable
        self.package = package
    }

    /// The include folders holding the header (the named one first), or empty.
    var includeFolders: [String] {
        var candidates: [String] = []
        if let named = ProcessInfo.processInfo.environment[environmentVariable], !named.isEmpty {
            candidates.append(named)
            // The multiarch folder beside it: an unpacked Debian package keeps curl.h there.
            let multiarch = (try? FileManager.default.contentsOfDirectory(atPath: named))?.filter { $0.hasSuffix("-linux-gnu") }
            candidates += (multiarch ?? []).sorted().map { named + "/" + $0 }
        }
        candidates.append("/usr/include")
        let system = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/include"))?.filter { $0.hasSuffix("-linux-gnu") }
        candidates += (system ?? []).sorted().map { "/usr/include/" + $0 }
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/" + header) }) else {
            return []
        }
        // The folder that has the header, and the named folder and its multiarch one (where the rest of the
        // library's headers may sit).
        return [found] + candidates.filter { $0 != found && !$0.hasPrefix("/usr/include") }
    }

    /// The C compiler: `cc` on `PATH`.
    package static let compiler: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/cc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the check must run: the header and a compiler are there, or `CI` is set, where a missing header
    /// fails the run instead of skipping the check quietly.
    package var checkRequired: Bool { (!includeFolders.isEmpty && Self.compiler != nil) || CIEnvironment.isCI }

    /// Why the check cannot run.
    package var missingReason: String {
        "\(header) is not installed (the \(package) package; .ci/run unpacks it and names it in \(environmentVariable)), "
            + "or there is no cc: the declarations cannot be compared (under CI this fails)"
    }

    /// What went wrong compiling or running the program.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Compiles `program` (C source that includes the header) with the include folders found, runs it, and
    /// returns what it printed.
    package func output(of program: String) throws -> String {
        let folders = includeFolders
        guard !folders.isEmpty, let compiler = Self.compiler else { throw Failure(description: missingReason) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("header-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appendingPathComponent("probe.c").path
        let binary = scratch.appendingPathComponent("probe").path
        try Data(program.utf8).write(to: URL(fileURLWithPath: source))
        let compiled = try ChildProcess.run(compiler, folders.flatMap { ["-I", $0] } + ["-o", binary, source], timeout: 120)
        guard compiled.status == 0 else {
            throw Failure(description: "cc failed on the probe for \(header): \(compiled.stderr)")
        }
        let ran = try ChildProcess.run(binary, [], timeout: 60)
        guard ran.status == 0 else { throw Failure(description: "the probe for \(header) exited with \(ran.status)") }
        return ran.stdout
    }

    /// `NAME = VALUE` lines (as the probe prints them) read into a dictionary.
    package static func values(in output: String) -> [String: Int] {
        var values: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let value = Int(parts[1]) { values[parts[0]] = value }
        }
        return values
    }
}
