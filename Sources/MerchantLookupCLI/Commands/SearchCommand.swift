import DashSpend

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `merchant-lookup search [QUERY]`: merchants, one per merchantId, with the discount lists show and whether
/// each can be bought now as the explore database says (asking nobody, touching no state); with
/// `--live`, `--refresh` or `--max-age SECONDS`, every merchant of the page resolved through the service
/// under the fetch policy that option gives `show` (``FetchPolicyOptions``): `--live` network only (strict),
/// `--refresh` network first, `--max-age` cache first.
enum SearchCommand: CLICommand {
    static let words = ["search"]
    static let usage = """
        merchant-lookup search [QUERY] [--provider ID] [--type online|physical|both]... [--payment dash|giftcard]
                               [--denominations fixed|flexible] [--territory NAME] [--near LAT,LON [--radius KM]]
                               [--sort name|distance|discount] [--limit N] [--offset N] [--include-url-redeem]
                               [--live | --refresh | --max-age SECONDS] [--budget DASH [--rate FIAT_PER_DASH]]
        """
    static let summary = "search merchants by name and filters"
    static let options =
        [
            SearchOptions.provider.spec, SearchOptions.types.spec, SearchOptions.payment.spec,
            SearchOptions.denominations.spec, SearchOptions.territory.spec, SharedOptions.near.spec,
            SharedOptions.radius.spec, SearchOptions.sort.spec, SharedOptions.limit.spec, SharedOptions.offset.spec,
            SearchOptions.includeURLRedeem.spec, SearchOptions.budget.spec, SearchOptions.rate.spec,
        ] + FetchPolicyOptions.all
    static let maximumOperands = Int.max

    static func run(_ invocation: Invocation) async throws(CLIError) -> String {
        let search = try makeSearch(invocation)
        if let dash = invocation[SearchOptions.budget] { return try await runBudget(invocation, search: search, dash: dash) }
        if invocation[SearchOptions.rate] != nil { throw .usage("--rate is the rate of --budget: add --budget DASH") }
        // A fetch-policy option makes search resolve every merchant of the page (each under the policy it gives show).
        if let option = FetchPolicyOptions.given(invocation) {
            if invocation.offline { throw .usage("\(option.name) and --offline cannot be used together") }
            return try await runLive(invocation, search: search, policy: try FetchPolicyOptions.policy(invocation))
        }
        let client = try invocation.client()
        let page = try await invocation.perform { () async throws in try await client.searchFromDatabase(search) }
        ProvenanceOutput.noteAboutData(client, invocation)
        if page.rows.isEmpty { noteUnknownTerritory(search, client: client, invocation) }
        return invocation.json ? json(page) : text(page, search: search, offline: invocation.offline)
    }

    /// `search --live` (or `--refresh`, `--max-age`): the page with every merchant resolved under `policy`;
    /// a merchant that fails says why in its row. Fails as a whole (with the first merchant's failure) only
    /// when no merchant with offers resolved.
    static func runLive(_ invocation: Invocation, search: MerchantSearch, policy: FetchPolicy) async throws(CLIError)
        -> String
    {
        let client = try invocation.client()
        let resolved = try await invocation.perform { () async throws in
            try await client.search(search, policy: policy)
        }
        ProvenanceOutput.noteAboutData(client, invocation)
        if resolved.rows.isEmpty { noteUnknownTerritory(search, client: client, invocation) }
        let anyResolved = resolved.rows.contains { $0.resolved?.offers.isEmpty == false }
        if !anyResolved, let failure = resolved.rows.lazy.compactMap(\.failure).first {
            throw invocation.error(failure)
        }
        return invocation.json
            ? json(resolved, network: invocation.network) : text(resolved, search: search, network: invocation.network)
    }

