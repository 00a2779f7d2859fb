import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory build-matrix [off|define|trait ...]`
///
/// A thin wrapper around `ci/test-all.sh`, the project's test command: it builds and tests each PiggyCards
/// flag variant in its own `.build-*` scratch path, checks the merchant-lookup binaries for PiggyCards code
/// and compares `define` with `trait`. The script's output streams through unchanged; the arguments are
/// passed on (a subset of variants, or `--help`). All the logic stays in the script, so CI, `.ci/run` and
/// this plugin run exactly the same thing.
@main
struct BuildMatrix: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let packageDirectory = context.package.directoryURL
        let script = packageDirectory.appending(path: "ci/test-all.sh")
        guard FileManager.default.fileExists(atPath: script.path()) else {
            throw BuildMatrixError(
                "\(script.path()) is missing: the build matrix lives in ci/test-all.sh. Restore it "
                    + "(git checkout -- ci/) or run the variants by hand, e.g. `swift build --traits PIGGYCARDS_ENABLED`."
            )
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "ci/test-all.sh"] + arguments
        process.currentDirectoryURL = packageDirectory
        // stdout and stderr are inherited: the script's output (and swift test's summaries) stream live.
        do {
            try process.run()
        } catch {
            throw BuildMatrixError("cannot start `/usr/bin/env bash ci/test-all.sh`: \(error). Is bash installed and on PATH?")
        }
        process.waitUntilExit()

        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0):
            return
        case (.exit, 2):
            throw BuildMatrixError(
                "ci/test-all.sh rejected the arguments \(arguments): pass any of off, define, trait (or none for all three)."
            )
        case (.exit, let status):
            throw BuildMatrixError(
                "ci/test-all.sh failed (exit \(status)). The table above names the failing variant and step; its full log "
                    + "is in .build-logs/. Rerun just that variant with `bash ci/variant.sh VARIANT` "
                    + "(or `swift package --allow-writing-to-package-directory build-matrix VARIANT`)."
            )
        case (_, let signal):
            throw BuildMatrixError("ci/test-all.sh was killed by signal \(signal); rerun it, logs are in .build-logs/.")
        }
    }
}

/// A plugin failure with a message that says how to fix it.
struct BuildMatrixError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
