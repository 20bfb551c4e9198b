/* pip's resolve of what a project installs, with the vendor torch family
 * pinned (resolve.h says why pip's resolver and not one of ours). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "embedded.h"
#include "evidence/sanitize.h"
#include "install/constraints.h"
#include "install/resolve.h"
#include "util/env.h"
#include "util/json.h"
#include "util/spawn.h"

extern char **environ;

#define RESOLVE_TIMEOUT_S 900.0

/* Stand-in wheels and the constraints pinning the family to them. */
static int stubs(const struct jg_resolve_in *in, char *dir, size_t dn, char *cons, size_t cn,
                 char *why, size_t n)
{
    snprintf(dir, dn, "%s/vendor-stubs", in->tmp);
    snprintf(cons, cn, "%s/vendor-constraints.txt", in->tmp);
    FILE *f = mkdir(dir, 0700) == 0 ? fopen(cons, "w") : NULL;
    if (!f)
        return snprintf(why, n, "cannot write under %s", in->tmp), -1;
    char pins[3][200];
    char *argv[8] = {(char *)in->python, "-c", (char *)jg_embed_stub_wheels_py, dir};
    size_t k = 4;
    for (size_t i = 0; jg_family_name(i); i++) {
        const char *name = jg_family_name(i);
        const char *v = json_string_value(json_object_get(
            json_object_get(json_object_get(in->probe, "packages"), name), "version"));
        if (!v || strpbrk(v, " \t\r\n;,=<>"))
            continue;
        snprintf(pins[i], sizeof pins[i], "%s==%s", name, v);
        fprintf(f, "%s\n", pins[i]);
        argv[k++] = pins[i];
    }
    argv[k] = NULL;
    if (fclose(f) != 0)
        return snprintf(why, n, "cannot write %s", cons), -1;
    char **envp = jg_env_build(environ, NULL, 0);
    jg_spawn_opts o = {.timeout_s = 120, .envp = envp};
    jg_child c;
    int rc = jg_spawn_argv(argv, &o, &c);
    bool ok = rc == 0 && c.outcome == JG_CHILD_EXITED && c.code == 0;
    if (!ok)
        snprintf(why, n, "%s could not write the stand-in wheels: %.200s", in->python,
                 c.errtxt ? c.errtxt : "did not run");
    jg_child_free(&c);
    jg_env_free(envp);
    return ok ? 0 : -1;
}

/* pip's "The conflict is caused by:" lines, joined, or "" when none. */
static void conflict_lines(const char *err, char *out, size_t n)
{
    out[0] = '\0';
    const char *p = err ? strstr(err, "The conflict is caused by:") : NULL;
    if (!p)
        return;
    p = strchr(p, '\n');
    size_t k = 0;
    while (p && *++p == ' ') {
        while (*p == ' ')
            p++;
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == 0)
            break;
        k += (size_t)snprintf(out + k, k < n ? n - k : 0, "%s%.*s", k ? "; " : "", (int)len, p);
        p = end;
    }
}

/* pip's last "ERROR:"/"error:" line, else its last non-empty line. */
static void last_line(const char *text, char *out, size_t n)
{
    const char *hit = NULL;
    for (const char *p = text; p && (p = strstr(p, "rror: ")); p++)
        if (p - text >= 1 && (p[-1] == 'e' || p[-1] == 'E') &&
            (p - 1 == text || p[-2] == '\n' || p[-2] == ' '))
            hit = p - 1;
    if (hit) {
        snprintf(out, n, "%.*s", (int)strcspn(hit, "\n"), hit);
        return;
    }
    const char *end = text ? text + strlen(text) : NULL;
    while (end && end > text && (end[-1] == '\n' || end[-1] == ' '))
        end--;
    const char *start = end;
    while (start && start > text && start[-1] != '\n')
        start--;
    snprintf(out, n, "%.*s", start ? (int)(end - start) : 0, start ? start : "");
}

