import DashSpend
import DashSpendCore
import DashSpendSQLite
import DashSpendTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The orders database (`<state>/<network>/orders.db`) through the front door, on real files: damaged
/// orders salvaged row by row and the damaged file set aside and said until shown, a newer version's file
/// read and never written, the orders of a 0.1.0 state database moved in (from a damaged one too), and an
/// order left `creating` by a buy that was cut off made `unknown` once no buy is in flight.
@Suite("The orders database keeps every order it can read", hangGuard(minutes: 3))
struct OrderDatabaseTests {
    let state: ScratchDirectory
    let server: MockProviderServer
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

    init() throws {
        state = try ScratchDirectory(prefix: "orders-database")
        server = try MockProviderServer.started()
    }

    var folder: String { state.path + "/mainnet" }
    var ordersPath: String { folder + "/orders.db" }

    func client(ordersAccess: DashSpendConfiguration.OrdersAccess = .readWrite) throws -> DashSpendClient {
        var configuration = ClientFixture.configuration(state: state, server: server)
        let now = self.now
        configuration.now = { now }
        configuration.ordersAccess = ordersAccess
        return try DashSpendClient(configuration: configuration)
    }

    /// An order of CTX with a long merchant name carrying `marker` (so that many orders span many pages),
    /// fulfilled with a card.
    func order(_ index: Int, marker: String = "ORDER-PAGE-MARKER") -> Order {
        Order(
            id: "order-\(index)", provider: .ctx, providerOrderId: "ctx-order-\(index)", merchantId: "merchant-\(index)",
            merchantName: marker + String(repeating: "m", count: 200), sourceId: "merchant-\(index)", amount: 25,
            status: .fulfilled, paymentURI: "dash:\(MockOrderBook.dashAddress)?amount=0.8",
            cards: [DeliveredCard(name: "Card \(index)", number: "6006\(100_000 + index)", pin: "\(1000 + index)")],
            createdAt: now.addingTimeInterval(Double(index)), updatedAt: now)
    }

    /// A store over a new orders database in the network's folder (made 0700, as the client makes it).
    func makeStore() throws -> OrderStore {
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return OrderStore(database: try OrderDatabase(path: ordersPath, network: .mainnet, now: now))
    }