    /// `search --budget DASH`: the merchants of the page whose cards fit that much Dash, each resolved under
    /// the fetch policy (cache first by default, as `show`; `--offline` from stored answers and the stored
    /// rate), with the largest card each gives.
    static func runBudget(_ invocation: Invocation, search: MerchantSearch, dash: Decimal) async throws(CLIError)
        -> String
    {
        let policy = try FetchPolicyOptions.policy(invocation)
        let rate = invocation[SearchOptions.rate]
        let client = try invocation.client()
        let budget = try await invocation.perform { () async throws in
            try await client.budget(dash, search: search, policy: policy, rate: rate)
        }
        ProvenanceOutput.noteAboutData(client, invocation)
        return invocation.json ? BudgetOutput.json(budget) : BudgetOutput.text(budget, offline: invocation.offline)
    }

    /// On stderr (not with `--quiet`), when `--territory` names no territory of the database: that
    /// territories are full names, and the closest ones.
    static func noteUnknownTerritory(_ search: MerchantSearch, client: DashSpendClient, _ invocation: Invocation) {
        // A hint only: a database that cannot be read is said by the search this note goes with.
        guard !invocation.quiet, let territory = search.territory,
            let candidates = try? client.territoryCandidates(for: territory)
        else { return }
        let suggestion =
            candidates.isEmpty
            ? ""
            : " (did you mean \(candidates.map { TerminalText.sanitized($0, keepingNewlines: false) }.joined(separator: " or "))?)"
        invocation.standardError.writeLine(
            "note: no territory is named \(TerminalText.sanitized(territory, keepingNewlines: false)): territories are "
                + "full names\(suggestion); `merchant-lookup territories` lists them")
    }

    static func makeSearch(_ invocation: Invocation) throws(CLIError) -> MerchantSearch {
        var search = MerchantSearch()
        let query = invocation.operands(after: words.count).joined(separator: " ")
        search.text = query.isEmpty ? nil : query
        search.provider = invocation[SearchOptions.provider]
        search.types.formUnion(invocation.all(SearchOptions.types).joined())
        // A merchant of type both sells online too.
        if search.types.contains(.online) { search.types.insert(.both) }
        search.paymentMethod = invocation[SearchOptions.payment]
        search.denominations = invocation[SearchOptions.denominations]
        search.territory = invocation[SearchOptions.territory]
        search.near = invocation[SharedOptions.near]
        if let radius = invocation[SharedOptions.radius] {
            guard search.near != nil else { throw .usage("--radius needs --near LAT,LON") }
            search.radiusKm = radius
        }
        if let sort = invocation[SearchOptions.sort] {
            if sort == .distance, search.near == nil { throw .usage("--sort distance needs --near LAT,LON") }
            search.sort = sort
        } else if search.near != nil {
            search.sort = .distance
        }
        search.limit = invocation[SharedOptions.limit] ?? 100
        search.offset = invocation[SharedOptions.offset] ?? 0
        search.includeURLRedeem = invocation[SearchOptions.includeURLRedeem]
        return search
    }

    /// The page of a plain search: each merchant as the database has it, with `available` (whether it can be
    /// bought now, as the explore database says, and that source).
    static func json(_ page: ResolvedSearchPage) -> String {
        let merchants = page.rows.map { row -> JSONDocument in
            var members = summaryMembers(row.summary)
            if case .success(let merchant) = row.outcome {
                members.append(
                    (
                        "available",
                        .object(ShowCommand.resolvedMembers(.bool(merchant.enabled.value), merchant.enabled, of: merchant))
                    ))
            } else {
                members.append(("available", .null))
            }
            return .object(members)
        }
        return JSONDocument.object([
            ("merchants", .array(merchants)), ("offset", .integer(page.page.offset)), ("limit", .integer(page.page.limit)),
            ("total", .integer(page.page.total)), suggestionsMember(page.page),
        ]).serialized() + "\n"
    }

