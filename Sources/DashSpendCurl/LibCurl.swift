#if os(Linux)
import CCurl
import DashSpendCore

/// The libcurl functions the transport calls, found with `dlsym` in `libcurl.so.4`, which is opened with
/// `dlopen` the first time a request is sent: a process that never sends one never maps libcurl, nor the TLS,
/// Kerberos, LDAP, SSH and IDN libraries it depends on. The library is the distribution's (`libcurl4`; its
/// headers, `libcurl4-openssl-dev`, are needed to build). Version 7.68 or later (`curl_multi_poll`,
/// `curl_multi_wakeup`).
struct LibCurl: @unchecked Sendable {
    typealias Handle = UnsafeMutableRawPointer

    let easyInit: @convention(c) () -> Handle?
    let easyCleanup: @convention(c) (Handle?) -> Void
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    /// `curl_easy_setopt` (variadic: called through the `ccurl_setopt_*` functions of the shim).
    let easySetopt: UnsafeMutableRawPointer
    let slistAppend:
        @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    let multiInit: @convention(c) () -> Handle?
    let multiCleanup: @convention(c) (Handle?) -> CURLMcode
    let multiAddHandle: @convention(c) (Handle?, Handle?) -> CURLMcode
    let multiRemoveHandle: @convention(c) (Handle?, Handle?) -> CURLMcode
    let multiPerform: @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> CURLMcode
    let multiPoll:
        @convention(c) (Handle?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32, UnsafeMutablePointer<Int32>?) -> CURLMcode
    let multiWakeup: @convention(c) (Handle?) -> CURLMcode
    let multiInfoRead: @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<CURLMsg>?
    let version: @convention(c) () -> UnsafePointer<CChar>?

    /// The file `dlopen` is given: the soname of every libcurl 7.16 and later.
    static let soname = "libcurl.so.4"

    /// libcurl, opened and initialised once per process on first use; a one-line network error when it
    /// cannot be (not installed, too old).
    static let shared: Result<LibCurl, DashSpendError> = open()

    /// `curl_version()`, e.g. `libcurl/7.88.1 OpenSSL/3.0.17 ...`.
    var versionText: String { version().map { String(cString: $0) } ?? "libcurl" }

    /// The message libcurl has for `code`.
    func message(_ code: CURLcode) -> String {
        easyStrerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
    }

    private static func open() -> Result<LibCurl, DashSpendError> {
        let library: DynamicLibrary
        do {
            library = try DynamicLibrary.open([soname])
        } catch {
            return .failure(.network("libcurl cannot be loaded (\(error.reason)); install libcurl4"))
        }
        typealias GlobalInit = @convention(c) (Int) -> CURLcode
        guard let globalInit = library.function("curl_global_init", as: GlobalInit.self),
            let easyInit = library.function("curl_easy_init", as: (@convention(c) () -> Handle?).self),
            let easyCleanup = library.function("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
            let easyStrerror = library.function(
                "curl_easy_strerror", as: (@convention(c) (CURLcode) -> UnsafePointer<CChar>?).self),
            let easySetopt = library.address("curl_easy_setopt"),
            let slistAppend = library.function(
                "curl_slist_append",
                as: (@convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<
                    curl_slist
                >?)
                .self),
            let slistFreeAll = library.function(
                "curl_slist_free_all", as: (@convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void).self),
            let multiInit = library.function("curl_multi_init", as: (@convention(c) () -> Handle?).self),
            let multiCleanup = library.function("curl_multi_cleanup", as: (@convention(c) (Handle?) -> CURLMcode).self),
            let multiAddHandle = library.function(
                "curl_multi_add_handle", as: (@convention(c) (Handle?, Handle?) -> CURLMcode).self),
            let multiRemoveHandle = library.function(
                "curl_multi_remove_handle", as: (@convention(c) (Handle?, Handle?) -> CURLMcode).self),
            let multiPerform = library.function(
                "curl_multi_perform", as: (@convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> CURLMcode).self),
            let multiPoll = library.function(
                "curl_multi_poll",
                as: (@convention(c) (Handle?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32, UnsafeMutablePointer<Int32>?)
                    -> CURLMcode).self),
            let multiWakeup = library.function("curl_multi_wakeup", as: (@convention(c) (Handle?) -> CURLMcode).self),
            let multiInfoRead = library.function(
                "curl_multi_info_read",
                as: (@convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<CURLMsg>?).self),
            let version = library.function("curl_version", as: (@convention(c) () -> UnsafePointer<CChar>?).self)
        else {
            return .failure(.network("the libcurl found is too old (7.68 or later is needed)"))
        }
        // Once per process, before any other call (libcurl counts the calls: a URLSession in the same process
        // initialising it too is fine).
        guard globalInit(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK else {
            return .failure(.network("libcurl could not be initialised"))
        }
        return .success(
            LibCurl(
                easyInit: easyInit, easyCleanup: easyCleanup, easyStrerror: easyStrerror, easySetopt: easySetopt,
                slistAppend: slistAppend, slistFreeAll: slistFreeAll, multiInit: multiInit,
                multiCleanup: multiCleanup, multiAddHandle: multiAddHandle, multiRemoveHandle: multiRemoveHandle,
                multiPerform: multiPerform, multiPoll: multiPoll, multiWakeup: multiWakeup, multiInfoRead: multiInfoRead,
                version: version))
    }

    // MARK: - Options

    /// Sets a `long` option.
    @discardableResult
    func set(_ easy: Handle, _ option: CURLoption, _ value: Int) -> CURLcode {
        ccurl_setopt_long(easySetopt, easy, option, value)
    }

    /// Sets a `curl_off_t` option.
    @discardableResult
    func set(_ easy: Handle, _ option: CURLoption, offset value: Int64) -> CURLcode {
        ccurl_setopt_offset(easySetopt, easy, option, curl_off_t(value))
    }

    /// Sets a string option (libcurl copies the string).
    @discardableResult
    func set(_ easy: Handle, _ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { ccurl_setopt_pointer(easySetopt, easy, option, $0) }
    }

    /// Sets a pointer option (the pointer must stay valid as long as libcurl may use it).
    @discardableResult
    func set(_ easy: Handle, _ option: CURLoption, pointer value: UnsafeRawPointer?) -> CURLcode {
        ccurl_setopt_pointer(easySetopt, easy, option, value)
    }

    /// Sets a write or header callback.
    @discardableResult
    func set(_ easy: Handle, _ option: CURLoption, callback: curl_write_callback) -> CURLcode {
        ccurl_setopt_write_function(easySetopt, easy, option, callback)
    }
}
#endif
