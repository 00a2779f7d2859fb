/* The part of libcurl's C interface DashSpendCurl uses, declared here instead of included from <curl/curl.h>,
 * so that building needs no libcurl headers (the distribution's libcurl4-openssl-dev): the binary opens
 * libcurl.so.4 with dlopen on the first request and finds each function with dlsym, so a process that never
 * sends a request never maps libcurl, and a machine with only the runtime library (libcurl4) both builds and
 * runs the package. No `link` line in the module map, on purpose.
 *
 * Every number below is part of libcurl's stable ABI (soname libcurl.so.4, unchanged since 7.16): option
 * numbers are a type base (long 0, object pointer 10000, function pointer 20000, curl_off_t 30000) plus a
 * fixed index, and error codes are never renumbered. `CurlHeaderAgreementTests` compiles a program against
 * the real <curl/curl.h> wherever it is installed (and in CI, against the headers of the distribution's
 * package unpacked beside the build) and compares every constant and every structure layout declared here.
 * Add a constant here, and that test checks it. */
#ifndef DASHSPEND_CCURL_SHIM_H
#define DASHSPEND_CCURL_SHIM_H

#include <stddef.h>

/* An easy or multi handle: opaque. */
typedef void CURL;
typedef void CURLM;

/* curl_off_t: a 64-bit signed integer on every platform libcurl supports. */
typedef long long curl_off_t;

/* Result codes of the easy interface (the ones the transport tells apart). */
typedef enum {
    CURLE_OK = 0,
    CURLE_COULDNT_RESOLVE_PROXY = 5,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_WEIRD_SERVER_REPLY = 8,
    CURLE_HTTP2 = 16,
    CURLE_PARTIAL_FILE = 18,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35,
    CURLE_GOT_NOTHING = 52,
    CURLE_SEND_ERROR = 55,
    CURLE_RECV_ERROR = 56,
    CURLE_SSL_CERTPROBLEM = 58,
    CURLE_SSL_CIPHER = 59,
    CURLE_PEER_FAILED_VERIFICATION = 60,
    CURLE_BAD_CONTENT_ENCODING = 61,
    CURLE_USE_SSL_FAILED = 64,
    CURLE_SSL_ENGINE_INITFAILED = 66,
    CURLE_SSL_CACERT_BADFILE = 77,
    CURLE_SSL_CRL_BADFILE = 82,
    CURLE_SSL_ISSUER_ERROR = 83,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CURLE_SSL_INVALIDCERTSTATUS = 91,
    CURLE_HTTP2_STREAM = 92
} CURLcode;

/* Options the transport sets. */
typedef enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_NOBODY = 44,
    CURLOPT_POST = 47,
    CURLOPT_FRESH_CONNECT = 74,
    CURLOPT_FORBID_REUSE = 75,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_BUFFERSIZE = 98,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_ACCEPT_ENCODING = 10102,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_COPYPOSTFIELDS = 10165
} CURLoption;

/* Result codes of the multi interface. */
typedef enum {
    CURLM_CALL_MULTI_PERFORM = -1,
    CURLM_OK = 0
} CURLMcode;

/* What a multi handle's message is about. */
typedef enum {
    CURLMSG_NONE = 0,
    CURLMSG_DONE = 1
} CURLMSG;

/* curl_global_init's flags: CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32. */
#define CURL_GLOBAL_DEFAULT 3

/* A message from curl_multi_info_read. */
typedef struct CURLMsg {
    CURLMSG msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
} CURLMsg;

/* An extra file descriptor for curl_multi_poll (none are passed; the type is in its signature). */
struct curl_waitfd {
    int fd;
    short events;
    short revents;
};

/* A header list (curl_slist_append, curl_slist_free_all). */
struct curl_slist {
    char *data;
    struct curl_slist *next;
};

/* The write and header callbacks. */
typedef size_t (*curl_write_callback)(char *buffer, size_t size, size_t nitems, void *outstream);

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

#endif
