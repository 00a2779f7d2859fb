import CSQLite
import DashSpendCore
import DashSpendTestKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a realistic, deterministic v4 explore file: 10,000 merchantIds, over 200,000 `merchant` rows
/// (an online row per online merchant plus physical locations around fifty US city centres), and their
/// `gift_card_providers` rows (CTX for most, PiggyCards for some, both for some).
///
/// The schema is the project's `Fixtures/Schemas/explore-v4.sql`, so the FTS4 index is kept in sync by its
/// triggers. The file is built through the bare C API (prepared inserts in one transaction) into a
/// temporary file and renamed into place, with a stamp file naming the generator version next to it, so
/// an existing file is reused only when it was written by this very generator.
struct ExploreFileGenerator {
    /// Bump when the generated contents change: cached files with another stamp are rebuilt.
    static let version = 3
    /// The PRNG seed.
    static let seed: UInt64 = 0xDA54_5E1D_2025_0004
    /// How many merchants and rows to write.
    struct Size {
        /// Logical merchants.
        let merchantCount: Int
        /// `merchant` rows in total (online rows plus locations).
        let rowCount: Int

        /// The benchmark's file: 10,000 merchantIds in 205,000 rows.
        static let full = Size(merchantCount: 10_000, rowCount: 205_000)
        /// `--quick`: a file small enough to generate in well under a second in a debug build.
        static let smoke = Size(merchantCount: 200, rowCount: 2_000)
    }

    /// Where the schema lives.
    let schemaPath: String
    /// How many merchants and rows.
    var size = Size.full

    /// The stamp that identifies this generator's output.
    var stamp: String {
        "explore-benchmark generator v\(Self.version) seed \(String(Self.seed, radix: 16)) merchants \(size.merchantCount) rows \(size.rowCount)\n"
    }

    /// Returns `path`, building it first unless it exists with this generator's stamp. Says which on stdout.
    func ensure(at path: String) throws -> (path: String, generatedSeconds: Double?) {
        let stampPath = path + ".stamp"
        if FileSystem.exists(path), FileSystem.read(stampPath) == stamp {
            return (path, nil)
        }
        guard let schema = FileSystem.read(schemaPath) else {
            throw RawSQLite.Failure(description: "cannot read the schema \(schemaPath)")
        }
        FileSystem.makeDirectories(FileSystem.directory(of: path))
        FileSystem.remove(stampPath)
        let temporary = path + ".tmp.\(getpid())"
        FileSystem.remove(temporary)
        let clock = MonotonicClock()
        let start = clock.now
        do {
            try write(schema: schema, to: temporary)
        } catch {
            FileSystem.remove(temporary)
            FileSystem.remove(temporary + "-journal")
            throw error
        }
        try FileSystem.move(temporary, to: path)
        try FileSystem.writeAtomically(stamp, to: stampPath)
        return (path, (clock.now - start).milliseconds / 1000)
    }

    // MARK: - Planning

    /// Who sells a merchant.
    enum Seller { case ctx, piggyCards, both, dcg }

    /// One logical merchant before it becomes rows.
    struct Plan {
        var merchantId = ""
        var name = ""
        var slug = ""
        var seller = Seller.ctx
        var type = "both"
        var redeemType: String?
        var ctxDiscount = 0
        var ctxDenominations = "min-max"
        var piggyBrandId = 0
        var piggyDiscount = 0
        var piggyDenominations = "fixed"
        var active = true
        var locations = 0
    }