    func asideFiles(_ prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }.sorted()
    }

    @Test("The orders file's notes are read once per version: a quiet one is recorded, a changed one read again")
    func notesReadOncePerVersion() throws {
        try makeStore().insert(order(1))
        #expect(try client(ordersAccess: .readOnly).damagedOrderDatabase() == nil)
        let record = state.path + "/quiet-orders-files"
        #expect(FileManager.default.fileExists(atPath: record), "the quiet version is recorded")

        // Damage the schema's page, then give the file back its size and modification time: to the record it
        // is the quiet version, so it is not read again (and says nothing).
        var before = stat()
        #expect(stat(ordersPath, &before) == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: ordersPath))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 - 100))
        try handle.close()
        func setModificationTime(_ time: timespec) {
            let times = [before.modificationTime, time]
            #expect(utimensat(AT_FDCWD, ordersPath, times, 0) == 0)
        }
        setModificationTime(before.modificationTime)
        #expect(try client(ordersAccess: .readOnly).damagedOrderDatabase() == nil, "the recorded version was not read")

        // A new modification time is a new version: read, found damaged, and said by every client after.
        setModificationTime(timespec(tv_sec: before.modificationTime.tv_sec + 1, tv_nsec: 0))
        #expect(try client(ordersAccess: .readOnly).damagedOrderDatabase() == ordersPath)
        #expect(try client(ordersAccess: .readOnly).damagedOrderDatabase() == ordersPath, "not recorded: said again")
    }

    @Test("A client reading orders only opens the file at its first read: one replaced since it was made is read new")
    func readOnlyClientOpensAtFirstRead() throws {
        try makeStore().insert(order(1))
        let reader = try client(ordersAccess: .readOnly)
        // Another process replaces the file by rename (a salvage does): the new file holds another order.
        let replacement = folder + "/orders-replacement.db"
        try OrderStore(database: try OrderDatabase(path: replacement, network: .mainnet, now: now)).insert(order(2))
        #expect(rename(replacement, ordersPath) == 0)
        #expect(try reader.orders().map(\.id) == ["order-2"], "the file at the first read, not at the initialiser")
    }

    @Test("A client reading orders only writes nothing, and sees the orders file another client creates after it was made")
    func readOnlyClientSeesALaterFile() async throws {
        let reader = try client(ordersAccess: .readOnly)
        #expect(try reader.orders().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: ordersPath), "nothing created")
        let store = try makeStore()
        try store.insert(order(1))
        let before = try Data(contentsOf: URL(fileURLWithPath: ordersPath))
        #expect(try reader.orders().map(\.id) == ["order-1"])
        #expect(try reader.storedOrder(id: "order-1").cards.first?.number == "6006100001")
        let txid = String(repeating: "ab", count: 32)
        let refused = try #require(
            await ClientFixture.failure { try reader.recordPayment(orderId: "order-1", transactionId: txid) })
        #expect(refused.message.contains("only to read"), "\(refused.message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: ordersPath)) == before, "byte for byte")
    }

    @Test("One damaged page loses only its rows: every other order and card is salvaged, the file set aside as it was")
    func salvagedRowByRow() throws {
        let count = 60
        let store = try makeStore()
        for index in 0..<count { try store.insert(order(index)) }
        try SQLitePageDamage.damagePage(of: ordersPath, holding: "ORDER-PAGE-MARKER")
        let damaged = try Data(contentsOf: URL(fileURLWithPath: ordersPath))

        let client = try client()
        let kept = try client.orders()
        let read = kept.filter { $0.providerId == "ctx" }
        #expect(read.count > count / 2 && read.count < count, "most orders read, the damaged page's lost: \(read.count)")
        for order in read {
            let index = try #require(Int(order.id.dropFirst("order-".count)))
            #expect(order == self.order(index), "salvaged whole, card included: \(order.id)")
        }
        // The cards of the orders on the damaged page are carried over, each under a placeholder order.
        let placeholders = kept.filter { $0.providerId != "ctx" }
        #expect(read.count + placeholders.count == count, "every card carried over")
        for order in placeholders {
            let index = try #require(Int(order.id.dropFirst("order-".count)))
            #expect(order.cards == self.order(index).cards && order.status == .unknown && !order.isPayable)
        }
        let files = try client.setAsideOrderFiles()
        let file = try #require(files.first)
        #expect(files.count == 1)
        #expect(file.path == ordersPath + ".damaged-20261118T110640Z")
        #expect(file.salvagedOrders == kept.count && file.salvagedCards == count && !file.complete)
        #expect(!file.acknowledged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == damaged, "set aside as it was")
        #expect(client.unacknowledgedSetAsideOrderFiles().map(\.path) == [file.path])

        // Another run finds the fresh file sound: nothing is set aside again; shown once, no longer said.
        let later = try self.client()
        #expect(try later.orders().count == kept.count)
        #expect(try asideFiles("orders.db.damaged-") == ["orders.db.damaged-20261118T110640Z"])
        try later.acknowledgeSetAsideOrderFiles()
        #expect(try self.client().unacknowledgedSetAsideOrderFiles().isEmpty)
        #expect(try self.client().setAsideOrderFiles().map(\.path) == [file.path], "still listed")
    }

    @Test("An orders database of the schema before order lines is migrated in place: its orders read as one line")
    func ordersBeforeLines() throws {
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let old = try SQLiteConnection(path: ordersPath, mode: .readWrite)
        try SQLiteMigrator(Array(OrderDatabase.migrator.migrations.prefix(2))).migrate(old)
        try old.execute(
            """
            INSERT INTO purchase_order (id, network, provider, providerOrderId, merchantId, merchantName, sourceId,
                amount, currency, status, createdAt, updatedAt)
            VALUES ('old-1', 'mainnet', 'ctx', 'ctx-order-9', 'm', 'Home Depot', 's', '25.00', 'USD', 'fulfilled', 1, 2)
            """)
        try old.execute(
            """
            INSERT INTO delivered_card (orderId, position, card, deliveredAt)
            VALUES ('old-1', 0, '{"name":"Home Depot","number":"6006491234567890"}', 2)
            """)
        let kept = try #require(try client().orders().first)
        #expect(kept.lines == [OrderLine(amount: 25)] && kept.cardCount == 1)
        #expect(kept.cards.map(\.line) == [nil] && kept.cards(inLine: 0).count == 1 && !kept.isPartiallyDelivered)
        let applied = try SQLiteMigrator(OrderDatabase.migrator.migrations).appliedMigrations(
            SQLiteConnection(path: ordersPath, mode: .readOnly))
        #expect(applied.last == OrderDatabase.schemaVersion, "migrated in place, not set aside")
        #expect(try asideFiles("orders.db.damaged").isEmpty)
    }

    @Test("A recorded payment is salvaged with its order from a damaged file, and still refuses a second one")
    func recordedPaymentSalvaged() async throws {
        let count = 60
        let store = try makeStore()
        for index in 0..<count { try store.insert(order(index)) }
        let txid = String(repeating: "5e", count: 32)
        // The first order is on the table's first page, which the damage leaves as it was.
        try client().recordPayment(orderId: "order-0", transactionId: txid)
        try SQLitePageDamage.damagePage(of: ordersPath, holding: "ORDER-PAGE-MARKER")

        let salvaged = try client()
        #expect(try salvaged.setAsideOrderFiles().count == 1, "the damaged file was set aside")
        let kept = try salvaged.storedOrder(id: "order-0")
        #expect(kept.transactionId == txid && kept.transactionRecordedAt == now)
        #expect(try salvaged.recordPayment(orderId: "order-0", transactionId: txid).transactionId == txid)
        let refused = try #require(
            await ClientFixture.failure {
                try salvaged.recordPayment(orderId: "order-0", transactionId: String(repeating: "6f", count: 32))
            })
        #expect(refused.cause == .paymentAlreadyRecorded)
    }

    @Test("A file that is not SQLite at all is set aside whole and said; a fresh one takes orders")
    func notSQLite() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x5A, count: 8192)
        try junk.write(to: URL(fileURLWithPath: ordersPath))
        let client = try client()
        #expect(try client.orders().isEmpty)
        let file = try #require(try client.setAsideOrderFiles().first)
        #expect(file.salvagedOrders == 0 && !file.complete)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == junk)
        #expect(file.description.contains(file.path))
    }

    @Test("A newer version's orders database is read, never moved or rewritten; a buy is refused before it is sent")
    func newerVersion() async throws {
        let store = try makeStore()
        try store.insert(order(1))
        try SQLiteConnection(path: ordersPath, mode: .readWrite).execute(
            "INSERT INTO dashspend_migrations (name, applied_at) VALUES ('2-from-the-future', 'later')")
        let before = try Data(contentsOf: URL(fileURLWithPath: ordersPath))
        let credentials = FileCredentialStore(root: state.path)
        try credentials.save(server.signedInCredentials(for: .ctx), for: .ctx, network: .mainnet)
        server.orderBook.enable()

        let client = try client()
        #expect(try client.orders().map(\.id) == ["order-1"])
        let failure = try #require(
            await ClientFixture.failure { try await client.quote(merchant: ClientFixture.homeDepot, amount: 25) })
        #expect(failure.kind == .cannotWrite && failure.cause == .newerVersion)
        #expect(failure.message.contains("2-from-the-future") && failure.message.contains(OrderDatabase.schemaVersion))
        #expect(server.requestCount(.ctx, "gift-cards") == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: ordersPath)) == before)
        #expect(try asideFiles("orders.db.damaged").isEmpty)
    }

    @Test("The orders of a damaged 0.1.0 state database a lookup set aside are salvaged when the orders are next opened")
    func damagedLegacyStateDatabase() async throws {
        try LegacyStateDatabase.write(
            home: state.path,
            rows: (1...3).map {
                .init(
                    id: "legacy-\($0)", provider: "ctx", providerOrderId: "ctx-order-\($0)", merchantId: "m",
                    merchantName: "Shop",
                    amount: "25.00", status: "fulfilled", paymentURI: nil, card: #"{"name":"Shop","number":"60061234"}"#)
            })
        let cache = try SQLiteConnection(path: folder + "/state.db", mode: .readWrite)
        try cache.transaction { db in
            for index in 0..<300 {
                try db.execute(
                    "INSERT INTO provider_answer (provider, network, sourceId, fetchedAt, offer) VALUES ('ctx', 'mainnet', ?1, 0, ?2)",
                    [.text("filler-\(index)"), .text("LEGACY-CACHE-MARKER " + String(repeating: "x", count: 300))])
            }
        }
        try SQLitePageDamage.damagePage(of: folder + "/state.db", holding: "LEGACY-CACHE-MARKER")

        // A lookup (a client reading orders only, as `show` is) meets the damaged cache first and sets it
        // aside, writing no order (issue 29); the orders database, opened for writing by the next client,
        // salvages what the set-aside file holds.
        let lookup = try client(ordersAccess: .readOnly)
        _ = try await lookup.merchant(ClientFixture.homeDepot, policy: .cacheOnly)
        let recovery = try #require(lookup.stateDatabaseRecovery)
        #expect(!FileManager.default.fileExists(atPath: ordersPath), "the lookup wrote no order")
        let client = try client()
        let kept = try client.orders()
        #expect(Set(kept.map(\.id)) == ["legacy-1", "legacy-2", "legacy-3"])
        #expect(kept.allSatisfy { $0.cards.first?.number == "60061234" })
        let file = try #require(try client.setAsideOrderFiles().first)
        #expect(file.path == recovery.movedTo)
        #expect(file.salvagedOrders == 3)
    }

    @Test("A 0.1.0 state database whose migrations cannot be read is of unknown version: nothing is moved out, and it is said")
    func legacyStateDatabaseOfUnknownVersion() throws {
        try LegacyStateDatabase.write(
            home: state.path,
            rows: [
                .init(
                    id: "legacy-1", provider: "ctx", providerOrderId: "ctx-order-1", merchantId: "m", merchantName: "Shop",
                    amount: "25.00", status: "fulfilled", paymentURI: nil, card: #"{"name":"Shop","number":"60061234"}"#)
            ])
        // The orders table reads; the record of its version does not (a column another version named otherwise).
        let statePath = folder + "/state.db"
        try SQLiteConnection(path: statePath, mode: .readWrite)
            .execute("ALTER TABLE dashspend_migrations RENAME COLUMN name TO migration")
        let before = try Data(contentsOf: URL(fileURLWithPath: statePath))

        let diagnostics = CollectingDiagnostics()
        var configuration = ClientFixture.configuration(state: state, server: server, diagnostics: diagnostics)
        let now = self.now
        configuration.now = { now }
        let kept = try DashSpendClient(configuration: configuration).orders()

        // Before, the unreadable record counted as "no migrations": the orders were moved in and deleted from
        // a file whose version nobody knew. Now the file is left byte for byte and the failed move is said.
        #expect(kept.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == before)
        let notes = diagnostics.events(.note).map(\.message)
        #expect(notes.contains { $0.contains("could not move the orders of the state database") })
        let legacy = try SQLiteConnection(path: statePath, mode: .readOnly)
        #expect(try legacy.fetchOne("SELECT COUNT(*) AS n FROM purchase_order", [], { $0.integer("n") ?? 0 }) == 1)
    }

    @Test("An order left `creating` is made unknown on the next open only once no buy is in flight")
    func interruptedCreate() throws {
        let store = try makeStore()
        var creating = order(1)
        creating.status = .creating
        creating.providerOrderId = nil
        creating.cards = []
        try store.insert(creating)

        // Another buy holds the creation lock: its order may be in flight; nothing is changed.
        let held = try LockFile.lockShared(ordersPath + ".creating.lock")
        #expect(try client().storedOrder(id: "order-1").status == .creating)
        close(held)
        let settled = try client().storedOrder(id: "order-1")
        #expect(settled.status == .unknown)
        #expect(settled.message?.contains("may exist") == true)
    }

    @Test("A card kept in a form this version does not decode is still shown, field by field or as its text")
    func cardsInAnotherForm() throws {
        let store = try makeStore()
        try store.insert(order(1))
        try store.insert(order(2))
        let connection = try SQLiteConnection(path: ordersPath, mode: .readWrite)
        // A number where a string is expected (and a field this version does not know), then no JSON at all.
        try connection.execute(
            #"UPDATE delivered_card SET card = '{"number": 6006123456, "pin": "4321", "expiry": {"month": 5}}' "#
                + "WHERE orderId = 'order-1'")
        try connection.execute("UPDATE delivered_card SET card = 'CODE 6006-7777 PIN 99' WHERE orderId = 'order-2'")
        let first = try #require(try store.order(id: "order-1"))
        #expect(first.cards == [DeliveredCard(number: "6006123456", pin: "4321")])
        let second = try #require(try store.order(id: "order-2"))
        #expect(second.cards == [DeliveredCard(number: "CODE 6006-7777 PIN 99")])
    }
}
