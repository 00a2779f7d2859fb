// swift-tools-version: 6.1
import PackageDescription

// The PiggyCards provider is compiled in only with the `PIGGYCARDS_ENABLED` trait
// (`swift build --traits PIGGYCARDS_ENABLED`) or the same compilation condition
// (`swift build -Xswiftc -DPIGGYCARDS_ENABLED`). Its module is always a dependency and every one of its
// files sits wholly inside `#if PIGGYCARDS_ENABLED`, so both spellings give the same product and a build
// without the flag contains no PiggyCards code. (A `.when(traits:)` dependency would break the `-D` path.)
let package = Package(
    name: "DashSpend",
    products: [
        .library(name: "DashSpend", targets: ["DashSpend"]),
        .library(name: "DashSpendCore", targets: ["DashSpendCore"]),
        .library(name: "DashSpendExplore", targets: ["DashSpendExplore"]),
        .library(name: "DashSpendHTTP", targets: ["DashSpendHTTP"]),
        .library(name: "DashSpendTestKit", targets: ["DashSpendTestKit"]),
        .executable(name: "merchant-lookup", targets: ["MerchantLookup"]),
        .executable(name: "explore-benchmark", targets: ["ExploreBenchmark"]),
        .plugin(name: "BuildMatrix", targets: ["BuildMatrix"]),
    ],
    traits: [
        .trait(name: "PIGGYCARDS_ENABLED", description: "Compile in the PiggyCards gift-card provider."),
        .default(enabledTraits: []),
    ],
    dependencies: [],
    targets: [
        // MARK: - System libraries
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .yum(["openssl-devel"]), .brew(["openssl"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .yum(["zlib-devel"]), .brew(["zlib"])]
        ),

        // MARK: - Library
        /// The package's one lock (`Locked`), back-deployable where `Synchronization.Mutex` is not (iOS 18).
        .target(name: "DashSpendLocking"),
        /// Provider enum and facts, models, errors, the repository and transport protocols.
        .target(name: "DashSpendCore", dependencies: ["DashSpendLocking"]),
        /// The one SQLite layer and the only library module that imports `CSQLite`: connections (read-only or
        /// read-write), cached statements, rows by column name, transactions and the schema migrator.
        .target(name: "DashSpendSQLite", dependencies: ["CSQLite", "DashSpendLocking"]),
        /// The explore database reader (SQLite).
        .target(name: "DashSpendExplore", dependencies: ["DashSpendCore", "DashSpendSQLite"]),
        /// `sync`: reads the wallets' WinZip-AES explore ZIP (or a plain explore file) and swaps it in safely.
        .target(
            name: "DashSpendSync",
            dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "CCrypto", "CZlib"]
        ),
        /// The CTX client and repository.
        .target(name: "DashSpendCTX", dependencies: ["DashSpendCore"]),
        /// The PiggyCards client and repository; every file is inside `#if PIGGYCARDS_ENABLED`.
        .target(name: "DashSpendPiggyCards", dependencies: ["DashSpendCore"]),
        /// The URLSession transport: the only module that imports FoundationNetworking.
        .target(name: "DashSpendHTTP", dependencies: ["DashSpendCore"]),
        /// The front door (`DashSpendClient`), the repository factory and the merchant service (fallback
        /// chains, ranking). What app code imports.
        .target(
            name: "DashSpend",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendCTX", "DashSpendPiggyCards", "DashSpendHTTP",
                "DashSpendSync",
            ]
        ),
        /// The sample explore database, built from `Fixtures/SampleExplore` by the build-tool plugin.
        .target(name: "DashSpendSample", plugins: ["EmbedSampleDatabase"]),

        // MARK: - Kit for implementers
        /// Conformance suites any repository, credential store, offer store or transport runs against itself
        /// (Swift Testing), the loopback HTTP server they use, and an in-memory credential store.
        .target(name: "DashSpendTestKit", dependencies: ["DashSpendLocking", "DashSpend", "DashSpendCore"]),

        // MARK: - Command-line tool
        .target(
            name: "MerchantLookupCLI",
            dependencies: ["DashSpendLocking", "DashSpend", "DashSpendSample"]
        ),
        .executableTarget(name: "MerchantLookup", dependencies: ["MerchantLookupCLI"]),

        // MARK: - Benchmark
        /// `swift run -c release explore-benchmark`: the library against the bare SQLite C API, and the
        /// `merchant-lookup` binary against the `sqlite3` shell, on a generated 200,000-row explore file; the
        /// front door's cached path against the same reads in bare SQL, and a batch `show` against a script;
        /// sync's download against `curl -o` from a loopback storage server.
        .executableTarget(
            name: "ExploreBenchmark",
            dependencies: [
                "DashSpendLocking", "DashSpend", "DashSpendExplore", "DashSpendSQLite", "DashSpendCore", "CSQLite", "CZlib", "DashSpendSync",
                "DashSpendHTTP", "DashSpendTestKit",
            ]
        ),

        // MARK: - Plugins and their tools
        .executableTarget(name: "SampleDatabaseEmbedder", dependencies: ["DashSpendSQLite"]),
        .plugin(name: "EmbedSampleDatabase", capability: .buildTool(), dependencies: ["SampleDatabaseEmbedder"]),
        .plugin(
            name: "BuildMatrix",
            capability: .command(
                intent: .custom(verb: "build-matrix", description: "Build and test every PiggyCards flag variant."),
                permissions: [.writeToPackageDirectory(reason: "Each variant builds in its own .build-* scratch path.")]
            )
        ),

        // MARK: - Tests
        /// A loopback HTTP/1.1 server that speaks the provider APIs from `Fixtures/`, with fault injection, and the
        /// harnesses the provider and transport tests share.
        .target(
            name: "DashSpendTestSupport",
            dependencies: [
                "DashSpendLocking", "DashSpend", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendSync", "DashSpendHTTP",
                "DashSpendTestKit", "CZlib",
            ]
        ),
        // One test target per source module, named `<Module>Tests`.
        .testTarget(name: "DashSpendCoreTests", dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendTestSupport"]),
        .testTarget(name: "DashSpendSQLiteTests", dependencies: ["DashSpendLocking", "DashSpendSQLite", "DashSpendTestSupport"]),
        .testTarget(
            name: "DashSpendExploreTests",
            dependencies: ["DashSpendExplore", "DashSpendSQLite", "DashSpendSample", "DashSpendTestSupport"]
        ),
        .testTarget(
            name: "DashSpendSyncTests",
            dependencies: ["DashSpendLocking", "DashSpendSync", "DashSpendExplore", "DashSpendSQLite", "DashSpendTestSupport"]
        ),
        .testTarget(name: "DashSpendCTXTests", dependencies: ["DashSpendCTX", "DashSpendCore", "DashSpendTestSupport"]),
        /// Every file is inside `#if PIGGYCARDS_ENABLED`: without the flag this target has no tests.
        .testTarget(
            name: "DashSpendPiggyCardsTests", dependencies: ["DashSpendPiggyCards", "DashSpendCore", "DashSpendTestSupport"]
        ),
        .testTarget(
            name: "DashSpendHTTPTests", dependencies: ["DashSpendHTTP", "DashSpendCTX", "DashSpendCore", "DashSpendTestSupport"]
        ),
        .testTarget(
            name: "DashSpendTests",
            dependencies: [
                "DashSpendLocking", "DashSpend", "DashSpendExplore", "DashSpendSQLite", "DashSpendHTTP", "DashSpendTestSupport", "DashSpendSample",
            ]
        ),
        /// The CLI library in process (`@testable`): rendering and terminal text.
        .testTarget(name: "MerchantLookupCLITests", dependencies: ["DashSpendLocking", "MerchantLookupCLI"]),
        .testTarget(
            name: "DashSpendTestKitTests",
            dependencies: [
                "DashSpendLocking", "DashSpendTestKit", "DashSpend", "DashSpendCore", "DashSpendCTX", "DashSpendPiggyCards", "DashSpendHTTP",
                "DashSpendTestSupport", "DashSpendSQLite", "CSQLite",
            ]
        ),
        /// The `merchant-lookup` tool end to end: in process through its entry point (`MerchantLookup.run`), and
        /// as the built binary where a process is what is tested (signals, exit codes, races, terminals).
        .testTarget(
            name: "MerchantLookupTests",
            dependencies: ["MerchantLookup", "MerchantLookupCLI", "DashSpendLocking", "DashSpendTestSupport", "DashSpendCore"]
        ),
    ]
)

// Every Swift target builds with the upcoming features the house uses: `any` spelled out for existentials,
// members visible only from modules a file imports itself, and imports internal unless a file says
// `public import` (so what a module's public API exposes from another module is written down).
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
