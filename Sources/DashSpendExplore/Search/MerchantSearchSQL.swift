import DashSpendCore
import DashSpendSQLite

/// Turns a ``MerchantSearch`` into the page query for one file's schema.
///
/// A page costs two statements whatever its size: this one (merchants grouped by `merchantId`, filtered,
/// sorted, limited, each row with the number of merchants matching in all as `matchCount`), then one for the providers of the page's merchants. Text and territory are bound
/// parameters; the only values written into the SQL are numbers the library computed (the search point's
/// distance terms) and names the library chose.
struct MerchantSearchSQL {
    let sql: String
    let arguments: [SQLiteValue]
    /// How the query finds and orders the merchants, in words (for `-v`): `name through merchant_fts
    /// MATCH "home*" or a folded word starting with "home"; type in (both, online); by name; rows 1-100`.
    let plan: String

    /// Denominations spellings that mean a range, as ``DenominationsType/init(parsing:)`` reads them.
    static let flexibleSpellings = "('min-max', 'min-max-major', 'minmax', 'range', 'flexible')"
    /// Every spelling ``DenominationsType/init(parsing:)`` knows.
    static let knownSpellings = "('fixed', 'option', 'min-max', 'min-max-major', 'minmax', 'range', 'flexible')"

    /// How the search's text meets the names.
    enum NameMatch {
        /// As the wallets search: the text as a phrase (FTS4 phrase-prefix, else `LIKE` anywhere), or a folded
        /// word of the name starting with it.
        case phrase
        /// Each word of the text (``NameMatching/searchWords(_:)``: no punctuation, no `and`) at the start of a
        /// word of the name, in any order, the name's punctuation ignored (`depot home` finds `Home Depot`,
        /// `macys` finds `Macy's`, `barnes and noble` finds `Barnes & Noble`). No index helps here: a search
        /// runs it only when the phrase found nothing.
        case words
    }