    private func plan(_ random: inout SplitMix64) -> [Plan] {
        var plans: [Plan] = []
        plans.reserveCapacity(size.merchantCount)
        for index in 0..<size.merchantCount {
            var plan = Plan()
            var name = random.pick(NameWords.first) + " " + random.pick(NameWords.second)
            if random.chance(0.3) { name += " " + random.pick(NameWords.suffix) }
            plan.name = name
            plan.slug = name.lowercased().split(separator: " ").joined(separator: "-") + "-\(index)"
            let roll = random.unit()
            plan.seller = roll < 0.58 ? .ctx : roll < 0.72 ? .both : roll < 0.84 ? .piggyCards : .dcg
            switch plan.seller {
            case .ctx, .both:
                plan.merchantId = "\(random.hex(8))-\(random.hex(4))-4\(random.hex(3))-a\(random.hex(3))-\(random.hex(12))"
            case .piggyCards:
                plan.merchantId = String(100_000 + index * 7 + random.below(7))
            case .dcg:
                plan.merchantId = String(5_000 + index)
            }
            plan.piggyBrandId = 100_000 + index * 7 + random.below(7)
            if plan.seller == .dcg {
                plan.type = "physical"
                plan.redeemType = random.chance(0.5) ? "none" : nil
            } else {
                let kind = random.unit()
                plan.type = kind < 0.3 ? "online" : kind < 0.85 ? "both" : "physical"
                plan.redeemType = random.chance(0.03) ? "url" : random.chance(0.7) ? "barcode" : "pin"
            }
            // CTX discounts: 1 % to 15 % in basis points, most between 2 % and 8 %.
            plan.ctxDiscount =
                [100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 1000, 1200, 1500][
                    min(14, Int(random.unit() * random.unit() * 15))]
            plan.ctxDenominations = random.chance(0.6) ? "min-max" : "fixed"
            // PiggyCards: discount_percentage * 100 - 150 (the service fee), so possibly negative.
            plan.piggyDiscount = random.int(in: 1...16) * 100 - 150
            plan.piggyDenominations = random.chance(0.75) ? "fixed" : "min-max"
            plan.active = !random.chance(0.02)
            plans.append(plan)
        }

        // Locations: a heavy-tailed share (a few chains with thousands, most with a handful).
        let onlineRows = plans.filter { $0.type != "physical" }.count
        var physical = Array(plans.indices.filter { plans[$0].type != "online" })
        for position in stride(from: physical.count - 1, to: 0, by: -1) {
            physical.swapAt(position, random.below(position + 1))
        }
        let target = size.rowCount - onlineRows
        let weights = physical.indices.map { 1 / pow(Double($0) + 5, 0.9) }
        let total = weights.reduce(0, +)
        var assigned = 0
        for (rank, index) in physical.enumerated() {
            let count = max(1, Int(Double(target) * weights[rank] / total))
            plans[index].locations = count
            assigned += count
        }
        var rank = 0
        while assigned < target {
            plans[physical[rank % physical.count]].locations += 1
            assigned += 1
            rank += 1
        }
        return plans
    }

    // MARK: - Writing

