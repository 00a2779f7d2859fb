#if os(Linux)
@testable import DashSpendSync
import DashSpendTestSupport
import Testing

/// The real header, where it is found (see ``SystemHeaderProbe``).
private let opensslHeaders = SystemHeaderProbe(
    header: "openssl/evp.h", environmentVariable: "DASHSPEND_OPENSSL_HEADERS", package: "libssl-dev")

/// libcrypto is opened with `dlopen` and needs no header to build: its one constant, the digest buffer's size,
/// is declared in ``LibCrypto``. Compared here with the real `<openssl/evp.h>` wherever it is installed (a
/// smaller value would let `EVP_DigestFinal_ex` write past the buffer); under CI a missing header fails.
@Suite(
    "LibCrypto's digest size agrees with OpenSSL's header",
    .enabled(if: opensslHeaders.checkRequired, "\(opensslHeaders.missingReason)"))
struct LibcryptoHeaderAgreementTests {
    @Test("EVP_MAX_MD_SIZE is LibCrypto.maximumDigestSize")
    func digestSizeAgrees() throws {
        let output = try opensslHeaders.output(
            of: """
                #include <openssl/evp.h>
                #include <stdio.h>
                int main(void) { printf("EVP_MAX_MD_SIZE = %d\\n", (int)EVP_MAX_MD_SIZE); return 0; }
                """)
        #expect(SystemHeaderProbe.values(in: output)["EVP_MAX_MD_SIZE"] == LibCrypto.maximumDigestSize)
    }
}
#endif
