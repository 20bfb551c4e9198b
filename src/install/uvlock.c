/* uv.lock: what `uv sync` (or an install of its `uv export`) puts in the
 * environment: the packages reachable from the project (source editable or
 * virtual "."), through its dependencies, the selected extras and dependency
 * groups, and the extras each edge asks of its target, following only the
 * edges whose markers hold on the Jetson. Packages reachable only through an
 * extra that is not selected are not installed, so not listed. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/toml.h"

struct walk {
    const char *file;
    jg_toml doc;
    const json_t *pkgs;
    jg_marker_env env;
    jg_reqs *out;
    bool *seen;      /* per package */
    json_t *done;    /* "INDEX/EXTRA" -> true */
    json_t *by_name; /* package name -> [indices]: each edge finds its target at once */
    int depth;       /* of visit(): a hostile chain must not overflow the stack */
    char *err;
    size_t errlen;
};

static int fail(struct walk *w, const json_t *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(struct walk *w, const json_t *at, const char *fmt, ...)
{
    size_t line = jg_toml_line(&w->doc, at);
    int k = line ? snprintf(w->err, w->errlen, "%s:%zu: ", w->file, line)
                 : snprintf(w->err, w->errlen, "%s: ", w->file);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < w->errlen)
        vsnprintf(w->err + k, w->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

/* The package an edge {name, version?, source?} points to, or -1. */
/* A lock's dependency chains are short (tens); one deeper than this is refused. */
#define MAX_DEPTH 500

/* The package an edge {name, version?, source?} points to, or -1: among the
 * packages of that name (by_name), so a lock of n packages is read in O(n). */
static long target(const struct walk *w, const json_t *dep)
{
    const json_t *name = json_object_get(dep, "name"), *ver = json_object_get(dep, "version");
    const json_t *src = json_object_get(dep, "source");
    size_t i;
    json_t *at;
    json_array_foreach(json_object_get(w->by_name, json_is_string(name) ? json_string_value(name) : ""), i, at)
    {
        const json_t *p = json_array_get(w->pkgs, (size_t)json_integer_value(at));
        if ((!ver || json_equal(json_object_get(p, "version"), (json_t *)ver)) &&
            (!src || json_equal(json_object_get(p, "source"), (json_t *)src)))
            return (long)json_integer_value(at);
    }
    return -1;
}

static json_t *index_names(const json_t *pkgs)
{
    json_t *by = json_object();
    size_t i;
    json_t *p;
    json_array_foreach(pkgs, i, p)
    {
        const char *n = json_string_value(json_object_get(p, "name"));
        if (!n || !by)
            continue;
        if (!json_object_get(by, n))
            json_object_set_new(by, n, json_array());
        json_array_append_new(json_object_get(by, n), json_integer((json_int_t)i));
    }
    return by;
}

static int visit(struct walk *w, long i, const char *extra);

static int edges(struct walk *w, const json_t *list)
{
    size_t i;
    json_t *dep;
    json_array_foreach(list, i, dep)
    {
        const char *m = json_string_value(json_object_get(dep, "marker"));
        static jg_req probe; /* off the stack (4 KiB), done with before visit() recurses */
        probe = (jg_req){.file = w->file, .line = jg_toml_line(&w->doc, dep)};
        jg_req_set_marker(&probe, m);
        if (!jg_req_applies(&probe, &w->env))
            continue;
        long t = target(w, dep);
        if (t < 0)
            return fail(w, dep, "dependency '%s' names no [[package]] of the lock",
                        json_string_value(json_object_get(dep, "name")));
        if (visit(w, t, NULL) < 0)
            return -1;
        size_t j;
        json_t *e;
        json_array_foreach(json_object_get(dep, "extra"), j, e)
        if (visit(w, t, json_string_value(e)) < 0)
            return -1;
    }
    return 0;
}

static int emit(struct walk *w, const json_t *pkg)
{
    const json_t *name = json_object_get(pkg, "name"), *ver = json_object_get(pkg, "version");
    size_t line = jg_toml_line(&w->doc, ver ? ver : name);
    /* Not from a registry: the version alone does not say what is installed. */
    static const char *const kinds[] = {"url", "git", "path", "directory", "editable", "virtual"};
    const json_t *src = json_object_get(pkg, "source");
    char url[1024] = "";
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0] && !url[0]; k++)
        if (json_is_string(json_object_get(src, kinds[k])))
            snprintf(url, sizeof url, "%s%s", strcmp(kinds[k], "git") == 0 ? "git+" : "",
                     json_string_value(json_object_get(src, kinds[k])));
    if (jg_lock_entry_check(w->file, line, json_string_value(name), json_string_value(ver),
                            url[0] ? url : NULL, w->err, w->errlen) != 0)
        return -1;
    jg_req *r = jg_reqs_add(w->out, JG_REQ_PACKAGE, w->file, line);
    r->from_lock = true;
    jg_req_normalize(json_string_value(name), r->name, sizeof r->name);
    if (json_is_string(ver))
        snprintf(r->spec, sizeof r->spec, "==%s", json_string_value(ver));
    snprintf(r->url, sizeof r->url, "%s", url);
    return 0;
}