    /// The page as ``json(_:)`` prints it, each merchant with `resolved` (its enabled state and discount
    /// with their sources, and each offer's) or `error` (`code`, `message`).
    static func json(_ resolved: ResolvedSearchPage, network: DashSpendNetwork) -> String {
        let merchants = resolved.rows.map { row -> JSONDocument in
            var members = summaryMembers(row.summary)
            switch row.outcome {
            case .success(let merchant):
                members.append(("resolved", .object(resolvedMembers(merchant))))
            case .failure(let failure):
                let error = CLIError(failure, network: network)
                members.append(("error", .object([("code", .string(error.name)), ("message", .string(error.message))])))
            }
            return .object(members)
        }
        let page = resolved.page
        return JSONDocument.object([
            ("merchants", .array(merchants)), ("offset", .integer(page.offset)), ("limit", .integer(page.limit)),
            ("total", .integer(page.total)), suggestionsMember(page),
        ]).serialized() + "\n"
    }

    /// `enabled` and `discountBasisPoints` of the merchant (its first offer's; for a merchant without offers
    /// its own), each with its source, and its offers in rank order.
    static func resolvedMembers(_ merchant: ResolvedMerchant) -> [(String, JSONDocument)] {
        let offers = merchant.offers.map { offer -> JSONDocument in
            var members: [(String, JSONDocument)] = [
                ("provider", .string(offer.provider.displayName)),
                ("enabled", .object(ShowCommand.resolvedMembers(.bool(offer.enabled.value), offer.enabled, of: merchant))),
                (
                    "discountBasisPoints",
                    .object(
                        ShowCommand.resolvedMembers(
                            .integer(offer.discountBasisPoints.value), offer.discountBasisPoints, of: merchant))
                ),
            ]
            if let error = offer.liveError { members.append(("liveError", .string(error.description))) }
            return .object(members)
        }
        var members: [(String, JSONDocument)] = [
            ("enabled", .object(ShowCommand.resolvedMembers(.bool(merchant.enabled.value), merchant.enabled, of: merchant)))
        ]
        if let first = merchant.offers.first {
            members.append(
                (
                    "discountBasisPoints",
                    .object(
                        ShowCommand.resolvedMembers(
                            .integer(first.discountBasisPoints.value), first.discountBasisPoints, of: merchant))
                ))
        }
        members.append(("offers", .array(offers)))
        return members
    }

    /// One merchant's members as the database has them.
    static func summaryMembers(_ merchant: MerchantSummary) -> [(String, JSONDocument)] {
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
        return members
    }

    /// The table of a plain search: name, (distance,) type, discount, whether it can be bought now (`no`
    /// marks a merchant whose offers are all inactive), providers, id; then where the availability comes from.
    static func text(_ page: ResolvedSearchPage, search: MerchantSearch, offline: Bool) -> String {
        guard !page.rows.isEmpty else { return nothingShown(page.page) }
        var header = ["NAME", "TYPE", "DISCOUNT", "AVAILABLE", "PROVIDERS", "ID"]
        if search.near != nil { header.insert("DISTANCE", at: 1) }
        let availability = search.near != nil ? 4 : 3  // after the discount
        let rows = page.rows.map { row -> [String] in
            var line = cells(row.summary, discount: OutputFormat.discount(row.summary.discountBasisPoints), search: search)
            line.insert(row.resolved.map { $0.enabled.value ? "yes" : "no" } ?? "?", at: availability)
            return line
        }
        let source =
            offline
            ? "AVAILABLE: as the explore database says (offline)\n"
            : "AVAILABLE: as the explore database says; --refresh asks the providers\n"
        return OutputFormat.table(header, rows) + shown(page.page) + source
    }

    /// What an empty page says: that the page is past the last of the merchants found (`no merchants on this
    /// page (36 in all)`), or that none was found, with the closest names when the library has some
    /// (`no merchants found: did you mean Macy's?`).
    static func nothingShown(_ page: MerchantSearchPage) -> String {
        if page.total > 0 { return "no merchants on this page (\(page.total) in all)\n" }
        guard !page.suggestions.isEmpty else { return "no merchants found\n" }
        let names = page.suggestions.map { TerminalText.sanitized($0.name, keepingNewlines: false) }
        return "no merchants found: did you mean \(names.joined(separator: " or "))?\n"
    }

