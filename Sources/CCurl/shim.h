/* libcurl's types and constants only: nothing here links libcurl. DashSpendCurl opens libcurl.so.4 with
 * dlopen on the first request and finds each function with dlsym, so a process that never sends a request
 * never maps libcurl (or the TLS, Kerberos, LDAP, SSH and IDN libraries it pulls in). No `link` line in the
 * module map, on purpose. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/* curl_easy_setopt is variadic, which Swift cannot call: these call the function found by dlsym (`function`)
 * with one argument of a fixed type, as a C caller would. */
typedef CURLcode (*ccurl_easy_setopt_function)(CURL *, CURLoption, ...);

static inline CURLcode ccurl_setopt_long(void *function, CURL *handle, CURLoption option, long value) {
    return ((ccurl_easy_setopt_function)function)(handle, option, value);
}

static inline CURLcode ccurl_setopt_offset(void *function, CURL *handle, CURLoption option, curl_off_t value) {
    return ((ccurl_easy_setopt_function)function)(handle, option, value);
}

static inline CURLcode ccurl_setopt_pointer(void *function, CURL *handle, CURLoption option, const void *value) {
    return ((ccurl_easy_setopt_function)function)(handle, option, value);
}

static inline CURLcode ccurl_setopt_write_function(
    void *function, CURL *handle, CURLoption option, curl_write_callback callback) {
    return ((ccurl_easy_setopt_function)function)(handle, option, callback);
}

