/* Policy validation internals shared by the files that check one part of
 * the policy each (policy.c, policy_tiers.c, project.c). Members are named
 * by the policy's field tables (schema/policy.h), which also say which
 * members are known. Errors name the JSON path because jansson keeps no
 * positions for values. */
#ifndef JG_POLICY_VALIDATE_H
#define JG_POLICY_VALIDATE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "schema/policy.h"
#include "util/json.h"

struct vctx {
    const char *file;
    jg_jerr *err;
};

__attribute__((format(printf, 3, 4))) int jg_pv_fail(struct vctx *c, const char *path,
                                                     const char *fmt, ...);
/* Warns about each member of obj (at path) that no row of the table declares
 * as a member of the object at under (NULL: the table's own object; else
 * the path of a section in the table), "$comment" aside. */
void jg_pv_warn_unknown(struct vctx *c, const json_t *obj, const char *path, const jg_field *rows,
                        size_t n, const char *under);
/* path.key into out, cut (never overrun) when too long. */
void jg_pv_join(char *out, size_t n, const char *path, const char *key);

/* Checks of field f of obj, the object at path (f's path may go through a
 * section: "hardware.soc"); each failure names path.<f's path>. */
/* A required non-empty string (or null when nullable). */
int jg_pv_want_str(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                   bool nullable);
/* A required id (a tier's, a gate's): [A-Za-z0-9][A-Za-z0-9._-]{0,63}. */
int jg_pv_want_id(struct vctx *c, const json_t *obj, const char *path, const jg_field *f);
int jg_pv_want_enum(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                    const char *const allowed[]);
/* A required array of non-empty, distinct strings (min_len entries or more). */
int jg_pv_want_strs(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                    size_t min_len);
/* A required object (a section of the table rows) whose members the rows do
 * not declare are warned about. */
int jg_pv_want_section(struct vctx *c, const json_t *obj, const char *path, const jg_field *f,
                       const jg_field *rows, size_t n);
int jg_pv_want_days(struct vctx *c, const json_t *obj, const char *path, const jg_field *f);
/* "YYYY-MM-DD" naming a real calendar day. */
bool jg_pv_is_date(const char *s);

/* One tier / one waiver object at path. */
int jg_pv_check_tier(struct vctx *c, const json_t *t, const char *path);
int jg_pv_check_waiver(struct vctx *c, const json_t *w, const char *path);
/* policy.attestation and each tier's require_attestation (policy_attest.c). */
int jg_pv_check_attestation(struct vctx *c, const json_t *root);

#endif
