#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension URL {
    /// Appends percent-encoded path segments and query items to a base URL that ends in `/`
    /// (`https://spend.ctx.com/` + `["merchants", id]`). Segments are encoded whole, so an id containing
    /// `/` or `?` cannot change the path.
    public func appendingAPIPath(_ segments: [String], query: [(name: String, value: String)] = []) -> URL {
        var text = absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += segments.map(Self.percentEncoded).joined(separator: "/")
        if !query.isEmpty {
            text +=
                "?"
                + query.map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }
                .joined(separator: "&")
        }
        return URL(string: text) ?? self
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// The URL without its query, fragment or user info, for diagnostics: nothing secret travels there.
    public var redactedForDiagnostics: String {
        var text = absoluteString
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        // user:password@ between the scheme and the host.
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return text }
        let authority = text.index(colon, offsetBy: 3)
        if let at = text[authority...].firstIndex(of: "@"), !text[authority..<at].contains("/") {
            text.removeSubrange(authority...at)
        }
        return text
    }
}
