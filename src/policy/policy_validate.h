/* Policy validation internals shared by the files that check one part of
 * the policy each (policy_validate.c, policy_tiers.c). Errors name the JSON
 * path because jansson keeps no positions for values. */
#ifndef JG_POLICY_VALIDATE_H
#define JG_POLICY_VALIDATE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/json.h"

struct vctx {
    const char *file;
    jg_jerr *err;
};

__attribute__((format(printf, 3, 4))) int jg_pv_fail(struct vctx *c, const char *path,
                                                     const char *fmt, ...);
void jg_pv_warn_unknown(struct vctx *c, const json_t *obj, const char *path,
                        const char *const known[]);
/* path.key into out, cut (never overrun) when too long. */
void jg_pv_join(char *out, size_t n, const char *path, const char *key);
/* A required non-empty string (or null when nullable). */
int jg_pv_want_str(struct vctx *c, const json_t *obj, const char *path, const char *key,
                   bool nullable);
int jg_pv_want_enum(struct vctx *c, const json_t *obj, const char *path, const char *key,
                    const char *const allowed[]);
/* A required array of non-empty, distinct strings (min_len entries or more). */
int jg_pv_want_strs(struct vctx *c, const json_t *obj, const char *path, const char *key,
                    size_t min_len);
int jg_pv_want_obj(struct vctx *c, const json_t *obj, const char *path, const char *key,
                   const json_t **out);
/* A required object whose members other than known[] are warned about; its
 * path (path.key) written to p. */
int jg_pv_want_section(struct vctx *c, const json_t *obj, const char *path, const char *key,
                       const char *const known[], const json_t **out, char *p, size_t n);
int jg_pv_want_days(struct vctx *c, const json_t *obj, const char *path, const char *key);
/* "YYYY-MM-DD" naming a real calendar day. */
bool jg_pv_is_date(const char *s);

/* One tier / one waiver object at path. */
int jg_pv_check_tier(struct vctx *c, const json_t *t, const char *path);
int jg_pv_check_waiver(struct vctx *c, const json_t *w, const char *path);

#endif
