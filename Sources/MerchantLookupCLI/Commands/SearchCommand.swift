import DashSpend

/// `merchant-lookup search [QUERY]`: merchants, one per merchantId, with the discount lists show.
enum SearchCommand: CLICommand {
    static let words = ["search"]
    static let usage = """
        merchant-lookup search [QUERY] [--provider ID] [--type online|physical|both]... [--payment dash|giftcard]
                               [--denominations fixed|flexible] [--territory NAME] [--near LAT,LON [--radius KM]]
                               [--sort name|distance|discount] [--limit N] [--offset N] [--include-url-redeem]
        """
    static let summary = "search merchants by name and filters"
    static var options: [OptionSpec] {
        [
            .value(
                "--provider", "ID",
                help: "only merchants sold through this provider (\(GiftCardProvider.allCases.map(\.id).joined(separator: ", ")))"
            ),
            .value("--type", "TYPE", help: "online, physical or both (repeatable, or comma-separated)"),
            .value("--payment", "METHOD", help: "dash or giftcard"),
            .value("--denominations", "TYPE", help: "fixed or flexible", validation: .choice(["fixed", "flexible"])),
            .value("--territory", "NAME", help: "merchants with a location in this territory (see `territories`)"),
            SharedOptions.near, SharedOptions.radius,
            .value(
                "--sort", "ORDER", help: "name, distance (needs --near) or discount",
                validation: .choice(["name", "distance", "discount"])),
            SharedOptions.limit, SharedOptions.offset,
            .flag("--include-url-redeem", help: "also merchants redeemed only through a URL"),
        ]
    }
    static let maximumOperands = Int.max

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let search = try makeSearch(invocation)
        let client = try invocation.client()
        let page = try await invocation.perform { () throws(DashSpendFailure) in try client.search(search) }
        ProvenanceOutput.noteIfStale(client, invocation)
        return invocation.json ? json(page) : text(page, search: search)
    }

    static func makeSearch(_ invocation: Invocation) throws(CLIError) -> MerchantSearch {
        let arguments = invocation.arguments
        var search = MerchantSearch()
        let query = invocation.operands(after: words.count).joined(separator: " ")
        search.text = query.isEmpty ? nil : query
        search.provider = try invocation.provider()
        for raw in arguments.all("--type") {
            for part in raw.split(separator: ",") {
                let type = MerchantType(parsing: String(part))
                guard type != .unknown else { throw .usage("--type must be online, physical or both, not \(part)") }
                search.types.insert(type)
            }
        }
        if let raw = arguments.value("--payment") {
            switch raw.lowercased().filter({ $0.isLetter }) {
            case "dash": search.paymentMethod = .dash
            case "giftcard": search.paymentMethod = .giftCard
            default: throw .usage("--payment must be dash or giftcard, not \(raw)")
            }
        }
        if let raw = arguments.value("--denominations") {
            guard let type = DenominationsType(parsing: raw) else {
                throw .usage("--denominations must be fixed or flexible, not \(raw)")
            }
            search.denominations = type
        }
        search.territory = arguments.value("--territory")
        search.near = try point(invocation)
        if let radius = arguments.number("--radius") {
            guard search.near != nil else { throw .usage("--radius needs --near LAT,LON") }
            search.radiusKm = radius
        }
        if let raw = arguments.value("--sort") {
            guard let sort = MerchantSort(rawValue: raw.lowercased()) else {
                throw .usage("--sort must be name, distance or discount, not \(raw)")
            }
            if sort == .distance, search.near == nil { throw .usage("--sort distance needs --near LAT,LON") }
            search.sort = sort
        } else if search.near != nil {
            search.sort = .distance
        }
        search.limit = arguments.integer("--limit") ?? 100
        search.offset = arguments.integer("--offset") ?? 0
        search.includeURLRedeem = arguments.flag("--include-url-redeem")
        return search
    }

    /// `--near LAT,LON`, validated.
    static func point(_ invocation: Invocation) throws(CLIError) -> GeoPoint? {
        guard let raw = invocation.arguments.value("--near") else { return nil }
        guard let point = GeoPoint(parsing: raw) else {
            throw .usage("--near must be LAT,LON in degrees (e.g. 30.2672,-97.7431), not \(raw)")
        }
        return point
    }

    static func json(_ page: MerchantSearchPage) -> String {
        let merchants = page.merchants.map { merchant -> JSONDocument in
            var members: [(String, JSONDocument)] = [
                ("merchantId", .string(merchant.merchantId)),
                ("name", .string(merchant.name)),
                ("type", .string(merchant.type.rawValue)),
                ("paymentMethod", .string(merchant.paymentMethod.rawValue)),
                ("discountBasisPoints", .integer(merchant.discountBasisPoints)),
                ("providers", .array(merchant.providers.map { .string($0.displayName) })),
            ]
            if let distance = merchant.distanceKm { members.append(("distanceKm", .double(distance))) }
            if let count = merchant.locationCount { members.append(("locationCount", .integer(count))) }
            return .object(members)
        }
        return JSONDocument.object([
            ("merchants", .array(merchants)), ("offset", .integer(page.offset)), ("limit", .integer(page.limit)),
        ]).serialized() + "\n"
    }

    static func text(_ page: MerchantSearchPage, search: MerchantSearch) -> String {
        guard !page.merchants.isEmpty else { return "no merchants found\n" }
        let showDistance = search.near != nil
        var header = ["NAME", "TYPE", "DISCOUNT", "PROVIDERS", "ID"]
        if showDistance { header.insert("DISTANCE", at: 1) }
        let rows = page.merchants.map { merchant -> [String] in
            var row = [
                merchant.name, merchant.type.rawValue, OutputFormat.discount(merchant.discountBasisPoints),
                merchant.paymentMethod == .dash ? "pays in Dash" : merchant.providers.map(\.displayName).joined(separator: ", "),
                merchant.merchantId,
            ]
            if showDistance {
                let count = merchant.locationCount ?? 0
                row.insert(
                    (merchant.distanceKm.map(OutputFormat.distance) ?? "?")
                        + (count > 1 ? " (\(count) places)" : ""), at: 1)
            }
            return row
        }
        return OutputFormat.table(header, rows)
    }
}
