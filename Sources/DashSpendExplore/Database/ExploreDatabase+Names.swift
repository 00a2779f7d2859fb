package import DashSpendCore
import DashSpendLocking
import DashSpendSQLite

extension ExploreDatabase {
    /// A merchant's id, name and type: what a "did you mean" needs.
    package struct NamedMerchant: Sendable, Hashable {
        /// The logical merchant key.
        package let merchantId: String
        /// The name as the file spells it.
        package let name: String
        /// Online, physical or both.
        package let type: MerchantType
    }

    /// Every merchant a list shows (one per merchantId, URL-redeemed ones included), by name: the names a
    /// name that was not found is compared with. From the side index when it is attached (one row per
    /// merchant, folded once), else by grouping the file's rows.
    package func namedMerchants() throws(ExploreDatabaseError) -> [NamedMerchant] {
        try namedMerchantsFolded().map(\.merchant)
    }

    /// ``namedMerchants()`` with each name folded (``NameMatching/folded(_:)``).
    func namedMerchantsFolded() throws(ExploreDatabaseError) -> [(merchant: NamedMerchant, folded: String)] {
        let indexed = usesNameIndex
        if indexed {
            // One row per merchant, stored in this order; whether it is hidden is read from its row (its providers,
            // cleaned, hex-encoded between commas): a lookup per merchant would cost more than the list itself.
            var visible = MerchantSearchSQL.rowVisibility(schema: schema, includeURLRedeem: true)
            if schema.hasProviderTable {
                let sold = providers.flatMap(\.info.databaseNames).map {
                    "instr(m.providers, ',\(Self.hex($0)),') > 0"
                }
                visible.append("(m.providers IS NULL\(sold.map { " OR " + $0 }.joined()))")
            }
            let sql = """
                SELECT m.merchantId AS merchantId, m.name AS name, m.folded AS folded, m.type AS type \
                FROM \(ExploreNameIndex.schemaName).merchant_name m WHERE \(visible.joined(separator: " AND ")) \
                ORDER BY m.name COLLATE NOCASE, m.merchantId
                """
            return try read { db in
                try db.fetchAll(sql) {
                    let name = $0.text("name") ?? ""
                    return (
                        NamedMerchant(
                            merchantId: $0.text("merchantId") ?? "", name: name, type: MerchantType(parsing: $0.text("type"))),
                        $0.text("folded") ?? NameMatching.folded(name)
                    )
                }
            }
        }
        let visible = MerchantSearchSQL.visibility(schema: schema, providers: providers, includeURLRedeem: true)
        let type = schema.merchantHas("type") ? "m.type" : "NULL"
        let sql = """
            SELECT m.merchantId AS merchantId, MIN(m.name) AS name, MIN(\(type)) AS type FROM merchant m \
            WHERE \(visible.joined(separator: " AND ")) GROUP BY m.merchantId ORDER BY name COLLATE NOCASE, m.merchantId
            """
        return try read { db in
            try db.fetchAll(sql) {
                let name = $0.text("name") ?? ""
                return (
                    NamedMerchant(
                        merchantId: $0.text("merchantId") ?? "", name: name, type: MerchantType(parsing: $0.text("type"))),
                    NameMatching.folded(name)
                )
            }
        }
    }

    /// Every merchant a list shows (one per merchantId, URL-redeemed ones included) named `name` (accents and case
    /// folded), ordered as search pages are: what ``search(_:)`` finds by ``MerchantSearch/exactName``, in one
    /// statement and without reading their offers (the merchant found is then read whole, by id).
    package func merchants(named name: String) throws(ExploreDatabaseError) -> [MerchantCandidate] {
        let search = MerchantSearch(exactName: name, limit: Int(Int32.max), includeURLRedeem: true)
        let page = MerchantSearchSQL(search: search, schema: schema, compiled: providers, nameIndex: usesNameIndex)
        return try read { db in
            try db.fetchAll(page.sql, page.arguments) {
                MerchantCandidate(
                    merchantId: $0.text("merchantId") ?? "", name: $0.text("name") ?? "",
                    type: MerchantType(parsing: $0.text("type")))
            }
        }
    }

