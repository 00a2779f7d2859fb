// swift-tools-version: 6.1
import PackageDescription

// A consumer of DashSpend, as an app's package would be: it depends on the repository (here by path, the
// parent folder) and builds for the same platforms. CI builds both examples (`.ci/run`) and runs the
// README's; `ReadmeExampleTests` checks that ReadmeExample/main.swift is the README's code block, verbatim.
let package = Package(
    name: "DashSpendExamples",
    platforms: [.iOS(.v15), .macOS(.v12)],
    dependencies: [
        .package(name: "DashSpend", path: "..")
    ],
    targets: [
        /// The README's library example: a merchant and its offers, from the sample database.
        .executableTarget(
            name: "ReadmeExample",
            dependencies: [
                .product(name: "DashSpend", package: "DashSpend"),
                .product(name: "DashSpendSample", package: "DashSpend"),
            ]
        ),
        /// The DocC article "Searching merchants": by name, nearby, with offers, from the sample database.
        .executableTarget(
            name: "SearchingMerchants",
            dependencies: [
                .product(name: "DashSpend", package: "DashSpend"),
                .product(name: "DashSpendSample", package: "DashSpend"),
            ]
        ),
        /// Sync from a file, resolve a merchant, and follow an order's states with `orderStates(id:)`.
        .executableTarget(
            name: "OrderFollower",
            dependencies: [
                .product(name: "DashSpend", package: "DashSpend"),
                .product(name: "DashSpendSample", package: "DashSpend"),
            ]
        ),
    ]
)