static int visit_at(struct walk *w, long i, const char *extra)
{
    const json_t *pkg = json_array_get(w->pkgs, (size_t)i);
    if (!extra) {
        if (w->seen[i])
            return 0;
        w->seen[i] = true;
        return emit(w, pkg) < 0 ? -1 : edges(w, json_object_get(pkg, "dependencies"));
    }
    char key[300];
    snprintf(key, sizeof key, "%ld/%s", i, extra);
    if (!extra || json_object_get(w->done, key))
        return 0;
    json_object_set_new(w->done, key, json_true());
    return edges(w, json_object_get(json_object_get(pkg, "optional-dependencies"), extra));
}

static int visit(struct walk *w, long i, const char *extra)
{
    if (w->depth >= MAX_DEPTH)
        return fail(w, json_object_get(json_array_get(w->pkgs, (size_t)i), "name"),
                    "a dependency chain deeper than %d packages: refused", MAX_DEPTH);
    w->depth++;
    int rc = visit_at(w, i, extra);
    w->depth--;
    return rc;
}

static bool is_root(const json_t *pkg)
{
    const json_t *src = json_object_get(pkg, "source");
    const char *e = json_string_value(json_object_get(src, "editable"));
    const char *v = json_string_value(json_object_get(src, "virtual"));
    return (e && strcmp(e, ".") == 0) || (v && strcmp(v, ".") == 0);
}

/* The selected extras and groups of the project, and uv's conflict-marker
 * spellings of them ("extra-7-project-cu124", "group-7-project-dev"). */
static char **selection(const jg_marker_env *sel, const char *root, size_t *n)
{
    size_t total = 2 * (sel->nextras + sel->ngroups), k = 0;
    char **v = calloc(total + 1, sizeof *v);
    for (size_t i = 0; v && i < sel->nextras + sel->ngroups; i++) {
        bool g = i >= sel->nextras;
        const char *name = g ? sel->groups[i - sel->nextras] : sel->extras[i];
        size_t len = strlen(root) + strlen(name) + 32;
        if (!(v[k] = malloc(len)) || !(v[k + 1] = strdup(name)))
            abort();
        snprintf(v[k], len, "%s-%zu-%s-%s", g ? "group" : "extra", strlen(root), root, name);
        k += 2;
    }
    *n = k;
    return v;
}

static int root_edges(struct walk *w, const jg_marker_env *sel, long r)
{
    const json_t *pkg = json_array_get(w->pkgs, (size_t)r);
    w->seen[r] = true;
    if (edges(w, json_object_get(pkg, "dependencies")) < 0)
        return -1;
    for (size_t i = 0; i < sel->nextras + sel->ngroups; i++) {
        bool g = i >= sel->nextras;
        const char *name = g ? sel->groups[i - sel->nextras] : sel->extras[i];
        const json_t *list = json_object_get(
            json_object_get(pkg, g ? "dev-dependencies" : "optional-dependencies"), name);
        if (!list)
            return fail(w, json_object_get(pkg, "name"), "the project has no %s '%s' in the lock",
                        g ? "dependency group" : "extra", name);
        if (edges(w, list) < 0)
            return -1;
    }
    return 0;
}

int jg_uvlock_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    jg_reqs *out, char *err, size_t errlen)
{
    struct walk w = {.file = name, .out = out, .err = err, .errlen = errlen, .env = *sel};
    if (jg_toml_parse(name, text, len, &w.doc, err, errlen) < 0)
        return -1;
    w.pkgs = json_object_get(w.doc.root, "package");
    long root = -1;
    size_t i, n = 0;
    json_t *p;
    json_array_foreach(w.pkgs, i, p)
    if (root < 0 && is_root(p))
        root = (long)i;
    int rc = 0;
    if (!json_is_array(w.pkgs))
        rc = fail(&w, NULL, "no [[package]] table: not a uv.lock file");
    else if (root < 0)
        rc = fail(&w, NULL, "no [[package]] with source editable or virtual \".\": the lock "
                  "does not say which project it installs");
    char **names = rc ? NULL : selection(sel, json_string_value(json_object_get(
                                                  json_array_get(w.pkgs, (size_t)root), "name")), &n);
    w.env.extras = (const char *const *)names;
    w.env.nextras = n;
    w.seen = calloc(json_array_size(w.pkgs) + 1, sizeof *w.seen);
    w.done = json_object();
    w.by_name = index_names(w.pkgs);
    if (rc == 0)
        rc = !w.seen || !w.done || !w.by_name || !names ? fail(&w, NULL, "out of memory")
                                          : root_edges(&w, sel, root);
    for (i = 0; names && i < n; i++)
        free(names[i]);
    free(names);
    free(w.seen);
    json_decref(w.done);
    json_decref(w.by_name);
    jg_toml_free(&w.doc);
    return rc;
}
