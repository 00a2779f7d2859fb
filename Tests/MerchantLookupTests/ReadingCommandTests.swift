import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

/// Issue 29: a command that only reads never writes money or credentials. `show`, `search`, `db info`,
/// `orders --offline` and `order ID --offline` leave the orders file and the credentials byte for byte and
/// time stamp for time stamp as they were, however much the state directory tempts them to write (an order a
/// buy left `creating`, a set-aside file not yet shown, a damaged state database holding nothing); and they
/// still answer from a state directory they cannot write to.
@Suite("A command that only reads never writes the orders or the credentials", hangGuard(minutes: 4))
struct ReadingCommandTests {
    static let keptOrder = "a0000000-0000-4000-8000-000000000001"
    static let creatingOrder = "a0000000-0000-4000-8000-000000000002"

    /// Every command that only reads, with the words that make it do so.
    static let readingCommands: [[String]] = [
        ["show", "Nike", "--offline"],
        ["show", "Nike", "--offline", "--json"],
        ["search", "home", "--offline"],
        ["db", "info"],
        ["orders", "--offline"],
        ["orders", "--offline", "--json"],
        ["order", keptOrder, "--offline"],
        ["order", creatingOrder, "--offline", "--json"],
    ]

    /// A state directory with an orders database (an unpaid order, one a buy left `creating`, a set-aside
    /// file not yet shown), CTX credentials, and, when `damagedState`, a state database that is not one.
    static func home(damagedState: Bool) throws -> ScratchDirectory {
        let home = try ScratchDirectory(prefix: "reading")
        let folder = home.path + "/mainnet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        let database = try OrderDatabase(path: folder + "/orders.db", network: .mainnet)
        let now = Date().timeIntervalSince1970 - 3600
        for (id, status) in [(keptOrder, "unpaid"), (creatingOrder, "creating")] {
            try database.connection.execute(
                """
                INSERT INTO purchase_order (id, network, provider, providerOrderId, merchantId, merchantName, sourceId,
                    amount, currency, status, createdAt, updatedAt)
                VALUES (?1, 'mainnet', 'ctx', ?2, 'a1b2c3d4-0002-4000-8000-000000000002', 'Nike', 'ctx-nike', '25',
                    'USD', ?3, ?4, ?4)
                """, [.text(id), status == "creating" ? .null : .text("ctx-\(id.suffix(4))"), .text(status), .real(now)])
        }
        try database.connection.execute(
            """
            INSERT INTO set_aside_file (path, reason, setAsideAt, salvagedOrders, salvagedCards, complete)
            VALUES (?1, 'damaged', ?2, 1, 0, 1)
            """, [.text(folder + "/orders.db.damaged-20261128T000000Z"), .real(now)])
        try FileCredentialStore(root: home.path).save(
            ProviderCredentials(email: "reader@example.com", accessToken: "access", refreshToken: "refresh"),
            for: .ctx, network: .mainnet)
        if damagedState { try Data(repeating: 0x5a, count: 8192).write(to: URL(fileURLWithPath: folder + "/state.db")) }
        return home
    }

    /// The bytes and the modification time of each file that holds money or credentials.
    static func precious(_ home: ScratchDirectory) throws -> [String: (bytes: Data, modified: timespec)] {
        var files: [String: (Data, timespec)] = [:]
        for name in ["orders.db", "ctxspend.json", "piggycards.json"] {
            let path = home.path + "/mainnet/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            files[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), info.st_mtim)
        }
        return files
    }

