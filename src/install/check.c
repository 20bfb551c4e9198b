/* Would installing this exported requirements or lock file replace the
 * vendor torch, or add bitsandbytes? One finding per offending line. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "install/constraints.h"
#include "install/pep440.h"
#include "install/reqfile.h"
#include "util/msg.h"
#include "util/scrub.h"


/* +cpu or +cuNNN anywhere in a version or specifier. */
static bool foreign_local(const char *s)
{
    for (const char *p = strchr(s, '+'); p; p = strchr(p + 1, '+'))
        if (strncasecmp(p + 1, "cpu", 3) == 0 ||
            (strncasecmp(p + 1, "cu", 2) == 0 && isdigit((unsigned char)p[3])))
            return true;
    return false;
}

static const char *installed(const struct jg_check_ctx *c, const char *name)
{
    if (!c->vendor_torch)
        return NULL;
    return json_string_value(
        json_object_get(json_object_get(json_object_get(c->probe, "packages"), name), "version"));
}

/* The version a direct reference installs, or NULL when it is no wheel. */
static bool url_version(const jg_req *r, char *v, size_t n)
{
    char name[128];
    return jg_wheel_version(r->url, name, sizeof name, v, n);
}

static void torch_rule(const jg_req *r, const struct jg_check_ctx *c, jg_findings *out)
{
    const char *file = r->file;
    char wheel[128] = "";
    bool is_wheel = r->url[0] && url_version(r, wheel, sizeof wheel);
    const char *asked = r->url[0] ? (is_wheel ? wheel : r->url) : r->spec;
    if (foreign_local(asked)) {
        jg_findings_add(out, file, r->line, 0, "torch.local-version",
                        "%s %s is a CPU (+cpu) or download.pytorch.org (+cuXXX) build; it would "
                        "replace NVIDIA's Jetson build", r->name, asked);
        return;
    }
    const char *have = installed(c, r->name);
    if (r->from_lock && !r->spec[0]) {
        jg_findings_add(out, file, r->line, 0, "torch.replace",
                        "%s: the lock entry has no version (a URL or source build?), so it "
                        "cannot be shown to keep the vendor build", r->name);
        return;
    }
    if (!have) {
        char fix[768];
        jg_family_remedy(r->name, fix, sizeof fix);
        if (strcmp(r->name, "torch") == 0)
            jg_findings_add(out, file, r->line, 0, "torch.replace",
                            "torch: no vendor torch is known (from %s), so this line cannot be "
                            "shown to keep one; fix: %s", c->source, fix);
        else
            jg_findings_add(out, file, r->line, 0, "torch.replace",
                            "no vendor %s is known (from %s); a PyPI %s requires its own torch "
                            "and would replace the vendor build; fix: %s",
                            r->name, c->source, r->name, fix);
        return;
    }
    int ok = r->url[0] ? (is_wheel && strcasecmp(wheel, have) == 0)
                       : jg_specifier_contains(r->spec, have);
    if (ok != 1)
        jg_findings_add(out, file, r->line, 0, "torch.replace",
                        "%s %s%s: the vendor %s %s (from %s) %s; installing this would replace "
                        "it%s", r->name, r->url[0] ? "from " : "", r->url[0] ? r->url : r->spec,
                        r->name, have, c->source,
                        ok < 0 ? "cannot be compared with it" : "does not satisfy it",
                        r->constraint ? " (a constraint: whatever requires torch gets this "
                                        "version)" : "");
}

static void bnb_rule(const jg_req *r, jg_findings *out)
{
    if (!r->constraint) /* a constraint installs nothing */
        jg_findings_add(out, r->file, r->line, 0, "bitsandbytes",
                        "adds bitsandbytes, which the tier marks unsupported (the PyPI "
                        "aarch64 wheel targets SBSA servers, not Jetson)");
}

/* Is the URL's host PyTorch's index? Host names are case-insensitive and
 * may end in a dot: DOWNLOAD.PyTorch.org. is the same host. */
static bool pytorch_host(const char *url)
{
    static const char host[] = "download.pytorch.org";
    const char *h = strstr(url, "://");
    h = h ? h + 3 : url;
    size_t end = strcspn(h, "/?#"), at = end;
    while (at > 0 && h[at - 1] != '@')
        at--;
    h += at; /* past any user:password@ */
    end = strcspn(h, ":/?#");
    if (end && h[end - 1] == '.')
        end--;
    return end == sizeof host - 1 && strncasecmp(h, host, end) == 0;
}

static void index_rule(const jg_req *r, jg_findings *out)
{
    size_t n = strlen(r->file);
    bool uv = n >= 14 && strcmp(r->file + n - 14, "pyproject.toml") == 0;
    if (!pytorch_host(r->url))
        return;
    char *shown = jg_scrub_text(NULL, r->url, JG_SCRUB_VALUE); /* no index password in a log */
    jg_findings_add(out, r->file, r->line, 0, "index.pytorch",
                    "index %s serves CPU-only or server-CUDA torch wheels, never "
                    "NVIDIA's Jetson build%s", shown ? shown : "(url)",
                    uv ? " (uv reads [tool.uv] indexes and sources; pip does not)" : "");
    free(shown);
}

int jg_constraints_check(const char *name, const char *text, size_t len,
                         const struct jg_check_ctx *c, jg_findings *out, char *err, size_t n)
{
    jg_reqs reqs = {.follow_includes = c->follow_includes};
    jg_marker_env sel = {
        .python = json_string_value(json_object_get(json_object_get(c->probe, "python"),
                                                    "version")),
        .extras = c->extras, .nextras = c->nextras, .groups = c->groups, .ngroups = c->ngroups};
    if (jg_reqfile_parse(name, text, len, &sel, &reqs, err, n) < 0) {
        jg_reqs_free(&reqs);
        return -1;
    }
    for (size_t i = 0; i < reqs.n; i++) {
        const jg_req *r = &reqs.v[i];
        if (r->kind == JG_REQ_INDEX)
            index_rule(r, out);
        else if (strcmp(r->name, "bitsandbytes") == 0 && c->exclude_bnb)
            bnb_rule(r, out);
        else if (jg_family_member(r->name))
            torch_rule(r, c, out);
    }
    jg_reqs_free(&reqs);
    return 0;
}
