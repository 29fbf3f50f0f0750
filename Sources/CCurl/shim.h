#ifndef TIDINGS_CCURL_SHIM_H
#define TIDINGS_CCURL_SHIM_H
/* libcurl's option setters and info getters are variadic, which Swift cannot call: one typed
   wrapper per kind of argument. */
#include <curl/curl.h>

static inline CURLcode tidings_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tidings_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tidings_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode tidings_curl_easy_setopt_write_function(CURL *handle, CURLoption option,
                                                               curl_write_callback function) {
    return curl_easy_setopt(handle, option, function);
}

static inline CURLcode tidings_curl_easy_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback function) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

static inline CURLcode tidings_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLSHcode tidings_curl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    return curl_share_setopt(share, option, value);
}

/* The CURLAUTH_* masks are macros of casts, which Swift does not import. */
static inline unsigned long tidings_curlauth_any(void) { return CURLAUTH_ANY; }
static inline unsigned long tidings_curlauth_anysafe(void) { return CURLAUTH_ANYSAFE; }
static inline unsigned long tidings_curlauth_basic(void) { return CURLAUTH_BASIC; }
static inline unsigned long tidings_curlauth_digest(void) { return CURLAUTH_DIGEST; }
static inline unsigned long tidings_curlauth_digest_ie(void) { return CURLAUTH_DIGEST_IE; }
static inline unsigned long tidings_curlauth_negotiate(void) { return CURLAUTH_NEGOTIATE; }
static inline unsigned long tidings_curlauth_ntlm(void) { return CURLAUTH_NTLM; }

static inline CURLMcode tidings_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
#endif
