/* How a Jetson job gets jetgate and which labels it records: jobs that call
 * jetgate's reusable workflow or use its action (they are Jetson jobs too),
 * jobs whose steps could not build or find jetgate (a workflow copied out of
 * jetgate's repository that builds `cmake -S .` of the project), and the
 * labels a job passes to jetgate against the labels it runs on. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lint/lint_internal.h"

#define REUSABLE_FILE ".github/workflows/jetson-gate.yml"

static bool has_nocase(const char *hay, const char *needle)
{
    for (size_t n = strlen(needle); *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return true;
    return false;
}

static const char *scalar(const jg_ynode *n)
{
    return n && n->kind == JG_Y_SCALAR ? n->text : NULL;
}

/* "owner/NAME@ref" or "owner/NAME/sub/path@ref": NAME equals repo (any case). */
static bool remote_repo_is(const char *uses, const char *repo, const char **rest)
{
    const char *slash = strchr(uses, '/');
    if (!slash || strncmp(uses, "./", 2) == 0 || strncmp(uses, "docker://", 9) == 0)
        return false;
    size_t n = strlen(repo);
    if (strncasecmp(slash + 1, repo, n) != 0 || (slash[1 + n] != '@' && slash[1 + n] != '/'))
        return false;
    *rest = slash + 1 + n;
    return true;
}

bool jg_lint_uses_reusable(const char *uses)
{
    const char *rest;
    if (!uses)
        return false;
    if (strcmp(uses, "./" REUSABLE_FILE) == 0)
        return true;
    return remote_repo_is(uses, "jetgate", &rest) &&
           strncmp(rest, "/" REUSABLE_FILE "@", strlen(REUSABLE_FILE) + 2) == 0;
}

/* A file under the checkout root; unknown (true) when the root is unknown. */
static bool in_repo(const struct jg_wf *w, const char *rel)
{
    if (!w->repo_root)
        return true;
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", w->repo_root, rel);
    return access(path, F_OK) == 0;
}

/* The jetgate action: owner/jetgate@ref, or a local directory holding an
 * action.yml whose logic is jetgate's scripts/action.sh, or one whose name
 * says jetgate (checked out at run time, as the reusable workflow does). */
bool jg_lint_uses_action(const struct jg_wf *w, const char *uses)
{
    const char *rest;
    if (!uses)
        return false;
    if (remote_repo_is(uses, "jetgate", &rest))
        return rest[0] == '@';
    if (strncmp(uses, "./", 2) != 0)
        return false;
    char rel[1100];
    snprintf(rel, sizeof rel, "%s/scripts/action.sh", uses + 2);
    return has_nocase(uses, "jetgate") || (w->repo_root && in_repo(w, rel));
}

/* A step before index `before` that checks out into path `dir` (./dir or dir). */
static bool checked_out_before(const jg_ynode *steps, size_t before, const char *dir)
{
    for (size_t i = 0; i < before; i++) {
        const char *u = scalar(jg_ymap_get(steps->items[i], "uses"));
        const char *p = scalar(jg_ymap_get(jg_ymap_get(steps->items[i], "with"), "path"));
        if (u && p && strncmp(u, "actions/checkout@", 17) == 0 && strcmp(p, dir) == 0)
            return true;
    }
    return false;
}

/* Local actions and reusable workflows must exist in this checkout (or be
 * checked out by an earlier step): a copied workflow names files of jetgate's
 * repository that the project does not have. */
