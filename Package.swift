// swift-tools-version: 6.1
import PackageDescription

// The PiggyCards provider is compiled in only with the `PIGGYCARDS_ENABLED` trait
// (`swift build --traits PIGGYCARDS_ENABLED`) or the same compilation condition
// (`swift build -Xswiftc -DPIGGYCARDS_ENABLED`). Its module is always a dependency and every one of its
// files sits wholly inside `#if PIGGYCARDS_ENABLED`, so both spellings give the same product and a build
// without the flag contains no PiggyCards code. (A `.when(traits:)` dependency would break the `-D` path.)
// zlib and SQLite come from the Apple SDKs (headers and .tbd stubs) as they come from /usr on Linux, and
// libcrypto is used on Linux only (CommonCrypto on Apple platforms): pkg-config is asked on Linux only, so
// an Apple build never picks up a Homebrew library built for another platform.
#if os(Linux)
let linuxPkgConfig: (String) -> String? = { $0 }
#else
let linuxPkgConfig: (String) -> String? = { _ in nil }
#endif

let package = Package(
    name: "DashSpend",
    // The iOS wallet's deployment target (and the macOS of the same year); newer features are @available.
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "DashSpend", targets: ["DashSpend"]),
        .library(name: "DashSpendCore", targets: ["DashSpendCore"]),
        .library(name: "DashSpendExplore", targets: ["DashSpendExplore"]),
        .library(name: "DashSpendHTTP", targets: ["DashSpendHTTP"]),
        .library(name: "DashSpendCurl", targets: ["DashSpendCurl"]),
        .library(name: "DashSpendTestKit", targets: ["DashSpendTestKit"]),
        /// The sample explore database, for trying the library without a sync (`EmbeddedExploreDatabase.sample`).
        .library(name: "DashSpendSample", targets: ["DashSpendSample"]),
        .executable(name: "merchant-lookup", targets: ["MerchantLookup"]),
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
            pkgConfig: linuxPkgConfig("sqlite3"),
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"]), .brew(["sqlite"])]
        ),
        /// libcurl's interface as this package declares it (`Sources/CCurl/shim.h`: the options, codes and
        /// structures used, from libcurl's stable ABI), not its headers: `DashSpendCurl` opens `libcurl.so.4` with
        /// `dlopen` on the first request, so building needs no libcurl package and a binary that never goes
        /// online never maps it. The runtime library is the distribution's (`libcurl4`, `libcurl`).
        /// libcrypto needs no target at all: `DashSpendSync` opens it with `dlopen` the first time it decrypts (and
        /// `DashSpendCore` the first time it checks a signed payment request) and
        /// calls functions that take opaque pointers only.
        .systemLibrary(name: "CCurl"),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: linuxPkgConfig("zlib"),
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
        /// A gift card's barcode: Code 128 (ISO/IEC 15417) and PDF417 (ISO/IEC 15438) encoders, the module image
        /// they and the QR code share (`BarcodeImage`), and its terminal, PNG and SVG renderings. No dependencies.
        .target(name: "DashSpendBarcode"),
        /// The payment QR code: an ISO/IEC 18004 encoder and its terminal renderer. Only the CLI draws payments,
        /// so it sits beside the library, not in it.
        .target(name: "DashSpendQR", dependencies: ["DashSpendBarcode"]),
        /// The explore database reader (SQLite).
        .target(name: "DashSpendExplore", dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendSQLite"]),
        /// `sync`: reads the wallets' WinZip-AES explore ZIP (or a plain explore file) and swaps it in safely.
        /// Crypto through CommonCrypto on Apple platforms, libcrypto (opened with `dlopen`) on Linux.
        .target(
            name: "DashSpendSync",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite",
                "CZlib",
            ]
        ),
        /// The private SQLite file layer the orders and state files share: creating a 0600 file without following
        /// links or blocking on a FIFO, creating and migrating it only under its lock, moving a damaged one aside,
        /// remembering which file versions passed their page check. Package-only: no public API.
        .target(name: "DashSpendPrivateFiles", dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendSQLite"]),
        /// The orders and their file: `Order` and what a provider's later answer may change in it, the orders
        /// database (`orders.db`: rows, migrations, salvage, the lock around its creation) and `OrderStore`.
        /// Re-exported by `DashSpend`; it does not import it.
        .target(
            name: "DashSpendOrders",
            dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendSQLite", "DashSpendPrivateFiles"]),
        /// The state (cache) file: `state.db` and what it keeps (the providers' last answers, `OfferCache` and
        /// `SQLiteOfferCache`; exchange rates, `ExchangeRateStore`), everything that can be asked again.
        /// Re-exported by `DashSpend`; it does not import it.
        .target(
            name: "DashSpendState",
            dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendSQLite", "DashSpendPrivateFiles"]),
        /// The CTX client and repository.
        .target(name: "DashSpendCTX", dependencies: ["DashSpendCore"]),
        /// The PiggyCards client and repository; every file is inside `#if PIGGYCARDS_ENABLED`.
        .target(name: "DashSpendPiggyCards", dependencies: ["DashSpendCore"]),
        /// The URLSession transport: the only module that imports FoundationNetworking. The front door's
        /// transport on Apple platforms (on Linux only the tests and the benchmark link it).
        .target(name: "DashSpendHTTP", dependencies: ["DashSpendCore"]),
        /// The libcurl transport: the front door's transport on Linux (empty elsewhere).
        .target(name: "DashSpendCurl", dependencies: ["CCurl", "DashSpendCore", "DashSpendLocking"]),
        /// What every service of a client is given: `DashSpendConfiguration` (and the explore database location,
        /// the sync source, provider base URLs, fetch policies), `DashSpendFailure` and the one conversion of every
        /// module's errors to it, the repository factory and the registered providers, the stores' doors (each file
        /// opened once per client) and the transport made on first use. Re-exported by `DashSpend`.
        .target(
            name: "DashSpendSetup",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendPrivateFiles",
                "DashSpendOrders", "DashSpendState", "DashSpendCTX", "DashSpendPiggyCards", "DashSpendSync",
                .target(
                    name: "DashSpendHTTP", condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
                .target(name: "DashSpendCurl", condition: .when(platforms: [.linux])),
            ]
        ),
        /// Signing in to the providers (`Accounts`: send a code, check it, who is signed in, sign out) over the
        /// setup's credentials door. Re-exported by `DashSpend`.
        .target(name: "DashSpendAccounts", dependencies: ["DashSpendCore", "DashSpendSetup"]),
        /// Merchants and offers: the explore database as the client reads it (`MerchantDirectory`, with its name
        /// index), `MerchantService` (each value resolved live, stored, local, default; search; the explanation of
        /// a value), the live answers' loader, exchange rates (live or stored), budgets and batch lookups.
        /// Re-exported by `DashSpend`.
        .target(
            name: "DashSpendMerchants",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendPrivateFiles",
                "DashSpendOrders", "DashSpendState", "DashSpendSetup",
            ]
        ),
        /// Purchasing and order watching: `PurchaseService` (quote, buy, the payment and amount checks, the kept
        /// orders and their updates), the order watch (leases shared between processes, `OrderChange`), the
        /// export rows and the support report. Re-exported by `DashSpend`.
        .target(
            name: "DashSpendPurchasing",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendOrders",
                "DashSpendState", "DashSpendSetup", "DashSpendMerchants", "DashSpendBarcode",
            ]
        ),
        /// Installing the explore database as a client runs it (`ExploreSync`: from a file, the wallets' bucket
        /// or a URL, only when newer; `SyncReport`, `SyncUpdateCheck`, `DatabaseProvenance`) over `DashSpendSync`.
        /// Re-exported by `DashSpend`.
        .target(
            name: "DashSpendExploreSync",
            dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSync", "DashSpendSetup"]
        ),
        /// The front door (`DashSpendClient`), the repository factory and the merchant service (fallback
        /// chains, ranking). What app code imports.
        .target(
            name: "DashSpend",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendPrivateFiles",
                "DashSpendOrders",
                "DashSpendState",
                "DashSpendSetup",
                "DashSpendAccounts",
                "DashSpendMerchants",
                "DashSpendPurchasing",
                "DashSpendExploreSync",
                "DashSpendCTX", "DashSpendPiggyCards", "DashSpendSync", "DashSpendBarcode",
                // One transport per platform: URLSession on Apple platforms; on Linux libcurl directly, so that no
                // binary of the package links FoundationNetworking, full Foundation or ICU (issue 20).
                .target(
                    name: "DashSpendHTTP", condition: .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
                .target(name: "DashSpendCurl", condition: .when(platforms: [.linux])),
            ]
        ),
        /// The sample explore database, built from `Fixtures/SampleExplore` by the build-tool plugin
        /// (`EmbeddedExploreDatabase.sample`).
        .target(name: "DashSpendSample", dependencies: ["DashSpend"], plugins: ["EmbedSampleDatabase"]),

        // MARK: - Kit for implementers
        /// Conformance suites any repository, credential store, offer store or transport runs against itself
        /// (Swift Testing), the loopback HTTP server they use, and an in-memory credential store.
        .target(name: "DashSpendTestKit", dependencies: ["DashSpendLocking", "DashSpend", "DashSpendCore"]),

        // MARK: - Command-line tool
        .target(
            name: "MerchantLookupCLI",
            dependencies: ["DashSpendLocking", "DashSpend", "DashSpendQR", "DashSpendBarcode", "DashSpendSample"]
        ),
        /// The executable's command line for a Swift runtime linked in on Linux with glibc, taken from
        /// `.init_array` instead of the runtime's scan of /proc/self/maps at every start (see its one file).
        /// Nothing imports it: the executable links it for the two runtime functions it defines.
        .target(name: "CProcessArguments"),
        .executableTarget(name: "MerchantLookup", dependencies: ["MerchantLookupCLI", "CProcessArguments"]),

        // MARK: - Benchmark
        /// `swift run -c release explore-benchmark`: the library against the bare SQLite C API, and the
        /// `merchant-lookup` binary against the `sqlite3` shell, on a generated 200,000-row explore file; the
        /// front door's cached path against the same reads in bare SQL, and a batch `show` against a script;
        /// sync's download against `curl -o` from a loopback storage server.
        /// Not a product: it links DashSpendTestKit, and so Testing, which no package depending on DashSpend
        /// should be offered. SwiftPM still makes an executable of it in this package, named after the target
        /// (hence the name, with its folder given).
        .executableTarget(
            name: "explore-benchmark",
            dependencies: [
                "DashSpendLocking", "DashSpend", "DashSpendExplore", "DashSpendSQLite", "DashSpendCore", "CSQLite", "CZlib",
                "DashSpendSync",
                "DashSpendHTTP", "DashSpendCurl", "DashSpendTestKit",
            ],
            path: "Sources/ExploreBenchmark"
        ),

        // MARK: - Plugins and their tools
        .executableTarget(name: "SampleDatabaseEmbedder", dependencies: ["DashSpendSQLite"]),
        .plugin(name: "EmbedSampleDatabase", capability: .buildTool(), dependencies: ["SampleDatabaseEmbedder"]),
        /// `swift package build-matrix` in this repository: runs ci/test-all.sh. Not a product, so a package that
        /// depends on this one does not see it (it would fail there: the script is this repository's).
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
                "DashSpendLocking", "DashSpend", "DashSpendCore", "DashSpendExplore", "DashSpendSQLite", "DashSpendSync",
                "DashSpendHTTP",
                "DashSpendTestKit", "CZlib", "DashSpendBarcode",
            ]
        ),
        // One test target per source module, named `<Module>Tests`.
        .testTarget(name: "DashSpendCoreTests", dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendTestSupport"]),
        .testTarget(name: "DashSpendQRTests", dependencies: ["DashSpendQR", "DashSpendCore", "DashSpendTestSupport"]),
        .testTarget(name: "DashSpendBarcodeTests", dependencies: ["DashSpendBarcode", "DashSpendTestSupport"]),
        .testTarget(
            name: "DashSpendSQLiteTests",
            dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendSQLite", "DashSpendTestSupport"]
        ),
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
            name: "DashSpendCurlTests",
            dependencies: [
                "CCurl", "DashSpendCurl", "DashSpendCore", "DashSpendLocking", "DashSpendTestKit", "DashSpendTestSupport",
            ]
        ),
        /// The state file in its own module: migrations, answers kept, a damaged file moved aside once.
        .testTarget(
            name: "DashSpendStateTests",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendSQLite", "DashSpendPrivateFiles", "DashSpendState",
                "DashSpendTestSupport",
            ]
        ),
        /// The orders module on its own: the store on a real file, the transaction recorded once, the later-answer rules.
        .testTarget(
            name: "DashSpendOrdersTests",
            dependencies: ["DashSpendCore", "DashSpendSQLite", "DashSpendOrders", "DashSpendTestSupport"]
        ),
        /// The file layer both databases share: only the lock holder creates, migrates or moves a file.
        .testTarget(
            name: "DashSpendPrivateFilesTests",
            dependencies: [
                "DashSpendLocking", "DashSpendCore", "DashSpendSQLite", "DashSpendOrders", "DashSpendState",
                "DashSpendTestSupport",
            ]
        ),
        /// The merchants module's own parts, by `@testable import`: the batch queue, the live-or-stored rule.
        .testTarget(
            name: "DashSpendMerchantsTests",
            dependencies: ["DashSpendLocking", "DashSpendCore", "DashSpendSetup", "DashSpendMerchants"]
        ),
        .testTarget(
            name: "DashSpendTests",
            dependencies: [
                "DashSpendLocking", "DashSpend", "DashSpendExplore", "DashSpendSQLite", "DashSpendHTTP", "DashSpendTestSupport",
                "DashSpendSample",
            ]
        ),
        /// The CLI library in process (`@testable`): rendering and terminal text.
        .testTarget(name: "MerchantLookupCLITests", dependencies: ["DashSpendLocking", "MerchantLookupCLI"]),
        .testTarget(
            name: "DashSpendTestKitTests",
            dependencies: [
                "DashSpendLocking", "DashSpendTestKit", "DashSpend", "DashSpendCore", "DashSpendCTX", "DashSpendPiggyCards",
                "DashSpendHTTP",
                "DashSpendCurl", "DashSpendTestSupport", "DashSpendSQLite", "CSQLite",
            ]
        ),
        /// The `merchant-lookup` tool end to end: in process through its entry point (`MerchantLookup.run`), and
        /// as the built binary where a process is what is tested (signals, exit codes, races, terminals).
        .testTarget(
            name: "MerchantLookupTests",
            dependencies: [
                "MerchantLookup", "MerchantLookupCLI", "DashSpendLocking", "DashSpendTestSupport", "DashSpendCore", "DashSpendQR",
                "DashSpendBarcode",
            ]
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
