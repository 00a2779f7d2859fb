/* OpenSSL's libcrypto types and constants only: nothing here links libcrypto. DashSpendSync opens it with
 * dlopen the first time a WinZip-AES entry is decrypted and finds each function with dlsym, so a command
 * that never decrypts (every command but sync) never maps it. No `link` line in the module map, on purpose. */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