    /// The ids of every merchant named `name` (accents and case folded), whichever providers sell it and
    /// whether or not this build shows it: so that a merchant hidden by name is explained as by id.
    package func merchantIds(namedEvenIfHidden name: String) throws(ExploreDatabaseError) -> [String] {
        let folded = SQLiteValue.text(NameMatching.folded(name))
        let indexed = usesNameIndex
        let condition =
            indexed
            ? "rowid IN (SELECT row FROM \(ExploreNameIndex.schemaName).folded_name WHERE folded = ?)"
            : Self.foldedNameEquals("name")
        let sql = """
            SELECT DISTINCT merchantId FROM merchant WHERE merchantId IS NOT NULL AND merchantId <> '' \
            AND \(condition) ORDER BY merchantId
            """
        return try read { db in
            try db.fetchAll(sql, indexed ? [folded] : [folded, folded]) { $0.text("merchantId") ?? "" }
        }
    }

    /// SQLite's `hex()` of `text`: its UTF-8 bytes in upper-case hexadecimal.
    static func hex(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 { bytes += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The merchants whose names are closest to `name` (``NameMatching/suggestions(for:among:limit:)``), best
    /// first, at most `limit`: the "did you mean" of a name not found. Reads every visible merchant's name
    /// once (from the side index, already folded, when it is attached); the work per name is bounded by the
    /// name, not by `name`.
    package func closestMerchants(to name: String, limit: Int = 3) throws(ExploreDatabaseError) -> [MerchantCandidate] {
        let names = try namedMerchantsFolded()
        let closest = NameMatching.suggestions(for: name, amongFolded: names.map { ($0.merchant.name, $0.folded) }, limit: limit)
        return closest.compactMap { name in
            names.first { $0.merchant.name == name }.map {
                MerchantCandidate(merchantId: $0.merchant.merchantId, name: $0.merchant.name, type: $0.merchant.type)
            }
        }
    }

    /// Whether the side index of folded names is attached (``attachNameIndex(_:key:)``); one offered
    /// (``offerNameIndex(_:)``) is made ready now, once.
    package var usesNameIndex: Bool {
        let offered = nameIndex.withLock { state -> (@Sendable (ExploreDatabase) -> Bool)? in
            guard case .offered(let prepare) = state else { return nil }
            state = .unavailable
            return prepare
        }
        if let offered { _ = offered(self) }
        return nameIndex.withLock { state in
            if case .attached = state { return true }
            return false
        }
    }

    /// Whether the side index of names is attached now (without making an offered one ready).
    var isNameIndexAttached: Bool {
        nameIndex.withLock { state in
            if case .attached = state { return true }
            return false
        }
    }

    /// Offers the side index of folded names: `prepare` builds it if needed and attaches it
    /// (``attachNameIndex(_:key:)``), on the first lookup by name only, so that a lookup by id or a search
    /// without text never pays for it.
    package func offerNameIndex(_ prepare: @escaping @Sendable (ExploreDatabase) -> Bool) {
        nameIndex.withLock { state in
            if case .unavailable = state { state = .offered(prepare) }
        }
    }

    /// Attaches the side index of folded names at `path` (``ExploreNameIndex``), read-only, when it was built
    /// for `key` (this version of this file); true when it is attached. Without it every name lookup still
    /// answers, folding the file's names row by row.
    @discardableResult
    package func attachNameIndex(_ path: String, key: String) -> Bool {
        if isNameIndexAttached { return true }
        let uri = SQLiteConnection.fileURI(path) + "?mode=ro&immutable=1"
        let schema = ExploreNameIndex.schemaName
        do {
            try connection.execute("ATTACH DATABASE '\(uri.replacingEvery("'", with: "''"))' AS \(schema)")
        } catch {
            return false
        }
        // An index that cannot be read is not used: every lookup still answers without it, folding names row by row.
        let stored = try? connection.fetchOne("SELECT key FROM \(schema).meta") { $0.text("key") ?? "" }
        guard stored == ExploreNameIndex.format + " " + key else {
            // Cleanup on the way out: an index left attached is never read, as isNameIndexAttached stays false.
            try? connection.execute("DETACH DATABASE \(schema)")
            return false
        }
        nameIndex.withLock { $0 = .attached }
        return true
    }
}