static int run_pip(const struct jg_resolve_in *in, const char *stubdir, const char *cons,
                   const char *report, char **err)
{
    /* not --quiet: pip explains a conflict on stdout, at its info level */
    const char *argv[64] = {in->python, "-m", "pip", "install", "--dry-run",
                            "--ignore-installed", "--report", report, "-c", cons,
                            "--find-links", stubdir};
    size_t k = 12;
    const char *pass[][2] = {{"--index-url", in->index_url},
                             {"--extra-index-url", in->extra_index_url},
                             {"--find-links", in->find_links}};
    for (size_t i = 0; i < 3; i++)
        if (pass[i][1]) {
            argv[k++] = pass[i][0];
            argv[k++] = pass[i][1];
        }
    if (in->no_index)
        argv[k++] = "--no-index";
    if (in->only_binary) /* building an sdist runs its setup.py */
        argv[k++] = "--only-binary", argv[k++] = ":all:";
    for (const char *const *t = in->targets; *t && k < 62; t++)
        argv[k++] = *t;
    static const char *const add[] = {"PIP_DISABLE_PIP_VERSION_CHECK=1", NULL};
    char **envp = jg_env_build(environ, add, JG_ENV_KEEP_PIP); /* resolve where setup installs */
    jg_spawn_opts o = {.timeout_s = RESOLVE_TIMEOUT_S, .envp = envp, .cwd = in->cwd,
                       .err_cap = 1u << 20};
    jg_child c;
    int rc = jg_spawn_argv((char *const *)argv, &o, &c);
    bool ok = rc == 0 && c.outcome == JG_CHILD_EXITED && c.code == 0;
    if (!ok) {
        char how[128];
        jg_child_describe(&c, how, sizeof how);
        /* pip's output holds the reason (the conflict on stdout, the error
         * on stderr); without any, how it ended */
        size_t len = (c.out ? strlen(c.out) : 0) + (c.errtxt ? strlen(c.errtxt) : 0) + 200;
        *err = malloc(len);
        if (*err)
            snprintf(*err, len, "%s\n%s", c.out ? c.out : "",
                     c.errtxt && c.err_len ? c.errtxt : how);
    }
    jg_child_free(&c);
    jg_env_free(envp);
    return ok ? 0 : -1;
}

struct node {
    char name[128];
    const char *version, *url;
    bool requested;
    const json_t *requires;
    int parent; /* -1 a root, -2 not reached */
};

