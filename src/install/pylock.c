/* pylock.toml (PEP 751): every [[packages]] entry whose marker holds is
 * installed; `extras` and `dependency_groups` in markers are the selected
 * ones (the lock's default-groups when no group is asked for). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/toml.h"

static int refuse(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int refuse(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static bool listed(const json_t *list, const char *name)
{
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v)
    if (json_is_string(v) && strcmp(json_string_value(v), name) == 0)
        return true;
    return false;
}

int jg_pylock_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    jg_reqs *out, char *err, size_t errlen)
{
    jg_toml doc;
    if (jg_toml_parse(name, text, len, &doc, err, errlen) < 0)
        return -1;
    const json_t *pkgs = json_object_get(doc.root, "packages");
    int rc = 0;
    if (!json_is_array(pkgs))
        rc = refuse(err, errlen, "%s: no [[packages]] table: not a pylock.toml file", name);
    for (size_t i = 0; rc == 0 && i < sel->nextras + sel->ngroups; i++) {
        bool g = i >= sel->nextras;
        const char *want = g ? sel->groups[i - sel->nextras] : sel->extras[i];
        if (!listed(json_object_get(doc.root, g ? "dependency-groups" : "extras"), want))
            rc = refuse(err, errlen, "%s: the lock has no %s '%s'", name,
                          g ? "dependency group" : "extra", want);
    }
    const char *defaults[64];
    jg_marker_env env = *sel;
    size_t i;
    json_t *p;
    if (!sel->ngroups) {
        json_array_foreach(json_object_get(doc.root, "default-groups"), i, p)
        if (json_is_string(p) && env.ngroups < 64)
            defaults[env.ngroups++] = json_string_value(p);
        env.groups = defaults;
    }
    json_array_foreach(pkgs, i, p)
    {
        if (rc)
            break;
        const json_t *n = json_object_get(p, "name"), *v = json_object_get(p, "version");
        const char *m = json_string_value(json_object_get(p, "marker"));
        if (!json_is_string(n)) {
            rc = refuse(err, errlen, "%s:%zu: package without a name", name,
                          jg_toml_line(&doc, p));
            break;
        }
        if ((rc = jg_lock_entry_check(name, jg_toml_line(&doc, v ? v : n), json_string_value(n),
                                      json_string_value(v), NULL, err, errlen)) != 0)
            break;
        jg_req *r = jg_reqs_add(out, JG_REQ_PACKAGE, name, jg_toml_line(&doc, v ? v : n));
        r->from_lock = true;
        jg_req_normalize(json_string_value(n), r->name, sizeof r->name);
        if (json_is_string(v))
            snprintf(r->spec, sizeof r->spec, "==%s", json_string_value(v));
        jg_req_set_marker(r, m);
        if (!jg_req_applies(r, &env))
            out->n--;
    }
    jg_toml_free(&doc);
    return rc;
}
