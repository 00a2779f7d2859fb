#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line of `explore-benchmark`.
struct BenchmarkOptions {
    /// Most timed rounds per in-process comparison (each round runs both sides once).
    var iterations = 300
    /// Seconds an in-process comparison may take before it stops early (after at least 5 rounds).
    var budgetSeconds = 9.0
    /// Most spawns per side per whole-process comparison.
    var spawns = 25
    /// Seconds a whole-process comparison may take before it stops early.
    var spawnBudgetSeconds = 9.0
    /// Rounds of the two start-up rows (`--version`, one offline `show ID`): at least 300 outside `--quick`. A
    /// launch takes 2-5 ms, and the median of 25 rounds moved by 8-10% between runs of the same binaries here
    /// (`--version` 0.93x and 1.08x the shell, the `show` 1.21x and 1.33x); 300 rounds take 1-3 s.
    var startupRounds: Int { quick ? spawns : max(spawns, 300) }
    /// Where the generated files live (default `<package>/.build/benchmark`).
    var dataDirectory: String?
    /// The `merchant-lookup` binary to time (default: the one next to this executable).
    var cliPath: String?
    /// Whether to skip the whole-process comparison.
    var skipProcesses = false
    /// Whether to skip the index study.
    var skipIndexes = false
    /// Whether to skip the merchant service's cached path and the batch `show`.
    var skipService = false
    /// Whether to skip the download comparison (sync's downloader against `curl -o`).
    var skipDownload = false
    /// Only the queries whose label contains this (for profiling one query).
    var only: String?
    /// `--quick`: a small generated file (its own name, so the full one stays cached) and few rounds.
    var quick = false
    /// Whether to skip the import comparison (`sync` against openssl, zlib and sqlite3).
    var skipImport = false
    /// Whether to run only the import comparison.
    var importOnly = false
    /// Whether to run only the name lookups of issue 30 (``NameBenchmark``).
    var namesOnly = false

    static let usage = """
        usage: explore-benchmark [--iterations N] [--spawns N] [--quick] [--data DIR] [--cli PATH]
                                 [--skip-processes] [--skip-indexes] [--skip-service] [--skip-download]
                                 [--skip-import | --import-only | --names-only] [--only TEXT]

          --iterations N   most timed rounds per in-process query (default 300, each capped at ~9 s)
          --spawns N       most process launches per side per query (default 25, each capped at ~9 s;
                           the two start-up rows take at least 300)
          --quick          a smoke run in seconds, even in a debug build: a 2,000-row file, 2 rounds, 1 launch
          --data DIR       where the generated explore files are cached (default .build/benchmark)
          --cli PATH       the merchant-lookup binary (default: next to this executable)
          --only TEXT      only the queries whose label contains TEXT (e.g. show, nearby)
          --skip-service   skip the cached-path and batch-show comparisons (1,000 merchants; 50 with --quick)
          --skip-download  no download comparison (sync's downloader vs curl -o, 70 and 280 MB; --quick: 4, 16 MB)
          --import-only    only sync's import against openssl + zlib + sqlite3 (70 MB and 280 MB files)
          --names-only     only the name lookups (issue 30): search and show by name against the shell's FTS
                           queries, on the file as shipped and on the copy sync installs
        """

    /// Parses `arguments` (without the program name); nil after printing the usage for `--help`. Exits
    /// with status 2 on a bad option.
    static func parse(_ arguments: [String]) -> BenchmarkOptions? {
        var options = BenchmarkOptions()
        var iterations: Int?
        var spawns: Int?
        var index = 0
        func value() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--iterations":
                guard let raw = value(), let number = Int(raw), number > 0 else { failure("--iterations needs N > 0") }
                iterations = number
            case "--spawns":
                guard let raw = value(), let number = Int(raw), number > 0 else { failure("--spawns needs N > 0") }
                spawns = number
            case "--quick":
                options.quick = true
                options.iterations = 2
                options.budgetSeconds = 1
                options.spawns = 1
                options.spawnBudgetSeconds = 1
            case "--data":
                guard let raw = value() else { failure("--data needs a folder") }
                options.dataDirectory = raw
            case "--cli":
                guard let raw = value() else { failure("--cli needs a path") }
                options.cliPath = raw
            case "--only":
                guard let raw = value() else { failure("--only needs a word") }
                options.only = raw
            case "--skip-processes": options.skipProcesses = true
            case "--skip-indexes": options.skipIndexes = true
            case "--skip-service": options.skipService = true
            case "--skip-download": options.skipDownload = true
            case "--skip-import": options.skipImport = true
            case "--import-only": options.importOnly = true
            case "--names-only": options.namesOnly = true
            case "--help", "-h":
                print(usage)
                return nil
            default:
                failure("unknown option \(arguments[index])")
            }
            index += 1
        }
        // An explicit count wins over --quick and lifts the time cap.
        if let iterations {
            options.iterations = iterations
            options.budgetSeconds = .infinity
        }
        if let spawns {
            options.spawns = spawns
            options.spawnBudgetSeconds = .infinity
        }
        return options
    }

    private static func failure(_ message: String) -> Never {
        print("explore-benchmark: \(message)\n\n\(usage)")
        exit(2)
    }
}
