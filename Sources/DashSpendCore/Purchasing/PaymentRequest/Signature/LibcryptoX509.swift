#if !canImport(Security)
/// The libcrypto functions ``LibcryptoX509Backend`` calls, found with `dlsym` in OpenSSL's libcrypto, which is
/// opened with `dlopen` the first time a signed payment request is checked: a command that never checks one
/// never maps libcrypto. Every function used takes and returns opaque pointers and plain integers, so no
/// OpenSSL header is needed to build. The ones that exist in OpenSSL 1.1.0 and 3 alike are used
/// (`EVP_DigestUpdate` and `EVP_DigestVerifyFinal`, as `EVP_DigestVerifyUpdate` is a macro before 3).
struct LibcryptoX509: @unchecked Sendable {
    typealias Make = @convention(c) () -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void

    let readCertificate:
        @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int)
            -> OpaquePointer?
    let freeCertificate: Free
    let publicKey: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let freeKey: Free
    let sha256: Make
    let sha1: Make
    let digestContextNew: Make
    let digestContextFree: Free
    let verifyInit:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer?)
            -> Int32
    let digestUpdate: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    let verifyFinal: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int) -> Int32
    let storeNew: Make
    let storeFree: Free
    let storeSetDefaultPaths: @convention(c) (OpaquePointer?) -> Int32
    let storeAddCertificate: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let storeContextNew: Make
    let storeContextFree: Free
    let storeContextInit: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    let storeContextSetTime: @convention(c) (OpaquePointer?, UInt, Int) -> Void
    let verifyCertificate: @convention(c) (OpaquePointer?) -> Int32
    let storeContextError: @convention(c) (OpaquePointer?) -> Int32
    let storeContextErrorDepth: @convention(c) (OpaquePointer?) -> Int32
    let errorString: @convention(c) (Int) -> UnsafePointer<CChar>?
    let stackNew: Make
    let stackPush: @convention(c) (OpaquePointer?, UnsafeRawPointer?) -> Int32
    let stackFree: Free
    let clearErrors: @convention(c) () -> Void

    /// The files `dlopen` is given, newest first: OpenSSL 3, then 1.1 (both have every function used here).
    static let sonames = ["libcrypto.so.3", "libcrypto.so.1.1"]

    /// libcrypto, opened once per process on first use; a one-line reason when it cannot be.
    static let shared: Result<LibcryptoX509, DynamicLibrary.Unavailable> = open()

    private static func open() -> Result<LibcryptoX509, DynamicLibrary.Unavailable> {
        let library: DynamicLibrary
        do {
            library = try DynamicLibrary.open(sonames)
        } catch {
            return .failure(DynamicLibrary.Unavailable(reason: "libcrypto cannot be loaded (\(error.reason))"))
        }
        func find<T>(_ name: String, _ type: T.Type) -> T? { library.function(name, as: type) }
        guard
            let readCertificate = find(
                "d2i_X509",
                (@convention(c) (
                    UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int
                ) -> OpaquePointer?).self),
            let freeCertificate = find("X509_free", Free.self),
            let publicKey = find("X509_get_pubkey", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            let freeKey = find("EVP_PKEY_free", Free.self),
            let sha256 = find("EVP_sha256", Make.self),
            let sha1 = find("EVP_sha1", Make.self),
            let digestContextNew = find("EVP_MD_CTX_new", Make.self),
            let digestContextFree = find("EVP_MD_CTX_free", Free.self),
            let verifyInit = find(
                "EVP_DigestVerifyInit",
                (@convention(c) (
                    OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer?
                ) -> Int32).self),
            let digestUpdate = find(
                "EVP_DigestUpdate", (@convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32).self),
            let verifyFinal = find(
                "EVP_DigestVerifyFinal", (@convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int) -> Int32).self),
            let storeNew = find("X509_STORE_new", Make.self),
            let storeFree = find("X509_STORE_free", Free.self),
            let storeSetDefaultPaths = find(
                "X509_STORE_set_default_paths", (@convention(c) (OpaquePointer?) -> Int32).self),
            let storeAddCertificate = find(
                "X509_STORE_add_cert", (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
            let storeContextNew = find("X509_STORE_CTX_new", Make.self),
            let storeContextFree = find("X509_STORE_CTX_free", Free.self),
            let storeContextInit = find(
                "X509_STORE_CTX_init",
                (@convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32).self),
            let storeContextSetTime = find(
                "X509_STORE_CTX_set_time", (@convention(c) (OpaquePointer?, UInt, Int) -> Void).self),
            let verifyCertificate = find("X509_verify_cert", (@convention(c) (OpaquePointer?) -> Int32).self),
            let storeContextError = find("X509_STORE_CTX_get_error", (@convention(c) (OpaquePointer?) -> Int32).self),
            let storeContextErrorDepth = find(
                "X509_STORE_CTX_get_error_depth", (@convention(c) (OpaquePointer?) -> Int32).self),
            let errorString = find(
                "X509_verify_cert_error_string", (@convention(c) (Int) -> UnsafePointer<CChar>?).self),
            let stackNew = find("OPENSSL_sk_new_null", Make.self),
            let stackPush = find(
                "OPENSSL_sk_push", (@convention(c) (OpaquePointer?, UnsafeRawPointer?) -> Int32).self),
            let stackFree = find("OPENSSL_sk_free", Free.self),
            let clearErrors = find("ERR_clear_error", (@convention(c) () -> Void).self)
        else {
            return .failure(
                DynamicLibrary.Unavailable(reason: "the libcrypto found lacks the X.509 functions of OpenSSL 1.1 and later"))
        }
        return .success(
            LibcryptoX509(
                readCertificate: readCertificate, freeCertificate: freeCertificate, publicKey: publicKey,
                freeKey: freeKey, sha256: sha256, sha1: sha1, digestContextNew: digestContextNew,
                digestContextFree: digestContextFree, verifyInit: verifyInit, digestUpdate: digestUpdate,
                verifyFinal: verifyFinal, storeNew: storeNew, storeFree: storeFree,
                storeSetDefaultPaths: storeSetDefaultPaths, storeAddCertificate: storeAddCertificate,
                storeContextNew: storeContextNew, storeContextFree: storeContextFree,
                storeContextInit: storeContextInit, storeContextSetTime: storeContextSetTime,
                verifyCertificate: verifyCertificate, storeContextError: storeContextError,
                storeContextErrorDepth: storeContextErrorDepth, errorString: errorString, stackNew: stackNew,
                stackPush: stackPush, stackFree: stackFree, clearErrors: clearErrors))
    }
}
#endif