    private func write(schema: String, to path: String) throws {
        let db = try RawSQLite.openReadWrite(path)
        defer { sqlite3_close_v2(db) }
        try RawSQLite.exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
        try RawSQLite.exec(db, schema)
        var random = SplitMix64(seed: Self.seed)
        let plans = plan(&random)
        let cityWeights = CityCentre.all.map(\.weight)
        let cityTotal = cityWeights.reduce(0, +)

        try RawSQLite.exec(db, "BEGIN")
        let columns = [
            "deeplink", "plusCode", "addDate", "updateDate", "paymentMethod", "merchantId", "active", "name",
            "address1", "address2", "address3", "address4", "latitude", "longitude", "website", "phone",
            "territory", "city", "source", "sourceId", "logoLocation", "googleMaps", "coverImage", "type",
            "redeemType", "savingsPercentage", "denominationsType",
        ]
        let merchantInsert = try RawSQLite.prepare(
            db,
            """
            INSERT INTO merchant (\(columns.map { "\"\($0)\"" }.joined(separator: ", "))) \
            VALUES (\((1...columns.count).map { "?\($0)" }.joined(separator: ", ")))
            """)
        defer { sqlite3_finalize(merchantInsert) }
        let providerInsert = try RawSQLite.prepare(
            db,
            """
            INSERT INTO gift_card_providers (merchantId, provider, redeemType, savingsPercentage, active, \
            denominationsType, sourceId) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        defer { sqlite3_finalize(providerInsert) }

        let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, Int32($0 + 1)) })
        func text(_ column: String, _ value: String?) {
            if let value {
                sqlite3_bind_text(merchantInsert, position[column]!, value, -1, RawSQLite.transient)
            } else {
                sqlite3_bind_null(merchantInsert, position[column]!)
            }
        }
        func integer(_ column: String, _ value: Int?) {
            if let value {
                sqlite3_bind_int64(merchantInsert, position[column]!, Int64(value))
            } else {
                sqlite3_bind_null(merchantInsert, position[column]!)
            }
        }
        func real(_ column: String, _ value: Double?) {
            if let value {
                sqlite3_bind_double(merchantInsert, position[column]!, value)
            } else {
                sqlite3_bind_null(merchantInsert, position[column]!)
            }
        }
        func step(_ statement: OpaquePointer) throws {
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw RawSQLite.Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }

        for plan in plans {
            let giftCard = plan.seller != .dcg
            let source: String
            let sourceId: String
            let savings: Int?
            let denominations: String?
            switch plan.seller {
            case .ctx, .both:
                (source, sourceId, savings, denominations) = ("CTX", plan.merchantId, plan.ctxDiscount, plan.ctxDenominations)
            case .piggyCards:
                (source, sourceId, savings, denominations) = (
                    "PiggyCards", plan.merchantId, plan.piggyDiscount, plan.piggyDenominations
                )
            case .dcg:
                (source, sourceId, savings, denominations) = ("DCG", plan.merchantId, random.chance(0.5) ? 0 : nil, nil)
            }
            let added = "2023-\(pad(random.int(in: 1...12)))-\(pad(random.int(in: 1...28))) 12:00:00.000"
            let shared: () -> Void = {
                text("paymentMethod", giftCard ? "gift card" : (random.chance(0.02) ? "dash " : "dash"))
                text("merchantId", plan.merchantId)
                integer("active", plan.active ? 1 : 0)
                text("name", plan.name)
                text("website", random.chance(0.4) ? "www.\(plan.slug).com" : "https://\(plan.slug).example.com")
                text("source", source)
                text("sourceId", sourceId)
                text("logoLocation", "https://explore.dash.org/logos/\(plan.slug).png")
                text("coverImage", nil)
                text("redeemType", plan.redeemType)
                integer("savingsPercentage", savings)
                text("denominationsType", denominations)
                text("addDate", added)
                text("updateDate", "2025-01-\(self.pad(random.int(in: 1...28))) 08:30:00.000")
            }
            if plan.type != "physical" {
                shared()
                text("type", "online")
                text("territory", random.chance(0.5) ? "" : nil)
                try step(merchantInsert)
            }
            for _ in 0..<plan.locations {
                shared()
                // A city by weight, then a point scattered around its centre (sigma about 11 km).
                var pick = random.unit() * cityTotal
                var city = CityCentre.all[0]
                for candidate in CityCentre.all {
                    pick -= candidate.weight
                    city = candidate
                    if pick < 0 { break }
                }
                let north = random.gaussian() * 11
                let east = random.gaussian() * 11
                let latitude = city.latitude + north / 111.195
                let longitude = city.longitude + east / (111.195 * cos(city.latitude * Double.pi / 180))
                text("type", plan.type)
                text("address1", "\(random.int(in: 1...9999)) \(random.pick(NameWords.streets)) St")
                text("address2", random.chance(0.2) ? "Suite \(random.int(in: 100...999))" : nil)
                text("city", city.name)
                text("territory", city.state)
                real("latitude", (latitude * 1e6).rounded() / 1e6)
                real("longitude", (longitude * 1e6).rounded() / 1e6)
                text("phone", "+1 \(random.int(in: 201...989))-555-\(pad4(random.below(10_000)))")
                text("googleMaps", "https://maps.google.com/?q=\(latitude),\(longitude)")
                try step(merchantInsert)
            }

            // Provider rows, in the apps' default order: CTX first.
            func provider(_ name: String, savings: Int, denominations: String, sourceId: String?, brand: Int?) throws {
                sqlite3_bind_text(providerInsert, 1, plan.merchantId, -1, RawSQLite.transient)
                sqlite3_bind_text(providerInsert, 2, name, -1, RawSQLite.transient)
                sqlite3_bind_text(providerInsert, 3, plan.redeemType ?? "barcode", -1, RawSQLite.transient)
                sqlite3_bind_int64(providerInsert, 4, Int64(savings))
                sqlite3_bind_int64(providerInsert, 5, plan.active ? 1 : 0)
                sqlite3_bind_text(providerInsert, 6, denominations, -1, RawSQLite.transient)
                if let sourceId { sqlite3_bind_text(providerInsert, 7, sourceId, -1, RawSQLite.transient) }
                if let brand { sqlite3_bind_int64(providerInsert, 7, Int64(brand)) }
                try step(providerInsert)
            }
            if plan.seller == .ctx || plan.seller == .both {
                try provider(
                    "CTX", savings: plan.ctxDiscount, denominations: plan.ctxDenominations,
                    sourceId: plan.merchantId, brand: nil)
            }
            if plan.seller == .piggyCards || plan.seller == .both {
                try provider(
                    "PiggyCards", savings: plan.piggyDiscount, denominations: plan.piggyDenominations,
                    sourceId: nil, brand: plan.seller == .both ? plan.piggyBrandId : Int(plan.merchantId))
            }
        }
        try RawSQLite.exec(db, "COMMIT")
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    private func pad4(_ value: Int) -> String { String(repeating: "0", count: 4 - String(value).count) + String(value) }
}
