/* pyproject.toml as pip (PEP 621, PEP 735) and uv read it: what installing
 * the project with the selected extras and groups would require. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/toml.h"

#define MAX_EXTRAS 64

struct pp {
    const char *file;
    jg_toml doc;
    const jg_marker_env *sel;
    jg_reqs *out;
    char *err;
    size_t errlen;
    char self[128];
    char extras[MAX_EXTRAS][128]; /* the worklist: selected plus self-referenced */
    size_t nextras;
};

static int fail(struct pp *p, const json_t *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(struct pp *p, const json_t *at, const char *fmt, ...)
{
    size_t line = jg_toml_line(&p->doc, at);
    int k = line ? snprintf(p->err, p->errlen, "%s:%zu: ", p->file, line)
                 : snprintf(p->err, p->errlen, "%s: ", p->file);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < p->errlen)
        vsnprintf(p->err + k, p->errlen - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

static json_t *path(const json_t *v, const char *a, const char *b, const char *c)
{
    v = json_object_get(json_object_get(v, a), b);
    return c ? json_object_get(v, c) : (json_t *)v;
}

static void want_extra(struct pp *p, const char *name)
{
    char norm[128];
    jg_req_normalize(name, norm, sizeof norm);
    for (size_t i = 0; i < p->nextras; i++)
        if (strcmp(p->extras[i], norm) == 0)
            return;
    if (p->nextras < MAX_EXTRAS)
        snprintf(p->extras[p->nextras++], sizeof p->extras[0], "%s", norm);
}

/* project.optional-dependencies[name], PEP 685 name comparison. */
static json_t *extra_list(const json_t *table, const char *name)
{
    const char *k;
    json_t *v;
    char norm[128];
    json_object_foreach((json_t *)table, k, v)
    {
        jg_req_normalize(k, norm, sizeof norm);
        if (strcmp(norm, name) == 0)
            return v;
    }
    return NULL;
}

static int add_string(struct pp *p, const json_t *s)
{
    if (!json_is_string(s))
        return fail(p, s, "expected a PEP 508 requirement string");
    jg_req *r = jg_reqs_add(p->out, JG_REQ_PACKAGE, p->file, jg_toml_line(&p->doc, s));
    if (jg_req_pep508(json_string_value(s), r) < 0)
        return p->out->n--, fail(p, s, "not a requirement (PEP 508): '%s'",
                                 json_string_value(s));
    if (!jg_req_applies(r, p->sel)) {
        p->out->n--;
    } else if (strcmp(r->name, p->self) == 0) { /* "project[extra]": pip adds that extra */
        char buf[256];
        snprintf(buf, sizeof buf, "%s", r->extras);
        for (char *e = strtok(buf, ","); e; e = strtok(NULL, ","))
            want_extra(p, e);
        p->out->n--;
    }
    return 0;
}

static int add_list(struct pp *p, const json_t *list, const char *what)
{
    if (!json_is_array(list))
        return fail(p, list, "%s is not an array of strings", what);
    size_t i;
    json_t *s;
    json_array_foreach(list, i, s)
    if (add_string(p, s) < 0)
        return -1;
    return 0;
}

static bool is_dynamic(const json_t *project, const char *field)
{
    size_t i;
    json_t *d;
    json_array_foreach(json_object_get(project, "dynamic"), i, d)
    if (json_is_string(d) && strcmp(json_string_value(d), field) == 0)
        return true;
    return false;
}

/* setuptools' `{file = [...]}` for a dynamic field: read as requirements files. */
static int dynamic_files(struct pp *p, const json_t *spec, const char *what)
{
    const json_t *files = json_object_get(spec, "file");
    if (!files || !p->out->follow_includes)
        return fail(p, spec, "%s are dynamic (computed by the build backend) and not read "
                    "from a file: check an exported lock or requirements file instead%s",
                    what, "");
    json_t *one = json_is_string(files) ? json_pack("[O]", files) : json_incref((json_t *)files);
    size_t i;
    json_t *f;
    int rc = 0;
    json_array_foreach(one, i, f)
    if (rc == 0)
        rc = !json_is_string(f) ? fail(p, f, "%s: file names must be strings", what)
                                : jg_reqfile_include(p->file, json_string_value(f), p->sel, false,
                                                     1, p->out, p->err, p->errlen);
    json_decref(one);
    return rc;
}

static int dependencies(struct pp *p, const json_t *project)
{
    const json_t *deps = json_object_get(project, "dependencies");
    const json_t *dyn = path(p->doc.root, "tool", "setuptools", "dynamic");
    if (!deps && is_dynamic(project, "dependencies"))
        return dynamic_files(p, json_object_get(dyn, "dependencies") ? json_object_get(dyn,
                             "dependencies") : project, "dependencies");
    if (deps && add_list(p, deps, "project.dependencies") < 0)
        return -1;
    const json_t *opt = json_object_get(project, "optional-dependencies");
    for (size_t i = 0; i < p->nextras; i++) { /* grows as self-references add extras */
        const json_t *list = extra_list(opt, p->extras[i]);
        const json_t *dspec = extra_list(json_object_get(dyn, "optional-dependencies"),
                                         p->extras[i]);
        int rc = list ? add_list(p, list, "an optional-dependencies entry")
                 : dspec && is_dynamic(project, "optional-dependencies")
                     ? dynamic_files(p, dspec, "optional-dependencies")
                     : fail(p, project, "the project has no extra '%s' (pip would warn and "
                            "install without it)", p->extras[i]);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* PEP 735: strings, and {include-group = NAME} tables. */
static int group(struct pp *p, const json_t *groups, const char *name, int depth)
{
    const json_t *list = extra_list(groups, name);
    if (!list || depth > 16)
        return list ? fail(p, groups, "dependency group '%s' includes itself", name)
                    : fail(p, groups, "no dependency group '%s'", name);
    if (!json_is_array(list))
        return fail(p, list, "dependency group '%s' is not an array", name);
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e)
    {
        const char *inc = json_string_value(json_object_get(e, "include-group"));
        char norm[128];
        if (inc)
            jg_req_normalize(inc, norm, sizeof norm);
        int rc = inc ? group(p, groups, norm, depth + 1)
                 : json_is_string(e) ? add_string(p, e)
                                     : fail(p, e, "dependency group '%s': expected a string or "
                                            "{include-group = ...}", name);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static void add_index(struct pp *p, const json_t *url)
{
    if (!json_is_string(url))
        return;
    jg_req *r = jg_reqs_add(p->out, JG_REQ_INDEX, p->file, jg_toml_line(&p->doc, url));
    snprintf(r->url, sizeof r->url, "%s", json_string_value(url));
}

/* Does a [tool.uv.sources] entry apply to this install (its extra, group, marker)? */
static bool source_applies(struct pp *p, const json_t *src)
{
    jg_req probe = {.file = p->file, .line = jg_toml_line(&p->doc, src)};
    const char *m = json_string_value(json_object_get(src, "marker"));
    jg_req_set_marker(&probe, m);
    const char *extra = json_string_value(json_object_get(src, "extra"));
    const char *grp = json_string_value(json_object_get(src, "group"));
    bool on = true;
    for (int k = 0; k < 2; k++) {
        const char *want = k ? grp : extra;
        const char *const *v = k ? p->sel->groups : NULL;
        size_t n = k ? p->sel->ngroups : p->nextras;
        bool found = !want;
        for (size_t i = 0; want && i < n; i++)
            found = found || strcmp(k ? v[i] : p->extras[i], want) == 0;
        on = on && found;
    }
    return on && jg_req_applies(&probe, p->sel);
}

/* uv only: an index it would take torch from. A non-explicit index serves
 * every package; an explicit one only those whose source names it. */
static void uv_indexes(struct pp *p)
{
    const json_t *uv = path(p->doc.root, "tool", "uv", NULL);
    size_t i, j;
    json_t *ix, *src;
    json_array_foreach(json_object_get(uv, "index"), i, ix)
    if (!json_is_true(json_object_get(ix, "explicit")))
        add_index(p, json_object_get(ix, "url"));
    static const char *const family[] = {"torch", "torchvision", "torchaudio"};
    for (size_t f = 0; f < 3; f++) {
        json_t *s = path(uv, "sources", family[f], NULL);
        json_t *list = json_is_array(s) ? json_incref(s) : s ? json_pack("[O]", s) : NULL;
        json_array_foreach(list, i, src)
        {
            const char *name = json_string_value(json_object_get(src, "index"));
            if (!source_applies(p, src))
                continue;
            if (json_object_get(src, "url"))
                add_index(p, json_object_get(src, "url"));
            json_array_foreach(json_object_get(uv, "index"), j, ix)
            if (name && json_is_true(json_object_get(ix, "explicit")) &&
                json_equal(json_object_get(ix, "name"), json_object_get(src, "index")))
                add_index(p, json_object_get(ix, "url"));
        }
        json_decref(list);
    }
}

int jg_pyproject_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                       jg_reqs *out, char *err, size_t errlen)
{
    struct pp p = {.file = name, .sel = sel, .out = out, .err = err, .errlen = errlen};
    if (jg_toml_parse(name, text, len, &p.doc, err, errlen) < 0)
        return -1;
    const json_t *project = json_object_get(p.doc.root, "project");
    int rc = 0;
    if (!json_is_object(project))
        rc = fail(&p, NULL, "%s", path(p.doc.root, "tool", "poetry", NULL)
                  ? "no [project] table: Poetry's [tool.poetry] dependencies are not PEP 621; "
                    "check an exported requirements file (poetry export) instead"
                  : "no [project] table (PEP 621): nothing here says what the project requires");
    const char *self = json_string_value(json_object_get(project, "name"));
    jg_req_normalize(self ? self : "", p.self, sizeof p.self);
    for (size_t i = 0; i < sel->nextras; i++)
        want_extra(&p, sel->extras[i]);
    if (rc == 0)
        rc = dependencies(&p, project);
    for (size_t i = 0; rc == 0 && i < sel->ngroups; i++)
        rc = group(&p, json_object_get(p.doc.root, "dependency-groups"), sel->groups[i], 0);
    if (rc == 0)
        uv_indexes(&p);
    jg_toml_free(&p.doc);
    return rc;
}