void jg_lint_local_uses(struct jg_wf *w, const jg_ynode *job)
{
    const jg_ynode *u = jg_ymap_get(job, "uses");
    if (scalar(u) && strncmp(u->text, "./", 2) == 0 && !in_repo(w, u->text + 2))
        jg_lint_find(w, u, "jetson.jetgate-missing",
                     "'%s' is not in this repository (a workflow copied from jetgate's own "
                     "repository?): call OWNER/jetgate/" REUSABLE_FILE "@<sha> instead",
                     u->text);
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++) {
        const jg_ynode *su = jg_ymap_get(steps->items[i], "uses");
        const char *s = scalar(su);
        if (!s || strncmp(s, "./", 2) != 0)
            continue;
        char rel[1100];
        snprintf(rel, sizeof rel, "%s%saction.yml", s + 2, s[2] && s[strlen(s) - 1] != '/' ? "/" : "");
        char rel2[1100];
        snprintf(rel2, sizeof rel2, "%.*syaml", (int)strlen(rel) - 3, rel);
        bool cloned = checked_out_before(steps, i, s + 2) || checked_out_before(steps, i, s);
        if (!cloned && !in_repo(w, rel) && !in_repo(w, rel2))
            jg_lint_find(w, su, "jetson.jetgate-missing",
                         "local action '%s' has no action.yml in this repository and no earlier "
                         "step checks it out: use OWNER/jetgate@<sha>",
                         s);
    }
}

/* `cmake -S DIR` / `cmake DIR` in a script: builds jetgate only when DIR is
 * jetgate's source tree (its CMakeLists.txt declares project(jetgate)). */
static bool builds_jetgate(const struct jg_wf *w, const char *script)
{
    for (const char *p = script; (p = strstr(p, "cmake")) != NULL; p++) {
        const char *s = strstr(p, "-S");
        const char *eol = strchr(p, '\n');
        if (!s || (eol && s > eol))
            continue;
        s += 2;
        while (*s == ' ' || *s == '=')
            s++;
        char dir[512];
        size_t k = 0;
        while (s[k] && !isspace((unsigned char)s[k]) && k + 1 < sizeof dir)
            dir[k] = s[k], k++;
        dir[k] = '\0';
        if (!w->repo_root || strchr(dir, '$'))
            return true; /* cannot tell: give the benefit of the doubt */
        char path[4600];
        snprintf(path, sizeof path, "%s/%s/CMakeLists.txt", w->repo_root, dir);
        FILE *f = fopen(path, "r");
        char line[256];
        bool yes = false;
        while (f && !yes && fgets(line, sizeof line, f))
            yes = strstr(line, "project(jetgate") != NULL;
        if (f)
            fclose(f);
        if (yes)
            return true;
    }
    return false;
}

/* Installing or downloading jetgate, or calling it from PATH. */
static bool gets_jetgate(const char *script)
{
    static const char *const how[] = {"dpkg -i", "apt-get install", "apt install", "curl",
                                      "wget", "gh release download"};
    if (!strstr(script, "jetgate"))
        return false;
    for (size_t i = 0; i < sizeof how / sizeof how[0]; i++)
        if (strstr(script, how[i]))
            return true;
    return false;
}

/* A bare `jetgate run` (first word of a line, or after && ; |) runs the one on PATH. */
static bool calls_from_path(const char *script)
{
    for (const char *p = script; (p = strstr(p, "jetgate run")) != NULL; p++) {
        const char *q = p;
        while (q > script && (q[-1] == ' ' || q[-1] == '\t'))
            q--;
        if (q == script || q[-1] == '\n' || q[-1] == ';' || q[-1] == '&' || q[-1] == '|')
            return true;
    }
    return false;
}

void jg_lint_jetgate_provided(struct jg_wf *w, const jg_ynode *key, const jg_ynode *job)
{
    const jg_ynode *steps = jg_ymap_get(job, "steps");
    for (size_t i = 0; steps && steps->kind == JG_Y_SEQ && i < steps->n; i++) {
        const char *run = scalar(jg_ymap_get(steps->items[i], "run"));
        if (jg_lint_uses_action(w, scalar(jg_ymap_get(steps->items[i], "uses"))) ||
            (run && (builds_jetgate(w, run) || gets_jetgate(run) || calls_from_path(run))))
            return;
    }
    jg_lint_find(w, key, "jetson.jetgate-missing",
                 "job '%s' runs the gate but no step builds, installs or uses jetgate (a "
                 "`cmake -S DIR` of a tree that is not jetgate's does not): use the jetgate "
                 "action, OWNER/jetgate@<sha>",
                 key->text);
}
