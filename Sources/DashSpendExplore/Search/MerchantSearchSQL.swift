import DashSpendCore

/// Turns a ``MerchantSearch`` into the page query for one file's schema.
///
/// A page costs two statements whatever its size: this one (merchants grouped by `merchantId`, filtered,
/// sorted, limited), then one for the providers of the page's merchants. Nothing is spliced in from the
/// user: text, territory and coordinates are bound parameters.
struct MerchantSearchSQL {
    let sql: String
    let arguments: [SQLiteValue]

    init(search: MerchantSearch, schema: ExploreSchema, compiled: [GiftCardProvider]) {
        var conditions = ["m.merchantId IS NOT NULL", "m.merchantId <> ''"]
        var arguments: [SQLiteValue] = []
        var joins = ""
        let has = schema.merchantHas
        let compiledNames = SQLText.literalList(compiled.flatMap(\.info.databaseNames))

        // Name.
        if let text = search.text?.trimmedWhitespace, !text.isEmpty {
            if schema.hasMerchantSearchIndex, let match = SQLText.ftsPhrasePrefix(text) {
                conditions.append("m.rowid IN (SELECT docid FROM merchant_fts WHERE merchant_fts MATCH ?)")
                arguments.append(.text(match))
            } else {
                conditions.append("m.name LIKE ? ESCAPE '\\'")
                arguments.append(.text(SQLText.likeContains(text)))
            }
        }

        if let name = search.exactName {
            conditions.append("m.name = ? COLLATE NOCASE")
            arguments.append(.text(name.trimmedWhitespace))
        }

        // Hidden as in both wallets: merchants redeemed through a URL.
        if !search.includeURLRedeem, has("redeemType") {
            conditions.append("(m.redeemType IS NULL OR lower(trim(m.redeemType)) <> 'url')")
        }

        // Merchants sold only through providers this build does not include.
        if schema.hasProviderTable {
            conditions.append(
                """
                m.merchantId NOT IN (SELECT merchantId FROM gift_card_providers WHERE lower(provider) NOT IN (\(compiledNames)) \
                EXCEPT SELECT merchantId FROM gift_card_providers WHERE lower(provider) IN (\(compiledNames)))
                """)
        }

        let isGiftCard = has("paymentMethod") ? "(m.paymentMethod IS NULL OR lower(trim(m.paymentMethod)) <> 'dash')" : "1"
        if let method = search.paymentMethod {
            conditions.append(method == .dash ? "NOT \(isGiftCard)" : isGiftCard)
        }

        if !search.types.isEmpty {
            let names = SQLText.literalList(search.types.map(\.rawValue).sorted())
            conditions.append(has("type") ? "lower(trim(m.type)) IN (\(names))" : "0")
        }

        if let territory = search.territory?.trimmedWhitespace, !territory.isEmpty {
            conditions.append(has("territory") ? "trim(m.territory) = ? COLLATE NOCASE" : "0")
            if has("territory") { arguments.append(.text(territory)) }
        }

        // Provider and denominations: per provider row on v4, from the merchant row on older files.
        let denominationCondition: (String) -> String = { column in
            switch search.denominations {
            case .fixed?: return "lower(trim(\(column))) IN ('fixed', 'option')"
            case .flexible?: return "lower(trim(\(column))) IN ('min-max', 'min-max-major', 'range', 'flexible')"
            case nil: return "1"
            }
        }
        let offeredNames = search.provider.map { SQLText.literalList($0.info.databaseNames) } ?? compiledNames
        if schema.hasProviderTable {
            if search.provider != nil || search.denominations != nil {
                conditions.append(
                    """
                    m.merchantId IN (SELECT merchantId FROM gift_card_providers WHERE lower(provider) IN (\(offeredNames)) \
                    AND \(denominationCondition("denominationsType")))
                    """)
            }
        } else if search.provider != nil || search.denominations != nil {
            // v1–v3: every gift-card merchant is one CTX offer built from its own row.
            conditions.append(search.provider.map { $0 == .ctx } ?? true ? isGiftCard : "0")
            if search.denominations != nil {
                let column = has("denominationsType") ? "m.denominationsType" : has("redeemType") ? "m.redeemType" : nil
                if let column {
                    let typed = denominationCondition(column)
                    // A row with no known type is fixed (the default).
                    conditions.append(
                        search.denominations == .fixed
                            ? "(\(typed) OR \(column) IS NULL OR lower(trim(\(column))) NOT IN ('min-max', 'min-max-major', 'range', 'flexible'))"
                            : typed)
                } else if search.denominations == .flexible {
                    conditions.append("0")
                }
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
                     LEFT JOIN (SELECT merchantId AS offerMerchantId, MAX(savingsPercentage) AS bestDiscount \
                    FROM gift_card_providers WHERE lower(provider) IN (\(offeredNames)) GROUP BY merchantId) offers \
                    ON offers.offerMerchantId = m.merchantId
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

        let columns = ExploreColumns.select(
            ["merchantId", "name", "type", "paymentMethod", "savingsPercentage"],
            from: schema.merchantColumns, alias: "m")
        sql = """
            SELECT \(columns), COUNT(m.latitude) AS locationCount\(distanceColumn)\(discountColumn) \
            FROM merchant m\(joins) WHERE \(conditions.joined(separator: " AND ")) \
            GROUP BY m.merchantId ORDER BY \(order) LIMIT ? OFFSET ?
            """
        self.arguments = arguments + [.integer(Int64(max(search.limit, 0))), .integer(Int64(max(search.offset, 0)))]
    }
}
