import DashSpend
import DashSpendLocking
import Testing

@testable import MerchantLookupCLI

/// Each option is declared once with the type of its value and its parser: the command line is read into typed
/// values when it is parsed, and what a help page, a shell completion or a man page needs is in the declaration.
@Suite("Options carry their value's type and parser; the line is read once, into typed values")
struct OptionDeclarationTests {
    /// Every declaration of every command and the global ones, shared ones repeated.
    static var everyDeclaration: [OptionSpec] {
        GlobalOptions.all + MerchantLookup.commands.flatMap { $0.options }
    }

    @Test("Declarations that share a name share the value's type, its kind and its spellings")
    func sharedNamesShareTheirParser() {
        let byName = Dictionary(grouping: Self.everyDeclaration, by: \.name)
        for (name, declarations) in byName {
            let first = declarations[0]
            for other in declarations.dropFirst() {
                #expect(other.valueType == first.valueType, "\(name)")
                #expect(other.kind == first.kind, "\(name)")
                #expect(other.spellings == first.spellings, "\(name)")
            }
        }
        #expect(Set(MerchantLookup.declaredOptions.map(\.name)).count == MerchantLookup.declaredOptions.count)
    }

    @Test("Each spelling means one option; a value has a placeholder, a kind and a parser, a flag none")
    func declarationsAreComplete() {
        let spellings = MerchantLookup.declaredOptions.flatMap(\.spellings)
        #expect(Set(spellings).count == spellings.count, "a spelling used twice")
        for option in MerchantLookup.declaredOptions {
            #expect(option.name.hasPrefix("--") && !option.help.isEmpty, "\(option.name)")
            #expect(option.takesValue == (option.valueName != nil), "\(option.name)")
            #expect(option.takesValue == (option.kind != nil && option.valueType != nil), "\(option.name)")
        }
        #expect(GlobalOptions.all.allSatisfy { $0.group == .global })
        #expect(FetchPolicyOptions.all.allSatisfy { $0.group == .fetchPolicy })
    }

    @Test("Every word a choice lists is read by its parser, and a word it does not list is refused")
    func choicesAreWhatTheParserReads() throws {
        for option in MerchantLookup.declaredOptions {
            guard let parse = option.parse else { continue }
            switch option.kind {
            case .choice(let words)?, .list(let words)?:
                for word in words { #expect(throws: Never.self, "\(option.name) \(word)") { _ = try parse(word) } }
                #expect(throws: CLIError.self, "\(option.name)") { _ = try parse("no-such-word") }
            default:
                break
            }
        }
    }

    @Test("Values come out typed, repeated ones in order, aliases under the option's name")
    func typedValues() {
        let parsed = ParsedArguments(
            [
                "search", "--sort", "NAME", "--type", "online,both", "--type=physical", "--limit=3", "--near", "30.2,-97.7",
                "-q", "--payment", "Gift Card", "--timeout", "2.5",
            ], options: MerchantLookup.declaredOptions)
        #expect(parsed.failure == nil)
        #expect(parsed.positionals == ["search"])
        #expect(parsed[SearchOptions.sort] == .name)
        #expect(parsed.all(SearchOptions.types) == [[.online, .both], [.physical]])
        #expect(parsed[SharedOptions.limit] == 3)
        #expect(parsed[SharedOptions.near].map { [$0.latitude, $0.longitude] } == [30.2, -97.7])
        #expect(parsed[GlobalOptions.quiet] && !parsed[GlobalOptions.verbose])
        #expect(parsed[SearchOptions.payment] == .giftCard)
        #expect(parsed[GlobalOptions.timeout] == 2.5)
        #expect(parsed[SharedOptions.offset] == nil)
    }

    @Test("A line with a mistake is still read to its end: the first mistake is kept, --json after it counts")
    func mistakesKeepReading() {
        let parsed = ParsedArguments(
            ["search", "--bogus", "--limit", "0", "--db", "--json"], options: MerchantLookup.declaredOptions)
        #expect(parsed.failure?.message == "unknown option --bogus")
        #expect(parsed[GlobalOptions.json])
        let afterEnd = ParsedArguments(["search", "--", "--json"], options: MerchantLookup.declaredOptions)
        #expect(afterEnd.failure == nil)
        #expect(!afterEnd[GlobalOptions.json], "after -- it is an operand")
        #expect(afterEnd.positionals == ["search", "--json"])
        let inlined = ParsedArguments(["--json=yes", "providers"], options: MerchantLookup.declaredOptions)
        #expect(inlined.failure?.message == "--json takes no value")
        #expect(!inlined[GlobalOptions.json])
    }

    @Test("Every option's table is built only for a line that needs it, and reads every line as the full table does")
    func fullTableOnlyWhenNeeded() {
        let builds = Locked(0)
        let table = OptionTable(
            common: MerchantLookup.commonOptions,
            all: {
                builds.withLock { $0 += 1 }
                return MerchantLookup.declaredOptions
            })
        let lines: [(line: [String], needsAll: Bool)] = [
            (["--version"], false),
            (["show", "ID", "--offline", "--json", "--db", "x.db", "--home", "dir"], false),
            (["-v", "providers", "--", "--limit"], false),
            (["search", "Harbor", "--limit", "5"], true),
            (["--sort", "name", "search", "x"], true),
            (["search", "--bogus", "--json"], true),
            (["buy", "x", "--provider", "ctx", "--db", "--json"], true),
        ]
        for (line, needsAll) in lines {
            builds.withLock { $0 = 0 }
            let lazy = ParsedArguments(line, table: table)
            #expect((builds.withLock { $0 } > 0) == needsAll, "\(line)")
            let full = ParsedArguments(line, options: MerchantLookup.declaredOptions)
            #expect(lazy.positionals == full.positionals, "\(line)")
            #expect(lazy.givenOptions == full.givenOptions, "\(line)")
            #expect(lazy.failure?.message == full.failure?.message, "\(line)")
        }
        #expect(MerchantLookup.declaredOptions.flatMap(\.spellings).allSatisfy { $0.hasPrefix("-") })
    }

    @Test("The same option helped for another command keeps its parser")
    func helpingKeepsTheParser() throws {
        #expect(BuyOptions.provider.name == SearchOptions.provider.name)
        #expect(BuyOptions.provider.spec.help != SearchOptions.provider.spec.help)
        let parsed = ParsedArguments(["buy", "x", "--provider", "ctx"], options: MerchantLookup.declaredOptions)
        #expect(parsed[BuyOptions.provider] == .ctx)
        #expect(throws: CLIError.self) { try BuyOptions.provider.parser.read("nobody", "--provider") }
    }
}