    /// `nameIndex`: the side index of folded names (``ExploreNameIndex``) is attached, so a folded name is
    /// looked up there instead of folding the file's names row by row (which makes the query a scan).
    init(
        search: MerchantSearch, schema: ExploreSchema, compiled: [GiftCardProvider], matching: NameMatch = .phrase,
        nameIndex: Bool = false
    ) {
        var conditions = Self.rowVisibility(schema: schema, includeURLRedeem: search.includeURLRedeem, nameIndex: nameIndex)
        // Through the side index, whether a merchant is hidden is tested once per merchant (after grouping),
        // not once per matching row; without it, the hidden set is computed once, whatever the rows.
        let providerVisibility = Self.providerVisibility(schema: schema, providers: compiled, nameIndex: nameIndex)
        var having = ""
        if let providerVisibility {
            if nameIndex { having = " HAVING " + providerVisibility } else { conditions.append(providerVisibility) }
        }
        var arguments: [SQLiteValue] = []
        var plan: [String] = []
        var joins = ""
        let has = schema.merchantHas

        // Name.
        // The text is folded (accents, case, whitespace) and compared with the index (or LIKE), which match
        // ASCII names whatever their case; a name that folds differently from `lower()` (accents, other
        // scripts, odd whitespace) is also folded and matched at a word start: `cafe` finds `Café Rio`, which
        // neither the wallets' FTS index nor LIKE folds.
        let fold = ExploreDatabase.foldFunction
        if matching == .words, let text = search.text {
            let words = NameMatching.searchWords(text)
            let tests = words.map { _ in "words LIKE ? ESCAPE '\\'" }.joined(separator: " AND ")
            conditions.append("EXISTS (SELECT 1 FROM (SELECT \(Self.nameWords("m.name")) AS words) WHERE \(tests))")
            arguments += words.map { .text("% " + SQLText.likeContains($0).dropFirst()) }
            plan.append(
                "every word of \(words.map { "\"\($0)\"" }.joined(separator: ", ")) starting a word of the name "
                    + "(any order, punctuation ignored)")
        } else if let text = search.text.map(NameMatching.folded), !text.isEmpty {
            // Through the side index: the rows whose names fold differently from lower(), folded once; the
            // query stays a lookup of the FTS matches and of those rows, by rowid.
            let folded =
                nameIndex
                ? "m.rowid IN (SELECT row FROM \(ExploreNameIndex.schemaName).accented WHERE (' ' || folded) LIKE ? ESCAPE '\\')"
                : "(\(ExploreDatabase.needsFolding("m.name")) AND (' ' || \(fold)(m.name)) LIKE ? ESCAPE '\\')"
            let word = "a folded word (no accents, any case) starting with \"\(text)\""
            if schema.hasMerchantSearchIndex, let match = SQLText.ftsPhrasePrefix(text) {
                conditions.append("(m.rowid IN (SELECT docid FROM merchant_fts WHERE merchant_fts MATCH ?) OR \(folded))")
                arguments.append(.text(match))
                plan.append("name through merchant_fts MATCH \(match) or \(word)")
            } else {
                conditions.append("(m.name LIKE ? ESCAPE '\\' OR \(folded))")
                arguments.append(.text(SQLText.likeContains(text)))
                plan.append(
                    "name LIKE \(SQLText.likeContains(text)) or \(word)"
                        + (schema.hasMerchantSearchIndex ? "" : " (no merchant_fts)"))
            }
            arguments.append(.text("% " + SQLText.likeContains(text).dropFirst()))
        }
        if let name = search.exactName {
            if nameIndex {
                conditions.append("m.rowid IN (SELECT row FROM \(ExploreNameIndex.schemaName).folded_name WHERE folded = ?)")
                arguments.append(.text(NameMatching.folded(name)))
                plan.append("folded name equal to \"\(NameMatching.folded(name))\" through the side index of names")
            } else {
                conditions.append(ExploreDatabase.foldedNameEquals("m.name"))
                arguments += [.text(NameMatching.folded(name)), .text(NameMatching.folded(name))]
                plan.append("folded name equal to \"\(NameMatching.folded(name))\"")
            }
        }

        let isGiftCard = has("paymentMethod") ? "(m.paymentMethod IS NULL OR \(SQLText.clean("m.paymentMethod")) <> 'dash')" : "1"
        if let method = search.paymentMethod {
            conditions.append(method == .dash ? "NOT \(isGiftCard)" : isGiftCard)
        }
        if !search.types.isEmpty {
            let names = SQLText.literalList(search.types.map(\.rawValue).sorted())
            conditions.append(has("type") ? "\(SQLText.clean("m.type")) IN (\(names))" : "0")
        }
        if let territory = search.territory?.trimmedWhitespace, !territory.isEmpty {
            conditions.append(has("territory") ? "\(SQLText.clean("m.territory")) = lower(?)" : "0")
            if has("territory") { arguments.append(.text(territory)) }
        }

        // Provider and denominations: per provider row on v4 (as Android does), from the merchant row on
        // older files. A provider outside the visible ones has no offers here.
        let offered = search.provider.map { compiled.contains($0) ? [$0] : [] } ?? compiled
        let offeredNames = SQLText.literalList(offered.flatMap(\.info.databaseNames))
        func typeCondition(_ expression: String) -> String {
            switch search.denominations {
            case .flexible?: return "\(expression) IN \(Self.flexibleSpellings)"
            // Anything that is not a known range spelling, NULL included, is fixed (the default).
            case .fixed?: return "(\(expression) IS NULL OR \(expression) NOT IN \(Self.flexibleSpellings))"
            case nil: return "1"
            }
        }
        if schema.hasProviderTable {
            if search.provider != nil || search.denominations != nil {
                let type = SQLText.clean(schema.providerColumn("denominationsType", alias: "g"))
                conditions.append(
                    """
                    m.merchantId IN (SELECT g.merchantId FROM gift_card_providers g \
                    WHERE \(SQLText.clean("g.provider")) IN (\(offeredNames)) AND \(typeCondition(type)))
                    """)
            }
        } else if search.provider != nil || search.denominations != nil {
            // v1–v3: every gift-card merchant is one CTX offer built from its own row.
            conditions.append(offered.contains(.ctx) ? isGiftCard : "0")
            if search.denominations != nil {
                conditions.append(typeCondition(Self.merchantDenominations(schema)))
            }
        }

        var distanceColumn = ""
        if let near = search.near {
            let geo = GeoFilterSQL(near: near, radiusKm: search.radiusKm, alias: "m")
            conditions += geo.conditions
            arguments += geo.arguments
            distanceColumn =
                ", MIN(\(geo.distanceExpression)) AS distance2, m.latitude AS nearestLatitude, "
                + "m.longitude AS nearestLongitude"
        }

        // The discount shown in lists, needed in SQL only to sort by it.
        var discountColumn = ""
        if search.sort == .discount {
            let fallback = has("savingsPercentage") ? "m.savingsPercentage" : "NULL"
            if schema.hasProviderTable {
                joins = """
                     LEFT JOIN (SELECT g.merchantId AS offerMerchantId, \
                    MAX(\(schema.providerColumn("savingsPercentage", alias: "g"))) AS bestDiscount \
                    FROM gift_card_providers g WHERE \(SQLText.clean("g.provider")) IN (\(offeredNames)) \
                    GROUP BY g.merchantId) offers ON offers.offerMerchantId = m.merchantId
                    """
                discountColumn = ", COALESCE(offers.bestDiscount, \(fallback), 0) AS listDiscount"
            } else {
                discountColumn = ", COALESCE(\(fallback), 0) AS listDiscount"
            }
        }

        let order: String
        switch search.sort {
        case .name: order = "m.name COLLATE NOCASE, m.merchantId"
        case .distance where search.near != nil: order = "distance2, m.name COLLATE NOCASE, m.merchantId"
        case .distance: order = "m.name COLLATE NOCASE, m.merchantId"
        case .discount: order = "listDiscount DESC, m.name COLLATE NOCASE, m.merchantId"
        }

        plan += Self.filterPlan(search, schema: schema)
        plan.append("by \(search.sort.rawValue)\(search.sort == .distance && search.near == nil ? " (no point: by name)" : "")")
        plan.append("rows \(max(search.offset, 0) + 1)-\(max(search.offset, 0) + max(search.limit, 0))")
        self.plan = plan.joined(separator: "; ")

        let columns = ExploreColumns.select(
            ["merchantId", "name", "type", "paymentMethod", "savingsPercentage"],
            from: schema.merchantColumns, alias: "m")
        sql = """
            SELECT \(columns), COUNT(m.latitude) AS locationCount, COUNT(*) OVER () AS matchCount, \
            json_group_array(m.rowid) AS rowids\(distanceColumn)\(discountColumn) \
            FROM merchant m\(joins) WHERE \(conditions.joined(separator: " AND ")) \
            GROUP BY m.merchantId\(having) ORDER BY \(order) LIMIT ? OFFSET ?
            """
        self.arguments = arguments + [.integer(Int64(max(search.limit, 0))), .integer(Int64(max(search.offset, 0)))]
    }

    /// SQL for the name in `column` as ``NameMatch/words`` compares it: its words
    /// (``NameMatching/nameWords(_:)``: folded, apostrophes removed, other punctuation a separator) after a
    /// leading space, so that `LIKE '% word%'` finds a word start. Only a name with something other than ASCII
    /// letters, digits and single spaces calls into Swift for it; the others are SQLite's `lower()`. Its cost
    /// per row grows with the name, never with the text searched for.
    static func nameWords(_ column: String) -> String {
        "(' ' || CASE WHEN \(column) GLOB '*[^a-zA-Z0-9 ]*' OR \(ExploreDatabase.needsFolding(column)) "
            + "THEN \(ExploreDatabase.wordsFunction)(\(column)) ELSE lower(\(column)) END)"
    }

    /// The filters of `search` other than the name, in words, as ``plan`` lists them.
    static func filterPlan(_ search: MerchantSearch, schema: ExploreSchema) -> [String] {
        var plan: [String] = []
        if let method = search.paymentMethod { plan.append("paid \(method == .dash ? "in Dash" : "with gift cards")") }
        if !search.types.isEmpty { plan.append("type in (\(search.types.map(\.rawValue).sorted().joined(separator: ", ")))") }
        if let territory = search.territory?.trimmedWhitespace, !territory.isEmpty {
            plan.append("territory \"\(territory)\" (any case)")
        }
        if search.provider != nil || search.denominations != nil {
            let source = schema.hasProviderTable ? "gift_card_providers rows" : "merchant rows (before v4)"
            let what = [
                search.provider.map { "provider \($0.displayName)" }, search.denominations.map { "\($0.rawValue) amounts" },
            ]
            plan.append("\(what.compactMap { $0 }.joined(separator: ", ")) from \(source)")
        }
        if let near = search.near {
            let radius = search.radiusKm
            let shown = radius.rounded() == radius && abs(radius) < 1e15 ? String(Int(radius)) : String(radius)
            plan.append("within \(shown) km of \(near.latitude),\(near.longitude)")
        }
        if !search.includeURLRedeem, schema.merchantHas("redeemType") { plan.append("no URL redeem") }
        return plan
    }

    /// Which `merchant` rows (alias `m`) any list shows: rows with a merchantId; not redeemed through a URL
    /// (hidden in both wallets) unless asked for; not sold only through providers outside `providers`
    /// (``providerVisibility(schema:providers:nameIndex:)``).
    static func visibility(
        schema: ExploreSchema, providers: [GiftCardProvider], includeURLRedeem: Bool, nameIndex: Bool = false
    ) -> [String] {
        rowVisibility(schema: schema, includeURLRedeem: includeURLRedeem, nameIndex: nameIndex)
            + [providerVisibility(schema: schema, providers: providers, nameIndex: nameIndex)].compactMap { $0 }
    }

    /// The conditions of ``visibility(schema:providers:includeURLRedeem:nameIndex:)`` on the row itself.
    /// `nameIndex`: the rows redeemed through a URL are read from the side index (``ExploreNameIndex``), where
    /// their `redeemType` was cleaned once, instead of cleaning each row's (three function calls a row).
    static func rowVisibility(schema: ExploreSchema, includeURLRedeem: Bool, nameIndex: Bool = false) -> [String] {
        var conditions = ["m.merchantId IS NOT NULL", "m.merchantId <> ''"]
        if !includeURLRedeem, schema.merchantHas("redeemType") {
            conditions.append(
                nameIndex
                    ? "m.rowid NOT IN (SELECT row FROM \(ExploreNameIndex.schemaName).url_row)"
                    : "(m.redeemType IS NULL OR \(SQLText.clean("m.redeemType")) <> 'url')")
        }
        return conditions
    }

    /// The condition that merchant `m.merchantId` is not sold only through providers outside `providers`:
    /// none of its `gift_card_providers` rows names another provider, or one names one of `providers`; nil
    /// for a file without the table. It depends on the merchantId alone (a grouped query may test it per
    /// merchant, in `HAVING`).
    ///
    /// `nameIndex`: the side index (``ExploreNameIndex``) has each merchant's providers, cleaned once and keyed
    /// by merchantId: two lookups per merchant tested. Without it, the set of hidden merchants is computed once
    /// per statement from `gift_card_providers`, cleaning every row twice.
    static func providerVisibility(schema: ExploreSchema, providers: [GiftCardProvider], nameIndex: Bool) -> String? {
        guard schema.hasProviderTable else { return nil }
        let names = SQLText.literalList(providers.flatMap(\.info.databaseNames))
        if nameIndex {
            let table = ExploreNameIndex.schemaName + ".merchant_provider"
            return """
                (NOT EXISTS (SELECT 1 FROM \(table) p WHERE p.merchantId = m.merchantId AND p.provider NOT IN (\(names))) \
                OR EXISTS (SELECT 1 FROM \(table) p WHERE p.merchantId = m.merchantId AND p.provider IN (\(names))))
                """
        }
        let provider = SQLText.clean("provider")
        return """
            m.merchantId NOT IN (SELECT merchantId FROM gift_card_providers WHERE \(provider) NOT IN (\(names)) \
            EXCEPT SELECT merchantId FROM gift_card_providers WHERE \(provider) IN (\(names)))
            """
    }

    /// A v1–v3 merchant row's denominations type, cleaned: `denominationsType` when it is a known spelling,
    /// else a legacy `redeemType` (as ``MerchantRecord`` reads it); NULL on v1.
    static func merchantDenominations(_ schema: ExploreSchema) -> String {
        let legacy = schema.merchantHas("redeemType") ? SQLText.clean("m.redeemType") : "NULL"
        guard schema.merchantHas("denominationsType") else { return legacy }
        let current = SQLText.clean("m.denominationsType")
        return "(CASE WHEN \(current) IN \(knownSpellings) THEN \(current) ELSE \(legacy) END)"
    }
}
