#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Decimal {
    /// Parses plain decimal text the POSIX way: optional sign, digits, at most one `.` and digits.
    ///
    /// Surrounding white space is ignored. Unlike `Decimal(string:)` it rejects trailing garbage
    /// (`"12.50x"`), exponents, grouping separators and a locale's decimal comma.
    public init?(plainText text: String) {
        let trimmed = text.trimmedWhitespace
        var digits = 0
        var dots = 0
        for (offset, character) in trimmed.enumerated() {
            switch character {
            case "0"..."9": digits += 1
            case ".": dots += 1
            case "-" where offset == 0, "+" where offset == 0: continue
            default: return nil
            }
        }
        guard digits > 0, dots <= 1, digits <= 38, let value = Decimal(string: trimmed) else { return nil }
        self = value
    }

    /// The exact value written with `.`, no exponent and no grouping, digit for digit as stored: what
    /// `description` writes (`12.5`, `5.00`, `0.005`, `-3`, `NaN`), worked out from the stored mantissa and exponent.
    ///
    /// `description` is generic code inside Foundation: its first call in a process makes the Swift runtime scan
    /// every protocol conformance in the binary twice (about 200,000 instructions, a tenth of a start-up), and
    /// this text is on the path of every `show --json`. The same on every platform, whatever its Foundation.
    public var exactText: String {
        if isNaN { return "NaN" }
        if isZero { return "0" }
        let digits = Self.decimalDigits(ofMantissa: self)
        let point = digits.count + exponent
        var text: [UInt8] = sign == .minus ? [UInt8(ascii: "-")] : []
        text.reserveCapacity(digits.count + Swift.max(0, exponent) + 3)
        if exponent >= 0 {
            text += digits + Array(repeating: UInt8(ascii: "0"), count: exponent)
        } else if point > 0 {
            text += digits[..<point] + [UInt8(ascii: ".")] + digits[point...]
        } else {
            text += [UInt8(ascii: "0"), UInt8(ascii: ".")] + Array(repeating: UInt8(ascii: "0"), count: -point) + digits
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The ASCII digits of `value`'s mantissa (the whole number of at most 128 bits it stores beside its
    /// exponent), most significant first, read from its 16-bit words by long division by 10,000.
    ///
    /// `Decimal`'s own arithmetic takes about 3,500 instructions a step: a 15-digit time stamp cost 700,000.
    private static func decimalDigits(ofMantissa value: Decimal) -> [UInt8] {
        guard var words = DecimalMantissa.words(of: value) else { return decimalDigits(of: value.significand) }
        var reversed: [UInt8] = []
        reversed.reserveCapacity(40)
        while !words.isEmpty {
            var remainder: UInt32 = 0
            for index in words.indices.reversed() {
                let dividend = remainder << 16 | UInt32(words[index])
                words[index] = UInt16(dividend / 10_000)
                remainder = dividend % 10_000
            }
            while words.last == 0 { words.removeLast() }
            // Four digits, except in the most significant group, which has no leading zeros.
            for _ in 0..<4 {
                reversed.append(UInt8(ascii: "0") + UInt8(remainder % 10))
                remainder /= 10
                if words.isEmpty && remainder == 0 { break }
            }
        }
        return reversed.reversed()
    }

    /// The ASCII digits of `integer`, a whole non-negative value (a significand: at most 39 digits), most
    /// significant first, by subtracting powers of ten: where the stored layout is not the one
    /// `DecimalMantissa` checks for.
    private static func decimalDigits(of integer: Decimal) -> [UInt8] {
        var powers: [Decimal] = [1]
        while let largest = powers.last, powers.count < 40, largest * 10 <= integer { powers.append(largest * 10) }
        var rest = integer
        var digits: [UInt8] = []
        digits.reserveCapacity(powers.count)
        for power in powers.reversed() {
            var digit = UInt8(ascii: "0")
            while rest >= power {
                rest -= power
                digit += 1
            }
            digits.append(digit)
        }
        return digits
    }

    /// The value rounded half away from zero to `fractionDigits` places, written with `.` and no grouping:
    /// `12.5` with 2 digits is `"12.50"`, `-0.005` is `"-0.01"`.
    public func plainText(fractionDigits: Int) -> String {
        let places = Swift.max(0, fractionDigits)
        var text = exactText
        var negative = false
        if text.hasPrefix("-") {
            negative = true
            text.removeFirst()
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integerDigits = Array(parts[0]).compactMap { $0.wholeNumberValue }
        var fraction = parts.count > 1 ? Array(parts[1]).compactMap { $0.wholeNumberValue } : []
        if integerDigits.isEmpty { integerDigits = [0] }
        let roundUp = fraction.count > places && fraction[places] >= 5
        fraction = Array(fraction.prefix(places)) + Array(repeating: 0, count: Swift.max(0, places - fraction.count))
        var all = integerDigits + fraction
        if roundUp {
            var index = all.count - 1
            var carry = true
            while carry && index >= 0 {
                all[index] += 1
                if all[index] == 10 {
                    all[index] = 0
                    index -= 1
                } else {
                    carry = false
                }
            }
            if carry { all.insert(1, at: 0) }
        }
        let integerCount = all.count - places
        let integerPart = all[..<integerCount].map(String.init).joined()
        let fractionPart = all[integerCount...].map(String.init).joined()
        let isZero = all.allSatisfy { $0 == 0 }
        let sign = negative && !isZero ? "-" : ""
        return places == 0 ? sign + integerPart : sign + integerPart + "." + fractionPart
    }

    /// The value rounded half away from zero to a whole number, or nil when it does not fit an `Int`.
    public var roundedInteger: Int? {
        guard isFinite else { return nil }
        return Int(plainText(fractionDigits: 0))
    }
}
