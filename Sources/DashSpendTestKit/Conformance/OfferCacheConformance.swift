public import DashSpend
public import DashSpendCore
public import Testing

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks every ``OfferCache`` (the store of the providers' last live answers) must pass, to run from a
/// Swift Testing test against your own store.
///
/// ```swift
/// @Test func myOfferStoreConforms() async throws {
///     try await OfferCacheConformance(makeCache: { try MyOfferStore(path: scratch.uniqueFile()) }).run()
/// }
/// ```
///
/// Each failure is recorded as a Swift Testing issue at the line that called ``run(sourceLocation:)``, with
/// a message that names the check (`OfferCacheConformance: round trip: ...`).
///
/// ## Implementation requirements
/// - `makeCache` returns a new, empty store each time it is called.
/// - ``OfferCache/load(_:sourceId:)`` of nothing returns nil.
/// - ``OfferCache/save(_:)`` then `load` returns an equal answer: every field, including `fetchedAt`,
///   decimal denominations and the provider's raw fields (``ProviderMerchantDetails/raw``), and an answer
///   whose optional fields are all nil.
/// - Answers are filed per provider and `sourceId`: one never comes back for another.
/// - A later save for the same provider and `sourceId` replaces the earlier answer.
/// - Saves from concurrent tasks for different merchants all land.
/// - A save that fails leaves the previous answer readable. This check runs only when you pass
///   `breakWrites`: a closure that makes the next saves of the store it is given fail and returns a closure
///   that undoes that (for a database file: hold an exclusive lock from a second connection).
public struct OfferCacheConformance: Sendable {
    /// Makes the saves of a store fail; the closure it returns makes them work again.
    public typealias BreakWrites = @Sendable (any OfferCache) async throws -> @Sendable () async throws -> Void

    /// The checks, in the order ``run(sourceLocation:)`` runs them.
    public static let checks = [
        "empty load", "round trip", "filed per provider and sourceId", "newer answer replaces older",
        "concurrent saves", "failed write keeps the old answer",
    ]

    private let makeCache: @Sendable () throws -> any OfferCache
    private let breakWrites: BreakWrites?
    private let providers: [GiftCardProvider]

    /// Creates the suite.
    ///
    /// - Parameters:
    ///   - providers: the providers to file answers for (default: every provider compiled into this build).
    ///   - breakWrites: makes saves fail, for the "failed write keeps the old answer" check; nil skips it.
    ///   - makeCache: returns a new, empty store; called once per check.
    public init(
        providers: [GiftCardProvider] = GiftCardProvider.allCases, breakWrites: BreakWrites? = nil,
        makeCache: @escaping @Sendable () throws -> any OfferCache
    ) {
        self.makeCache = makeCache
        self.breakWrites = breakWrites
        self.providers = providers
    }

    /// Runs every check; failures are recorded as issues at `sourceLocation`.
    ///
    /// - Returns: what ran, what was skipped and how many issues were recorded.
    /// - Throws: only when `makeCache` throws (the suite cannot run).
    @discardableResult
    public func run(sourceLocation: SourceLocation = #_sourceLocation) async throws -> ConformanceResult {
        let recorder = ConformanceRecorder(suite: "OfferCacheConformance", location: sourceLocation)
        try emptyLoad(makeCache(), recorder)
        try roundTrip(makeCache(), recorder)
        try filedApart(makeCache(), recorder)
        try replacement(makeCache(), recorder)
        try await concurrentSaves(makeCache(), recorder)
        var skipped: [String] = []
        if let breakWrites {
            try await failedWrite(makeCache(), breakWrites, recorder)
        } else {
            skipped.append("failed write keeps the old answer")
        }
        return ConformanceResult(
            checks: Self.checks.filter { !skipped.contains($0) }, skipped: skipped, failureCount: recorder.failureCount)
    }

    // MARK: - Checks

    private func emptyLoad(_ cache: any OfferCache, _ recorder: ConformanceRecorder) {
        for provider in providers {
            let loaded: ProviderMerchantDetails?
            do {
                loaded = try cache.load(provider, sourceId: "kit-merchant-0")
            } catch {
                recorder.fail("empty load", "load(\(provider.id), kit-merchant-0) of an empty store threw \(error)")
                continue
            }
            recorder.expect(
                loaded == nil, "empty load",
                "load(\(provider.id), kit-merchant-0) of an empty store returned \(String(describing: loaded))")
        }
    }

    private func roundTrip(_ cache: any OfferCache, _ recorder: ConformanceRecorder) {
        for (index, provider) in providers.enumerated() {
            let fixed = Self.answer(provider, "kit-fixed-\(index)", version: 1)
            let flexible = ProviderMerchantDetails(
                provider: provider, sourceId: "kit-flexible-\(index)", name: "Flexible \(index)", enabled: false,
                discountBasisPoints: -150, denominationsType: .flexible,
                denominations: .flexible(minimum: 5, maximum: Decimal(string: "499.99")!),
                fetchedAt: Date(timeIntervalSince1970: 1_760_000_123.25))
            let bare = ProviderMerchantDetails(
                provider: provider, sourceId: "kit-bare-\(index)", enabled: nil, discountBasisPoints: nil,
                denominationsType: nil, denominations: nil, fetchedAt: Date(timeIntervalSince1970: 1_760_000_000))
            for answer in [fixed, flexible, bare] {
                save("round trip", cache, answer, recorder)
                expectLoad("round trip", cache, answer.provider, answer.sourceId, answer, recorder)
            }
        }
    }

    private func filedApart(_ cache: any OfferCache, _ recorder: ConformanceRecorder) {
        let check = "filed per provider and sourceId"
        var saved: [ProviderMerchantDetails] = []
        for (index, provider) in providers.enumerated() {
            // The same sourceId at every provider, plus one more per provider.
            saved.append(Self.answer(provider, "kit-shared", version: index + 1))
            saved.append(Self.answer(provider, "kit-own-\(index)", version: index + 10))
        }
        for answer in saved { save(check, cache, answer, recorder) }
        for answer in saved { expectLoad(check, cache, answer.provider, answer.sourceId, answer, recorder) }
        for provider in providers {
            expectLoad(check, cache, provider, "kit-never-saved", nil, recorder)
            expectLoad(check, cache, provider, "kit-shared ", nil, recorder)
        }
    }

    private func replacement(_ cache: any OfferCache, _ recorder: ConformanceRecorder) {
        let provider = providers[0]
        let older = Self.answer(provider, "kit-replaced", version: 1)
        let newer = Self.answer(provider, "kit-replaced", version: 2)
        save("newer answer replaces older", cache, older, recorder)
        save("newer answer replaces older", cache, newer, recorder)
        expectLoad("newer answer replaces older", cache, provider, "kit-replaced", newer, recorder)
    }

    private func concurrentSaves(_ cache: any OfferCache, _ recorder: ConformanceRecorder) async {
        let provider = providers[0]
        let answers = (0..<16).map { Self.answer(provider, "kit-concurrent-\($0)", version: $0) }
        let failures = await withTaskGroup(of: String?.self) { group in
            for answer in answers {
                group.addTask {
                    do {
                        try cache.save(answer)
                        return nil
                    } catch {
                        return "save(\(answer.sourceId)) threw \(error)"
                    }
                }
            }
            var failures: [String] = []
            for await failure in group {
                if let failure { failures.append(failure) }
            }
            return failures
        }
        for failure in failures.sorted() { recorder.fail("concurrent saves", failure) }
        for answer in answers {
            expectLoad("concurrent saves", cache, provider, answer.sourceId, answer, recorder)
        }
    }

    private func failedWrite(_ cache: any OfferCache, _ breakWrites: BreakWrites, _ recorder: ConformanceRecorder) async {
        let check = "failed write keeps the old answer"
        let provider = providers[0]
        let older = Self.answer(provider, "kit-kept", version: 1)
        save(check, cache, older, recorder)
        let restore: @Sendable () async throws -> Void
        do {
            restore = try await breakWrites(cache)
        } catch {
            recorder.fail(check, "breakWrites threw \(error)")
            return
        }
        var saveFailed = false
        do {
            try cache.save(Self.answer(provider, "kit-kept", version: 2))
        } catch {
            saveFailed = true
        }
        do {
            try await restore()
        } catch {
            recorder.fail(check, "the closure breakWrites returned threw \(error)")
        }
        recorder.expect(saveFailed, check, "a save succeeded (did not throw) while breakWrites had made writes fail")
        expectLoad(check, cache, provider, "kit-kept", older, recorder)
    }

    // MARK: - Helpers

    private func save(
        _ check: String, _ cache: any OfferCache, _ answer: ProviderMerchantDetails, _ recorder: ConformanceRecorder
    ) {
        do {
            try cache.save(answer)
        } catch {
            recorder.fail(check, "save(\(answer.provider.id), \(answer.sourceId)) threw \(error)")
        }
    }

    private func expectLoad(
        _ check: String, _ cache: any OfferCache, _ provider: GiftCardProvider, _ sourceId: String,
        _ expected: ProviderMerchantDetails?, _ recorder: ConformanceRecorder
    ) {
        let loaded: ProviderMerchantDetails?
        do {
            loaded = try cache.load(provider, sourceId: sourceId)
        } catch {
            recorder.fail(check, "load(\(provider.id), \"\(sourceId)\") threw \(error)")
            return
        }
        recorder.expect(
            loaded == expected, check,
            "load(\(provider.id), \"\(sourceId)\") returned \(String(describing: loaded)), expected \(String(describing: expected))"
        )
    }

    /// A full answer whose values all depend on `version`, so two versions differ in every field.
    static func answer(_ provider: GiftCardProvider, _ sourceId: String, version: Int) -> ProviderMerchantDetails {
        ProviderMerchantDetails(
            provider: provider, sourceId: sourceId, name: "Merchant \(sourceId) v\(version)", enabled: version % 2 == 1,
            discountBasisPoints: 100 + version, denominationsType: .fixed,
            denominations: .fixed([10, 25, Decimal(string: "12.5")!, Decimal(version + 1)]),
            fetchedAt: Date(timeIntervalSince1970: 1_760_000_000 + Double(version) * 60),
            raw: .object([
                "id": .string(sourceId), "savingsPercentage": .number(Decimal(100 + version)),
                "denominations": .array([.string("10"), .number(25), .string("12.50")]), "enabled": .null,
            ]))
    }
}
