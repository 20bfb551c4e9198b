/* pip, venv and the fingerprint script as children: the environment policy
 * for children (util/env.h: no tokens or passwords reach pip, whose output
 * ends up in logs), a deadline, and the reason when one fails. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "embedded.h"
#include "evidence/sanitize.h"
#include "install/setup.h"
#include "util/env.h"
#include "util/json.h"
#include "util/spawn.h"

extern char **environ;

/* The line of text that ends at or before end: [*b, *e) without its indent
 * and trailing blanks; false when none is left. */
static bool line_before(const char *text, const char *end, const char **b, const char **e)
{
    while (end > text && (end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\r'))
        end--;
    const char *start = end;
    while (start > text && start[-1] != '\n')
        start--;
    while (start < end && *start == ' ')
        start++;
    *b = start, *e = end;
    return end > start;
}

static bool starts(const char *b, const char *e, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(e - b) >= n && memcmp(b, word, n) == 0;
}

/* What pip says went wrong. A failed build's own last line (before pip's
 * "[end of output]": the exception, the compiler's error), else pip's last
 * line that is not a "note:" / "hint:", which only point back at the output
 * ("note: This error originates from a subprocess ..."). Scrubbed, then
 * cut: an index URL's password never reaches the message. */
static void pip_reason(const char *text, char *out, size_t n)
{
    out[0] = '\0';
    if (!text)
        return;
    const char *b = NULL, *e = NULL, *end = text + strlen(text);
    const char *built = NULL;
    for (const char *p = text; (p = strstr(p, "[end of output]")) != NULL; p++)
        built = p;
    if (built && line_before(text, built, &b, &e) && !starts(b, e, "[end of output]"))
        end = NULL; /* found */
    while (end && line_before(text, end, &b, &e) && (starts(b, e, "note:") || starts(b, e, "hint:")))
        end = b;
    if (!b || e <= b)
        return;
    char *clean = jg_scrub_excerpt(b, (size_t)(e - b), n - 1, false);
    snprintf(out, n, "%s", clean ? clean : "");
    free(clean);
}

int jg_setup_exec(char *const argv[], double timeout_s, char **out, char *why, size_t n)
{
    return jg_setup_exec_in(argv, NULL, timeout_s, out, why, n);
}

int jg_setup_exec_in(char *const argv[], const char *cwd, double timeout_s, char **out,
                     char *why, size_t n)
{
    /* The user site stays visible: NVIDIA's guide installs torch with a plain
     * `python3 -m pip install`, which puts it there for a non-root user. */
    static const char *const add[] = {"PIP_DISABLE_PIP_VERSION_CHECK=1", NULL};
    char *path = jg_which(argv[0]);
    char **envp = jg_env_build(environ, add, JG_ENV_KEEP_PIP); /* the user's index, not PyPI's */
    if (!path || !envp) {
        snprintf(why, n, "%s: %s", argv[0], path ? "out of memory" : "not found on PATH");
        free(path);
        jg_env_free(envp);
        return -1;
    }
    char here[PATH_MAX], abs[2 * PATH_MAX];
    /* relative to our cwd; not realpath: a venv's bin/python is a symlink
     * whose own location is what makes it the venv's interpreter */
    if (path && cwd && path[0] != '/' && getcwd(here, sizeof here)) {
        snprintf(abs, sizeof abs, "%s/%s", here, path);
        free(path);
        path = strdup(abs);
    }
    char **args = (char **)argv;
    char *saved = args[0];
    args[0] = path;
    jg_spawn_opts o = {.timeout_s = timeout_s, .envp = envp, .out_cap = 8u << 20, .cwd = cwd};
    jg_child c;
    int rc = jg_spawn_argv(args, &o, &c);
    args[0] = saved;
    if (rc != 0 || c.outcome != JG_CHILD_EXITED || c.code != 0) {
        char how[128], tail[512];
        jg_child_describe(&c, how, sizeof how);
        pip_reason(c.errtxt && c.err_len ? c.errtxt : c.out, tail, sizeof tail);
        /* "python -m pip install", not "python -m" */
        bool module = argv[1] && strcmp(argv[1], "-m") == 0 && argv[2];
        snprintf(why, n, "%s %s%s%s%s%s: %s%s%s", saved, argv[1] ? argv[1] : "",
                 module ? " " : "", module ? argv[2] : "",
                 module && argv[3] ? " " : "", module && argv[3] ? argv[3] : "", how,
                 tail[0] ? ": " : "", tail);
        rc = -1;
    } else if (out) {
        *out = c.out ? strdup(c.out) : strdup("");
    }
    jg_child_free(&c);
    free(path);
    jg_env_free(envp);
    return rc;
}

json_t *jg_torch_fingerprint(const char *python, char *why, size_t n)
{
    char *const argv[] = {(char *)python, "-c", (char *)jg_embed_torch_fingerprint_py, NULL};
    char *out = NULL;
    if (jg_setup_exec(argv, 600, &out, why, n) < 0)
        return NULL;
    jg_jerr jerr;
    json_t *doc = jg_json_parse(out, strlen(out), "torch fingerprint", &jerr);
    free(out);
    const char *err = json_string_value(json_object_get(doc, "error"));
    if (!doc || err || !json_is_string(json_object_get(doc, "version"))) {
        snprintf(why, n, "%s", err ? err : doc ? "no torch version" : jerr.text);
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* One package's fingerprint against another's: same version, RECORD,
 * location, and every recorded file intact. */
static bool same_build(const char *name, const json_t *before, const json_t *after, char *why,
                       size_t n)
{
    static const char *const keys[] = {"version", "record_sha256", "site", "module"};
    if (!after)
        return snprintf(why, n, "%s %s is no longer installed", name,
                        json_string_value(json_object_get(before, "version"))), false;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!json_equal(json_object_get(before, keys[i]), json_object_get(after, keys[i]))) {
            snprintf(why, n, "%s's %s changed: %s -> %s", name, keys[i],
                     json_string_value(json_object_get(before, keys[i])),
                     json_string_value(json_object_get(after, keys[i])));
            return false;
        }
    json_int_t changed = json_integer_value(json_object_get(after, "files_changed_count"));
    if (changed)
        return snprintf(why, n, "%lld of %s's files no longer match its RECORD (first: %s)",
                        (long long)changed, name,
                        json_string_value(json_array_get(json_object_get(after, "files_changed"),
                                                         0))), false;
    return true;
}

bool jg_torch_same_build(const json_t *before, const json_t *after, char *why, size_t n)
{
    if (!same_build("torch", before, after, why, n))
        return false;
    const json_t *was = json_object_get(before, "companions");
    const json_t *now = json_object_get(after, "companions");
    const char *name;
    const json_t *fp;
    json_object_foreach((json_t *)was, name, fp)
        if (!same_build(name, fp, json_object_get(now, name), why, n))
            return false;
    json_object_foreach((json_t *)now, name, fp)
        if (!json_object_get(was, name))
            return snprintf(why, n, "%s %s was added by the install (not the vendor build)",
                            name, json_string_value(json_object_get(fp, "version"))), false;
    return true;
}
