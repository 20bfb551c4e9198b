/* The shapes the scrubber recognises (internal to util/scrub.c). Each
 * matcher is called at p inside the text that begins at start (for the
 * boundary before p) and returns how many bytes match, 0 for none; *keep
 * says how many of them stay verbatim before the placeholder ("Bearer "). */
#ifndef JG_SCRUB_MATCH_H
#define JG_SCRUB_MATCH_H
#include <stdbool.h>
#include <stddef.h>

typedef size_t (*jg_scrub_matcher)(const char *p, const char *start, size_t *keep);

bool jg_scrub_word_char(char c);

size_t jg_match_url_userinfo(const char *p, const char *start, size_t *keep);
size_t jg_match_authorization(const char *p, const char *start, size_t *keep);
size_t jg_match_jwt(const char *p, const char *start, size_t *keep);
size_t jg_match_webhook(const char *p, const char *start, size_t *keep);
size_t jg_match_token_prefix(const char *p, const char *start, size_t *keep);
size_t jg_match_token_run(const char *p, const char *start, size_t *keep);
size_t jg_match_home(const char *p, const char *start, size_t *keep);
size_t jg_match_email(const char *p, const char *start, size_t *keep);
size_t jg_match_uuid(const char *p, const char *start, size_t *keep);
size_t jg_match_mac(const char *p, const char *start, size_t *keep);
size_t jg_match_ipv4(const char *p, const char *start, size_t *keep);
size_t jg_match_ipv6(const char *p, const char *start, size_t *keep);
size_t jg_match_private_word(const char *p, const char *start, size_t *keep);

#endif