static int find(const struct node *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* Breadth first from what was asked for, so each path is a shortest one;
 * an edge is a Requires-Dist naming a package pip installs (markers are
 * pip's business: what it installs is what they selected). */
static void link_parents(struct node *v, size_t n)
{
    int *queue = malloc((n + 1) * sizeof *queue);
    size_t head = 0, tail = 0;
    for (size_t i = 0; queue && i < n; i++)
        if ((v[i].parent = v[i].requested ? -1 : -2) == -1)
            queue[tail++] = (int)i;
    while (queue && head < tail) {
        int u = queue[head++];
        size_t i;
        const json_t *r;
        json_array_foreach(v[u].requires, i, r)
        {
            jg_req req = {0};
            if (!json_is_string(r) || jg_req_pep508(json_string_value(r), &req) < 0)
                continue;
            int w = find(v, n, req.name);
            if (w >= 0 && v[w].parent == -2) {
                v[w].parent = u;
                queue[tail++] = w;
            }
        }
    }
    free(queue);
}

/* The line of direct that asks for name, or NULL. */
static const jg_req *asked_for(const jg_reqs *direct, const char *name)
{
    for (size_t j = 0; direct && j < direct->n; j++)
        if (direct->v[j].kind == JG_REQ_PACKAGE && strcmp(direct->v[j].name, name) == 0)
            return &direct->v[j];
    return NULL;
}

/* "root -> pkg 1.0 -> torchvision 0.21.0", each package as its line asks
 * for it where a line does; *line / *file: the first line on the path (the
 * project itself, a root of ".", has none: its dependency's line is named). */
static void path_text(const struct node *v, int i, const jg_reqs *direct, char *out, size_t n,
                      size_t *line, const char **file)
{
    int chain[64], k = 0;
    for (int u = i; u >= 0 && k < 64; u = v[u].parent)
        chain[k++] = u;
    size_t len = 0;
    *line = 0;
    for (int j = k - 1; j >= 0 && len < n; j--) {
        const struct node *p = &v[chain[j]];
        const jg_req *asked = asked_for(direct, p->name);
        if (asked && !*line) {
            *line = asked->line;
            *file = asked->file;
        }
        len += (size_t)snprintf(out + len, n - len, "%s%s", j == k - 1 ? "" : " -> ", p->name);
        if (asked && asked->spec[0] && j == k - 1)
            len += (size_t)snprintf(out + len, len < n ? n - len : 0, "%s", asked->spec);
        else if (len < n)
            len += (size_t)snprintf(out + len, n - len, " %s", p->version);
    }
}

static void judge(const struct jg_resolve_in *in, const struct node *v, size_t n,
                  const char *stubdir, jg_findings *out)
{
    for (size_t i = 0; i < n; i++) {
        bool family = jg_family_member(v[i].name);
        bool bnb = strcmp(v[i].name, "bitsandbytes") == 0 && in->exclude_bnb;
        if (v[i].requested || (!family && !bnb) || (family && strstr(v[i].url, stubdir)))
            continue; /* a line of the file itself: the direct rules judged it */
        char path[1024], fix[768];
        size_t line;
        const char *file = in->file;
        path_text(v, (int)i, in->direct, path, sizeof path, &line, &file);
        jg_family_remedy(v[i].name, fix, sizeof fix);
        if (family)
            jg_findings_add(out, file, line, 0, "torch.transitive",
                            "%s: pip would install %s %s from %s, not the vendor build (a "
                            "dependency's dependency; it requires its own torch); fix: %s", path,
                            v[i].name, v[i].version, v[i].url, fix);
        else
            jg_findings_add(out, file, line, 0, "bitsandbytes",
                            "%s: pip would add bitsandbytes %s, which the tier marks unsupported "
                            "(the PyPI aarch64 wheel targets SBSA servers, not Jetson)", path,
                            v[i].version);
    }
}

static int read_report(const struct jg_resolve_in *in, const char *report, const char *stubdir,
                       jg_findings *out, struct jg_resolve_out *res, char *why, size_t n)
{
    json_t *doc = json_load_file(report, 0, NULL);
    const json_t *items = json_object_get(doc, "install");
    if (!json_is_array(items)) {
        json_decref(doc);
        return snprintf(why, n, "pip wrote no usable --report (pip 22.2 or newer needed)"), 1;
    }
    size_t count = json_array_size(items);
    struct node *v = calloc(count + 1, sizeof *v);
    for (size_t i = 0; v && i < count; i++) {
        const json_t *it = json_array_get(items, i), *meta = json_object_get(it, "metadata");
        jg_req_normalize(jg_json_str(meta, "name") ? jg_json_str(meta, "name") : "", v[i].name,
                         sizeof v[i].name);
        v[i].version = jg_json_str(meta, "version") ? jg_json_str(meta, "version") : "?";
        const char *url = json_string_value(
            json_object_get(json_object_get(it, "download_info"), "url"));
        v[i].url = url ? url : "?";
        v[i].requested = json_is_true(json_object_get(it, "requested"));
        v[i].requires = json_object_get(meta, "requires_dist");
    }
    if (v) {
        link_parents(v, count);
        judge(in, v, count, stubdir, out);
    }
    const json_t *env = json_object_get(doc, "environment");
    res->packages = count;
    snprintf(res->python, sizeof res->python, "Python %s on %s",
             jg_json_str(env, "python_full_version") ? jg_json_str(env, "python_full_version") : "?",
             jg_json_str(env, "platform_machine") ? jg_json_str(env, "platform_machine") : "?");
    free(v);
    json_decref(doc);
    return v ? 0 : (snprintf(why, n, "out of memory"), 1);
}

/* pip stopped because no index offers a torch family member or
 * bitsandbytes that a dependency asks for ("Could not find a version that
 * satisfies the requirement torchvision (from inference-models)"): that
 * dependency brings it, whatever lies beyond. A finding; true when found. */
static bool missing_member(const struct jg_resolve_in *in, const char *err, jg_findings *out)
{
    static const char key[] = "satisfies the requirement ";
    const char *p = err ? strstr(err, key) : NULL;
    if (!p)
        return false;
    p += sizeof key - 1;
    char raw[128] = "", name[128], from[128] = "", fix[768];
    size_t len = strcspn(p, " \n<>=!~;[(");
    snprintf(raw, sizeof raw, "%.*s", (int)(len < sizeof raw ? len : sizeof raw - 1), p);
    jg_req_normalize(raw, name, sizeof name);
    bool bnb = strcmp(name, "bitsandbytes") == 0;
    if (!jg_family_member(name) && !(bnb && in->exclude_bnb))
        return false;
    const char *f = strstr(p, "(from ");
    const char *eol = strchr(p, '\n');
    if (f && (!eol || f < eol))
        snprintf(from, sizeof from, "%.*s", (int)strcspn(f + 6, ")\n"), f + 6);
    char parent[128];
    jg_req_normalize(from, parent, sizeof parent);
    size_t line = 0;
    const char *file = in->file;
    for (size_t j = 0; in->direct && j < in->direct->n; j++)
        if (strcmp(in->direct->v[j].name, parent) == 0)
            line = in->direct->v[j].line, file = in->direct->v[j].file;
    jg_family_remedy(name, fix, sizeof fix);
    jg_findings_add(out, file, line, 0, bnb ? "bitsandbytes" : "torch.transitive",
                    "%s -> %s: a dependency asks for %s, which no index given to pip offers%s; "
                    "%s", from[0] ? from : "(a dependency)", name, name,
                    bnb ? " (and the tier marks it unsupported)" : " and the tier pins no "
                          "vendor build of it", bnb ? "build it from source for this JetPack "
                          "and prove it with the gate first" : fix);
    return true;
}

int jg_resolve_check(const struct jg_resolve_in *in, jg_findings *out, struct jg_resolve_out *res,
                     char *why, size_t n)
{
    char stubdir[4200], cons[4200], report[4200], tail[512], conflict[2048];
    memset(res, 0, sizeof *res);
    if (stubs(in, stubdir, sizeof stubdir, cons, sizeof cons, why, n) != 0)
        return 1;
    snprintf(report, sizeof report, "%s/pip-report.json", in->tmp);
    char *err = NULL;
    if (run_pip(in, stubdir, cons, report, &err) == 0)
        return read_report(in, report, stubdir, out, res, why, n);
    /* scrubbed before any line of it is cut out (an index URL's password) */
    char *clean = err ? jg_scrub_excerpt(err, strlen(err), strlen(err), false) : NULL;
    free(err);
    err = clean;
    conflict_lines(err, conflict, sizeof conflict);
    last_line(err, tail, sizeof tail);
    if (!conflict[0] && missing_member(in, err, out)) {
        snprintf(why, n, "pip stopped at that missing package (%s), so the rest of the graph "
                 "was not resolved", tail);
        free(err);
        return 1;
    }
    if (conflict[0])
        jg_findings_add(out, in->file, 0, 0, "resolve.conflict",
                        "pip cannot install this with the vendor torch family pinned: %s "
                        "(without the pins it would replace the vendor build)", conflict);
    else if ((res->no_pip = err && strstr(err, "No module named pip")))
        snprintf(why, n, "pip's resolve (%s -m pip install --dry-run) failed: this interpreter "
                 "has no pip", in->python);
    else
        snprintf(why, n, "pip's resolve (%s -m pip install --dry-run) failed: %s", in->python,
                 tail);
    free(err);
    return conflict[0] ? 0 : 1;
}

void jg_reqs_write(FILE *f, const jg_reqs *reqs)
{
    for (size_t i = 0; i < reqs->n; i++) {
        const jg_req *r = &reqs->v[i];
        if (r->kind != JG_REQ_PACKAGE || r->constraint)
            continue;
        fprintf(f, "%s%s%s%s", r->name, r->extras[0] ? "[" : "", r->extras,
                r->extras[0] ? "]" : "");
        if (r->url[0])
            fprintf(f, " @ %s\n", r->url);
        else
            fprintf(f, "%s\n", r->spec);
    }
}
