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

/* The matchers, by name: each is size_t jg_match_<name>(p, start, keep), a
 * jg_scrub_matcher (util/scrub_match.c). */
#define JG_SCRUB_MATCHERS(X)                                                                      \
    X(url_userinfo) X(authorization) X(aws_secret) X(secret_assignment) X(jwt) X(webhook)         \
    X(token_prefix) X(token_run) X(home) X(email) X(uuid) X(mac) X(ipv4) X(ipv6) X(private_word)
#define JG__MATCHER_DECL(name)                                                                    \
    size_t jg_match_##name(const char *p, const char *start, size_t *keep);
JG_SCRUB_MATCHERS(JG__MATCHER_DECL)
#undef JG__MATCHER_DECL

#endif