    /// The `suggestions` member of a page's JSON: the merchants the text may have meant when it matched none
    /// (`merchantId`, `name`, `type`, as an error's `candidates`), empty otherwise.
    static func suggestionsMember(_ page: MerchantSearchPage) -> (String, JSONDocument) {
        let objects = page.suggestions.map { candidate -> JSONDocument in
            .object([
                ("merchantId", .string(candidate.merchantId)), ("name", .string(candidate.name)),
                ("type", .string(candidate.type.rawValue)),
            ])
        }
        return ("suggestions", .array(objects))
    }

    /// `showing 5 of 36 merchants` (`showing 7-10 of 36 merchants` from an offset) when the page is not all of
    /// them; empty when it is.
    static func shown(_ page: MerchantSearchPage) -> String {
        let count = page.merchants.count
        guard count < page.total else { return "" }
        let range = page.offset == 0 ? "\(count)" : "\(page.offset + 1)-\(page.offset + count)"
        return "showing \(range) of \(page.total) merchants\n"
    }

    /// The table of ``text(_:search:offline:)`` with the resolved discount and availability, each with its source
    /// as show tags it (`save 3.25% [live]`, `yes [cached 12 min ago]`); a merchant that could not be
    /// resolved shows its database discount, `failed`, and its failure in a line under the table. A provider
    /// that could not answer while a stored or local value stood in (`--refresh`) is named under the table too.
    static func text(_ resolved: ResolvedSearchPage, search: MerchantSearch, network: DashSpendNetwork) -> String {
        guard !resolved.rows.isEmpty else { return nothingShown(resolved.page) }
        var header = ["NAME", "TYPE", "DISCOUNT", "AVAILABLE", "PROVIDERS", "ID"]
        if search.near != nil { header.insert("DISTANCE", at: 1) }
        var failures: [String] = []
        var unanswered: [String] = []
        let availability = search.near != nil ? 4 : 3  // after the discount
        let rows = resolved.rows.map { row -> [String] in
            let summary = row.summary
            var line: [String]
            switch row.outcome {
            case .success(let merchant):
                let discount =
                    merchant.offers.first.map {
                        "\(OutputFormat.discount($0.discountBasisPoints.value)) \(ShowCommand.tag($0.discountBasisPoints, of: merchant))"
                    } ?? OutputFormat.discount(summary.discountBasisPoints)
                line = cells(summary, discount: discount, search: search)
                line.insert(
                    "\(merchant.enabled.value ? "yes" : "no") \(ShowCommand.tag(merchant.enabled, of: merchant))",
                    at: availability)
                for offer in merchant.offers {
                    guard let error = offer.liveError else { continue }
                    if case .signInRequired = error { continue }
                    unanswered.append(
                        "\(summary.name) (\(summary.merchantId)): \(offer.provider.displayName): \(error.description)")
                }
            case .failure(let failure):
                line = cells(summary, discount: OutputFormat.discount(summary.discountBasisPoints), search: search)
                line.insert("failed", at: availability)
                failures.append("\(summary.name) (\(summary.merchantId)): \(CLIError(failure, network: network).line)")
            }
            return line
        }
        let notes =
            failures.map { "failed: " + TerminalText.sanitized($0, keepingNewlines: false) + "\n" }
            + unanswered.map { "not live: " + TerminalText.sanitized($0, keepingNewlines: false) + "\n" }
        return OutputFormat.table(header, rows) + shown(resolved.page) + notes.joined()
    }

    /// A row of the list: name, (distance,) type, `discount`, providers, id.
    static func cells(_ merchant: MerchantSummary, discount: String, search: MerchantSearch) -> [String] {
        var row = [
            merchant.name, merchant.type.rawValue, discount,
            merchant.paymentMethod == .dash ? "pays in Dash" : merchant.providers.map(\.displayName).joined(separator: ", "),
            merchant.merchantId,
        ]
        if search.near != nil {
            let count = merchant.locationCount ?? 0
            row.insert(
                (merchant.distanceKm.map(OutputFormat.distance) ?? "?") + (count > 1 ? " (\(count) places)" : ""), at: 1)
        }
        return row
    }
}
