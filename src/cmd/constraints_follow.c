/* constraints --check: after the file's own lines, the dependencies of its
 * dependencies, as pip's resolve with the vendor torch family pinned says
 * (install/resolve.h). The answer is stated either way: followed (how many
 * packages, for which interpreter) or not followed and why; a lock lists
 * every package it installs, so there is nothing further to follow. */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/constraints_follow.h"
#include "install/resolve.h"
#include "install/setup.h"
#include "util/sysroot.h"

static bool ends(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0 && (a == b || s[a - b - 1] == '/');
}

bool jg_check_is_lock(const char *file)
{
    return ends(file, "uv.lock") || ends(file, "pylock.toml");
}

bool jg_check_is_setuptools(const char *file)
{
    return ends(file, "setup.py") || ends(file, "setup.cfg");
}

/* Writes the package lines of direct that pip can resolve from wheels alone;
 * a source it would have to build (a VCS or sdist URL) is left out and named
 * in skipped, unless allow_builds. */
static void write_static(FILE *f, FILE *cons, const jg_reqs *direct, bool allow_builds,
                         char *skipped, size_t sn)
{
    size_t k = 0;
    if (!allow_builds && direct->unread[0]) /* local projects with no static metadata */
        k += (size_t)snprintf(skipped, sn, "%s", direct->unread);
    for (size_t i = 0; i < direct->n; i++) {
        const jg_req *r = &direct->v[i];
        size_t ul = strlen(r->url);
        bool source = r->kind == JG_REQ_PACKAGE && !r->constraint && ul &&
                      !(ul > 4 && strcmp(r->url + ul - 4, ".whl") == 0);
        if (source && !allow_builds) {
            k += (size_t)snprintf(skipped + k, k < sn ? sn - k : 0, "%s%s (%s:%zu)",
                                  k ? ", " : "", r->name, r->file, r->line);
            continue;
        }
        if (r->kind == JG_REQ_INDEX && strncmp(r->spec, "--", 2) == 0) /* a file's index */
            fprintf(f, "%s %s\n", r->spec, r->url);
        jg_req line = *r;
        jg_reqs one = {.v = &line, .n = 1};
        if (r->kind == JG_REQ_PACKAGE && r->constraint) { /* a -c line: limits, installs nothing */
            line.constraint = false;
            jg_reqs_write(cons, &one);
        } else
            jg_reqs_write(f, &one);
    }
}

/* What pip is asked to install for FILE; gen receives generated lines.
 * Without allow_builds pip gets only statically declared requirements (the
 * reader's lines, local projects read from their pyproject.toml), never a
 * project directory or source to build: building runs its code. */
static int targets(const struct jg_follow_in *in, jg_reqs *direct, const char **t, char *gen,
                   size_t gn, char *skipped, size_t sn, char *why, size_t n)
{
    jg_blob b;
    if (jg_check_is_setuptools(in->file)) {
        t[0] = ".", t[1] = NULL;
        if (!in->allow_builds)
            return snprintf(why, n, "%s is a setuptools project whose dependencies are known "
                            "only by running its code, which --check does not do without "
                            "--allow-builds", in->file), -1;
        return 0;
    }
    if (jg_read_path(in->file, JG_CAP_LARGE, &b) != JG_R_OK)
        return jg_blob_free(&b), snprintf(why, n, "cannot read %s", in->file), -1;
    int rc = jg_reqfile_parse(in->file, b.data, b.len, in->sel, direct, why, n);
    jg_blob_free(&b);
    if (rc < 0)
        return -1;
    if (in->allow_builds && !ends(in->file, "pyproject.toml")) {
        t[0] = "-r", t[1] = in->abs_file, t[2] = NULL;
        return 0;
    }
    char cpath[PATH_MAX + 64];
    snprintf(gen, gn, "%s/static-requirements.txt", in->tmp);
    snprintf(cpath, sizeof cpath, "%s/static-constraints.txt", in->tmp);
    FILE *f = fopen(gen, "w"), *c = fopen(cpath, "w");
    if (f && c) {
        fprintf(f, "-c %s\n", cpath);
        write_static(f, c, direct, in->allow_builds, skipped, sn);
    }
    bool ok = f && c;
    ok = (f ? fclose(f) == 0 : 0) && ok;
    ok = (c ? fclose(c) == 0 : 0) && ok;
    if (!ok)
        return snprintf(why, n, "cannot write %.500s", gen), -1;
    t[0] = "-r", t[1] = gen, t[2] = NULL;
    return 0;
}

int jg_check_follow(const struct jg_follow_in *in, jg_findings *found, char *note, size_t nn)
{
    char gen[PATH_MAX + 64], dir[PATH_MAX], why[1024];
    const char *t[4] = {NULL};
    jg_reqs direct = {.follow_includes = true};
    snprintf(dir, sizeof dir, "%s", in->abs_file);
    char skipped[1024] = "";
    int rc = targets(in, &direct, t, gen, sizeof gen, skipped, sizeof skipped, why, sizeof why);
    struct jg_resolve_in r = {.python = in->python, .cwd = dirname(dir), .targets = t,
                              .probe = in->probe, .index_url = in->index_url,
                              .extra_index_url = in->extra_index_url,
                              .find_links = in->find_links, .no_index = in->no_index,
                              .exclude_bnb = in->exclude_bnb, .tmp = in->tmp, .file = in->file,
                              .direct = &direct, .only_binary = !in->allow_builds};
    struct jg_resolve_out res;
    if (rc == 0)
        rc = jg_resolve_check(&r, found, &res, why, sizeof why);
    if (rc == 0 && !res.python[0]) /* pip stopped at a conflict: no report to read */
        snprintf(note, nn, "dependencies of dependencies followed up to the conflict above: "
                 "pip's resolve with the vendor torch family pinned stopped there, so what "
                 "else it would install was not listed");
    else if (rc == 0)
        snprintf(note, nn, "dependencies of dependencies followed: pip resolved %zu package(s) "
                 "for %s with the vendor torch family pinned", res.packages, res.python);
    else
        snprintf(note, nn, "dependencies of dependencies NOT followed: %s%s", why,
                 in->allow_builds || jg_check_is_setuptools(in->file)
                     ? ""
                     : " (no sdist or source tree is built without --allow-builds, so a "
                       "dependency published only as an sdist is not followed: pip's message "
                       "names it)");
    size_t len = strlen(note);
    if (skipped[0]) /* sources pip would have had to build: never an all-clear */
        snprintf(note + len, len < nn ? nn - len : 0, "; NOT followed: %s, a source that only "
                 "building (running its code) would resolve; --allow-builds builds it", skipped);
    jg_reqs_free(&direct);
    return rc == 0 && !skipped[0] ? 0 : 1;
}