    static func sameFiles(
        _ before: [String: (bytes: Data, modified: timespec)], _ after: [String: (bytes: Data, modified: timespec)],
        _ command: [String]
    ) {
        #expect(Set(before.keys) == Set(after.keys), "\(command)")
        for (name, was) in before {
            guard let now = after[name] else { continue }
            #expect(now.bytes == was.bytes, "\(command) changed the bytes of \(name)")
            #expect(
                now.modified.tv_sec == was.modified.tv_sec && now.modified.tv_nsec == was.modified.tv_nsec,
                "\(command) changed the modification time of \(name)")
        }
    }

    @Test("In a writable state directory, every reading command leaves the orders and credentials as they were")
    func writableStateDirectory() async throws {
        let home = try Self.home(damagedState: true)
        let before = try Self.precious(home)
        #expect(before.keys.contains("orders.db") && before.count == 2, "\(before.keys)")
        for command in Self.readingCommands {
            let result = try await CLIProcess.run(command, home: home.path, timeout: 120)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            Self.sameFiles(before, try Self.precious(home), command)
        }
        // Not settled by a command that reads: still `creating`, and the set-aside file is still said.
        let orders = try await CLIProcess.run(["orders", "--offline", "--json"], home: home.path, timeout: 120)
        #expect(orders.stdout.contains("\"creating\""), "\(orders.stdout)")
        let show = try await CLIProcess.run(["show", "Nike", "--offline"], home: home.path, timeout: 120)
        #expect(show.stderr.contains("orders.db.damaged-20261128T000000Z"), "\(show.stderr)")
    }

    @Test("An orders file of an older schema is read as it is by the offline commands, cards included, and not migrated")
    func olderSchemaIsReadNotMigrated() async throws {
        let home = try ScratchDirectory(prefix: "reading-old")
        let folder = home.path + "/mainnet"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o700)
        // The schema as version 2-payment-check left it: no lines, no recorded payment.
        let connection = try SQLiteConnection(path: folder + "/orders.db", mode: .readWrite)
        try SQLiteMigrator(Array(OrderDatabase.migrator.migrations.prefix(2))).migrate(connection)
        try connection.execute(
            """
            INSERT INTO purchase_order (id, network, provider, providerOrderId, merchantId, merchantName, sourceId,
                amount, currency, status, createdAt, updatedAt)
            VALUES (?1, 'mainnet', 'ctx', 'ctx-9', 'm', 'Nike', 'ctx-nike', '25', 'USD', 'fulfilled', 0, 0)
            """, [.text(Self.keptOrder)])
        try connection.execute(
            "INSERT INTO delivered_card (orderId, position, card, deliveredAt) VALUES (?1, 0, ?2, 0)",
            [.text(Self.keptOrder), .text(#"{"name":"Nike","number":"60061234"}"#)])
        let before = try Self.precious(home)
        let shown = try await CLIProcess.run(["order", Self.keptOrder, "--offline", "--json"], home: home.path, timeout: 120)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("\"fulfilled\""), "\(shown.stdout)")
        #expect(shown.stdout.contains("cards"), "\(shown.stdout)")
        let listed = try await CLIProcess.run(["orders", "--offline"], home: home.path, timeout: 120)
        #expect(listed.status == 0 && listed.stdout.contains("Nike"), "\(listed.stdout)\(listed.stderr)")
        Self.sameFiles(before, try Self.precious(home), ["order", "orders", "--offline"])
    }

    @Test("The command about orders, online, is where an interrupted buy is settled and set-aside files are acknowledged")
    func ordersCommandSettles() async throws {
        let home = try Self.home(damagedState: false)
        // No provider answers here: `orders` reads only what is kept, but it opens the file to keep it.
        let result = try await CLIProcess.run(["orders", "--json"], home: home.path, timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\"creating\""), "\(result.stdout)")
        #expect(result.stdout.contains("\"unknown\""), "\(result.stdout)")
        let show = try await CLIProcess.run(["show", "Nike", "--offline"], home: home.path, timeout: 120)
        #expect(!show.stderr.contains("orders.db.damaged-20261128T000000Z"), "acknowledged by orders: \(show.stderr)")
    }

    @Test(
        "In a state directory it cannot write (0500, files 0400), every reading command still answers",
        .enabled(if: UnprivilegedUser.available, "the tests run as root with neither setpriv nor runuser"))
    func readOnlyStateDirectory() async throws {
        let home = try Self.home(damagedState: false)
        let folder = home.path + "/mainnet"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try UnprivilegedUser.hand(folder + "/" + name, mode: 0o400)
        }
        try UnprivilegedUser.hand(folder, mode: 0o500)
        try UnprivilegedUser.hand(home.path, mode: 0o500)
        defer {
            chmod(home.path, 0o700)
            chmod(folder, 0o700)
        }
        let before = try Self.precious(home)
        for command in Self.readingCommands {
            let result = try await CLIProcess.run(command, home: home.path, unprivileged: true, timeout: 120)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!result.stdout.isEmpty, "\(command)")
            Self.sameFiles(before, try Self.precious(home), command)
        }
    }
}
