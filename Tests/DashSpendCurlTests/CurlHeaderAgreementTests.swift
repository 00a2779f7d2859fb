#if os(Linux)
import CCurl
import DashSpendTestSupport
import Foundation
import Testing

/// The real header, where it is found (see ``SystemHeaderProbe``).
private let curlHeaders = SystemHeaderProbe(
    header: "curl/curl.h", environmentVariable: "DASHSPEND_CURL_HEADERS", package: "libcurl4-openssl-dev")

/// `Sources/CCurl/shim.h` declares the part of libcurl's interface the transport uses, so that building needs
/// no libcurl headers. Here every constant it declares, and the layout of every structure it shares with
/// libcurl, is compared with the real `<curl/curl.h>`, compiled into a small C program: a wrong option number
/// would set another option, a wrong layout would read the wrong field. Runs wherever the header is found
/// (`.ci/run` unpacks the distribution's package for it without installing it); under CI a missing header fails.
@Suite(
    "CCurl's declarations agree with libcurl's own header",
    .enabled(if: curlHeaders.checkRequired, "\(curlHeaders.missingReason)"))
struct CurlHeaderAgreementTests {
    static var shim: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("Sources/CCurl/shim.h"), encoding: .utf8)
        }
    }

    /// Every `NAME = VALUE` enumerator and `#define NAME VALUE` in the shim.
    static func declaredConstants(in shim: String) -> [String: Int] {
        var constants: [String: Int] = [:]
        for line in shim.split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
            if words.count == 3, words[0] == "#define", words[1].hasPrefix("CURL"), let value = Int(words[2]) {
                constants[words[1]] = value
            } else if words.count == 3, words[0].hasPrefix("CURL"), words[1] == "=",
                let value = Int(words[2].hasSuffix(",") ? String(words[2].dropLast()) : words[2])
            {
                constants[words[0]] = value
            }
        }
        return constants
    }

    @Test("The shim includes no libcurl header and declares the constants the transport uses")
    func shimStandsAlone() throws {
        let shim = try Self.shim
        #expect(!shim.contains("#include <curl"))
        let constants = Self.declaredConstants(in: shim)
        #expect(constants["CURLOPT_URL"] == 10002)
        #expect(constants.count >= 40, "the shim's constants were not all read: \(constants.keys.sorted())")
    }

    @Test("Every constant the shim declares has libcurl's value")
    func constantsAgree() throws {
        let ours = Self.declaredConstants(in: try Self.shim)
        let prints = ours.keys.sorted().map { "    printf(\"%s = %ld\\n\", \"\($0)\", (long)(\($0)));" }
        let output = try curlHeaders.output(
            of:
                "#include <curl/curl.h>\n#include <stdio.h>\nint main(void) {\n\(prints.joined(separator: "\n"))\n    return 0;\n}\n"
        )
        let theirs = SystemHeaderProbe.values(in: output)
        for (name, value) in ours.sorted(by: { $0.key < $1.key }) {
            #expect(
                theirs[name] == value,
                "\(name): the shim says \(value), <curl/curl.h> says \(theirs[name].map(String.init) ?? "nothing")")
        }
    }

    @Test("The structures and integer types the shim shares with libcurl have libcurl's layout")
    func layoutsAgree() throws {
        let output = try curlHeaders.output(
            of: """
                #include <curl/curl.h>
                #include <stddef.h>
                #include <stdio.h>
                int main(void) {
                    printf("CURLMsg = %zu\\n", sizeof(CURLMsg));
                    printf("CURLMsg.easy_handle = %zu\\n", offsetof(CURLMsg, easy_handle));
                    printf("CURLMsg.data = %zu\\n", offsetof(CURLMsg, data));
                    printf("curl_waitfd = %zu\\n", sizeof(struct curl_waitfd));
                    printf("curl_slist = %zu\\n", sizeof(struct curl_slist));
                    printf("curl_slist.next = %zu\\n", offsetof(struct curl_slist, next));
                    printf("curl_off_t = %zu\\n", sizeof(curl_off_t));
                    printf("CURLcode = %zu\\n", sizeof(CURLcode));
                    printf("CURLoption = %zu\\n", sizeof(CURLoption));
                    printf("CURLMcode = %zu\\n", sizeof(CURLMcode));
                    printf("CURLMcode.signed = %d\\n", (CURLMcode)-1 < 0);
                    return 0;
                }
                """)
        let theirs = SystemHeaderProbe.values(in: output)
        let ours: [String: Int] = [
            "CURLMsg": MemoryLayout<CURLMsg>.size,
            "CURLMsg.easy_handle": MemoryLayout<CURLMsg>.offset(of: \.easy_handle) ?? -1,
            "CURLMsg.data": MemoryLayout<CURLMsg>.offset(of: \.data) ?? -1,
            "curl_waitfd": MemoryLayout<curl_waitfd>.size,
            "curl_slist": MemoryLayout<curl_slist>.size,
            "curl_slist.next": MemoryLayout<curl_slist>.offset(of: \.next) ?? -1,
            "curl_off_t": MemoryLayout<curl_off_t>.size,
            "CURLcode": MemoryLayout<CURLcode>.size,
            "CURLoption": MemoryLayout<CURLoption>.size,
            "CURLMcode": MemoryLayout<CURLMcode>.size,
            "CURLMcode.signed": CURLM_CALL_MULTI_PERFORM.rawValue < 0 ? 1 : 0,
        ]
        for (name, value) in ours.sorted(by: { $0.key < $1.key }) {
            #expect(theirs[name] == value, "\(name): ours \(value), <curl/curl.h> \(theirs[name].map(String.init) ?? "nothing")")
        }
    }
}
#endif
