import DashSpendCore
import DashSpendTestSupport
import Foundation
import Testing

/// `JSONValueParser` against `JSONDecoder`: whatever the parser reads, it reads as `JSONDecoder` does (the
/// same tree, and every number with the same digits), and it reads the texts this package meets.
@Suite("JSON value parser")
struct JSONValueParserTests {
    /// Random documents, written with random spacing and escapes: the parser reads every one, as
    /// `JSONDecoder` does.
    @Test func readsRandomDocumentsAsJSONDecoderDoes() throws {
        var random = SplitMix64(seed: 0x6a73_6f6e)
        for round in 0..<2_000 {
            let value = Self.randomValue(depth: 0, &random)
            let text = Self.written(value, &random)
            let parsed = try #require(JSONValueParser.parse(text), "round \(round): \(text)")
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            #expect(Self.sameDigits(parsed, decoded), "round \(round): \(text)")
            #expect(Self.sameDigits(parsed, value), "round \(round): \(text)")
        }
    }

    /// Damaged texts (a byte changed, removed, doubled, or the text cut): when the parser reads one,
    /// `JSONDecoder` reads the same; when `JSONDecoder` refuses one, the parser does too.
    @Test func damagedTextsReadAlikeOrNotAtAll() throws {
        var random = SplitMix64(seed: 0x6461_6d61)
        let alphabet = Array("{}[]\",:\\/-.0123456789eEtrufalsn u\u{1}".utf8) + [0xFF, 0xC3]
        var read = 0
        var refused = 0
        for round in 0..<3_000 {
            var bytes = Array(Self.written(Self.randomValue(depth: 0, &random), &random).utf8)
            let position = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 4 {
            case 0: bytes[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            case 1: bytes.remove(at: position)
            case 2: bytes.insert(bytes[position], at: position)
            default: bytes.removeSubrange(position...)
            }
            let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
            guard let parsed = JSONValueParser.parse(bytes) else {
                refused += 1
                continue
            }
            read += 1
            let reference = try #require(decoded, "round \(round): the parser read what JSONDecoder refuses: \(bytes)")
            #expect(Self.sameDigits(parsed, reference), "round \(round): \(bytes)")
        }
        // Both kinds occur, so neither half of the property is checked on nothing.
        #expect(read > 300 && refused > 300, "read \(read), refused \(refused)")
    }

    /// What the parser declines, `JSONValue.parse` still reads through `JSONDecoder`.
    @Test(arguments: [
        "1e3", "[1E-2]", "{\"a\":1,\"a\":2}", "\"\\ud800\"", "\"\\udc00x\"",
        "123456789012345678901234567890123456789", String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
    ])
    func declinesWhatItCannotReadAlike(text: String) throws {
        #expect(JSONValueParser.parse(text) == nil)
        let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let viaParse = try? JSONValue.parse(Data(text.utf8))
        #expect(viaParse == decoded)
    }

    /// Not JSON, or not UTF-8: declined by the parser. (`JSONDecoder` reads some of these leniently, a bad
    /// number or escape as `null`, and `JSONValue.parse` keeps reading them as it does.)
    @Test(arguments: [
        [UInt8]("01".utf8), Array("[1,]".utf8), Array("{\"a\"}".utf8), Array("\"a\u{1}\"".utf8), Array("tru".utf8),
        Array("1.".utf8), Array("-".utf8), Array("\"\\x\"".utf8), [0x22, 0xFF, 0x22], Array("[1] x".utf8), [],
    ])
    func declinesWhatIsNotJSON(bytes: [UInt8]) {
        #expect(JSONValueParser.parse(bytes) == nil)
        let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        let viaParse = try? JSONValue.parse(Data(bytes))
        #expect(viaParse == decoded)
    }

    /// Edge numbers the wallets' answers hold read as `JSONDecoder` reads them.
    @Test(arguments: ["0", "-0", "-0.0", "0.10", "5.00", "12.5", "-12.50", "0.005", "99999999999999999999999999999999999999"])
    func numbersReadAlike(text: String) throws {
        let parsed = try #require(JSONValueParser.parse(text))
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(Self.sameDigits(parsed, decoded))
    }

    // MARK: - Random documents

    private static func randomValue(depth: Int, _ random: inout SplitMix64) -> JSONValue {
        switch random.next() % (depth < 4 ? 7 : 5) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .number(randomNumber(&random))
        case 3, 4: return .string(randomText(&random))
        case 5:
            return .array((0..<Int(random.next() % 5)).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 5) { members[randomText(&random)] = randomValue(depth: depth + 1, &random) }
            return .object(members)
        }
    }

    private static func randomNumber(_ random: inout SplitMix64) -> Decimal {
        let length = 1 + Int(random.next() % 20)
        var digits = String((0..<length).map { _ in Character(String(random.next() % 10)) })
        while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
        let point = Int(random.next() % UInt64(length + 1))
        if point > 0 && point < digits.count {
            digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point))
        }
        return Decimal(string: (random.next() % 3 == 0 ? "-" : "") + digits)!
    }

    private static func randomText(_ random: inout SplitMix64) -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "é", "€", "\u{202E}", "😀", "café", "日本"]
        return (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// `value` as JSON text, with random spacing and random (valid) escapes.
    private static func written(_ value: JSONValue, _ random: inout SplitMix64) -> String {
        let space = [" ", "", "", "\n", "\t", "\r\n"][Int(random.next() % 6)]
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.exactText
        case .string(let text): return quoted(text, &random)
        case .array(let elements):
            return "[" + space + elements.map { written($0, &random) }.joined(separator: "," + space) + "]"
        case .object(let members):
            return "{" + space
                + members.map { quoted($0.key, &random) + space + ":" + written($0.value, &random) }
                .joined(separator: space + "," + space) + space + "}"
        }
    }

    private static func quoted(_ text: String, _ random: inout SplitMix64) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            let escapeAnyway = random.next() % 4 == 0
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/" where escapeAnyway: output += "\\/"
            case "\n": output += escapeAnyway ? "\\u000a" : "\\n"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || escapeAnyway:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: random.next() % 2 == 0)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// The same tree, and every number with the same digits (`==` on `Decimal` compares values only).
    private static func sameDigits(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y && x.exactText == y.exactText
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameDigits($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameDigits(value, $0) } ?? false }
        default: return a == b
        }
    }
}
