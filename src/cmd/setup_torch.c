/* setup: the torch the venv will see must be the tier's NVIDIA build, and
 * torchvision / torchaudio the builds the tier pins beside it. With no torch
 * visible, --wheel names the pinned wheels, each accepted only when its
 * sha256 is the one the policy records. Everything here happens before the
 * venv exists: the wheels are verified now and installed by setup_venv. */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/setup_steps.h"
#include "install/constraints.h"
#include "install/reqfile.h"
#include "install/setup.h"
#include "schema/pyprobe.h"
#include "schema/policy.h"
#include "util/json.h"
#include "util/msg.h"

static json_t *probe(const struct setup_opts *o, const char *python, char *why, size_t n)
{
    json_t *doc = jg_install_probe(python, 0, why, n);
    /* --root: the platform (and so the machine) is the one DIR describes. */
    if (doc && o->root && o->host_arch[0])
        json_object_set_new(json_object_get(doc, "python"), "machine", json_string(o->host_arch));
    return doc;
}

/* The wheel the tier pins for family member NAME, its sha256 and version. */
static const char *member_pin(const json_t *tier, const char *name, const char **sha,
                              const char **version)
{
    const json_t *pt = JG_OBJ(tier, tier, pytorch);
    *sha = *version = NULL;
    if (strcmp(name, "torch") == 0) {
        const char *kind = JG_STR(pin, pt, kind);
        *sha = JG_STR(pin, pt, sha256);
        return kind && strcmp(kind, "wheel") == 0 ? JG_STR(pin, pt, pin) : NULL;
    }
    const json_t *co = strcmp(name, "torchvision") == 0 ? JG_NODE(pin, pt, torchvision)
                                                         : JG_NODE(pin, pt, torchaudio);
    *sha = JG_STR(companion, co, sha256);
    *version = JG_STR(companion, co, version);
    return JG_STR(companion, co, pin);
}

static int wheel_sha256(const struct setup_opts *o, const char *path, char *hex, size_t n)
{
    char *const argv[] = {(char *)o->python, "-c",
                          "import hashlib,sys;print(hashlib.sha256(open(sys.argv[1],'rb')"
                          ".read()).hexdigest())", (char *)path, NULL};
    char *out = NULL, why[512];
    if (jg_setup_exec(argv, 300, &out, why, sizeof why) < 0)
        return jg_err("setup: cannot hash %s: %s", path, why), -1;
    snprintf(hex, n, "%.64s", out);
    free(out);
    return 0;
}

/* A URL is fetched (no install, no dependencies) into this run's temporary
 * directory by --python's pip: the venv does not exist yet. */
static int local_wheel(const struct setup_opts *o, const char *wheel, char *path, size_t n)
{
    if (!strstr(wheel, "://"))
        return snprintf(path, n, "%s", wheel), 0;
    char why[1024];
    char *const argv[] = {(char *)o->python, "-m", "pip", "download", "--no-deps", "-d",
                          (char *)o->tmp, (char *)wheel, NULL};
    if (jg_setup_exec(argv, JG_PIP_TIMEOUT_S, NULL, why, sizeof why) < 0)
        return jg_err("setup: cannot download %s with %s's pip (download it and pass the file): "
                      "%s", wheel, o->python, why), -1;
    /* pip saves it under the URL's last part, "%2B" decoded to "+". */
    char base[512];
    snprintf(base, sizeof base, "%s", wheel);
    char *file = basename(base);
    for (char *p; (p = strstr(file, "%2B")) || (p = strstr(file, "%2b"));)
        memmove(p + 1, p + 3, strlen(p + 3) + 1), *p = '+';
    if ((size_t)snprintf(path, n, "%s/%s", o->tmp, file) >= n)
        return jg_err("setup: path too long: %s/%s", o->tmp, file), -1;
    return 0;
}

/* One --wheel: the tier's pin for its package, the recorded sha256, the same bytes. */
static int verify_wheel(struct setup_opts *o, const json_t *tier, const char *wheel)
{
    const char *id = JG_STR(tier, tier, id), *sha, *version;
    char wname[64], wver[128], pname[64], pver[128], path[PATH_MAX], hex[80], fix[768];
    if (!jg_wheel_version(wheel, wname, sizeof wname, wver, sizeof wver) ||
        !jg_family_member(wname))
        return jg_err("setup: --wheel %s is not a torch, torchvision or torchaudio wheel", wheel),
               JG_EXIT_USAGE;
    const char *pin = member_pin(tier, wname, &sha, &version);
    jg_family_remedy(wname, fix, sizeof fix);
    if (!pin)
        return jg_err("setup: tier %s pins no %s wheel, so --wheel %s cannot be checked; fix: "
                      "%s", id, wname, wheel, fix), JG_EXIT_NO;
    if (!jg_wheel_version(pin, pname, sizeof pname, pver, sizeof pver) ||
        strcmp(wname, pname) != 0 || strcmp(wver, pver) != 0)
        return jg_err("setup: --wheel %s is not the tier's pin %s", wheel, pin), JG_EXIT_NO;
    if (!sha)
        return jg_err("setup: the policy records no sha256 for tier %s's %s wheel, so %s cannot "
                      "be verified; add \"sha256\" to its pin (sha256sum of the wheel from "
                      "NVIDIA)", id, wname, wheel), JG_EXIT_NO;
    if (local_wheel(o, wheel, path, sizeof path) < 0 || wheel_sha256(o, path, hex, sizeof hex) < 0)
        return JG_EXIT_NO;
    if (strcasecmp(hex, sha) != 0)
        return jg_err("setup: %s has sha256 %s, not the %s the policy records: not installed",
                      path, hex, sha), JG_EXIT_NO;
    if (o->nwheels == SETUP_MAX_WHEELS)
        return jg_err("setup: more than %d --wheel files", SETUP_MAX_WHEELS), JG_EXIT_USAGE;
    snprintf(o->wheels[o->nwheels++], sizeof o->wheels[0], "%s", path);
    jg_progress("setup: %s matches tier %s's %s pin and its sha256", path, id, wname);
    return 0;
}

/* torchvision / torchaudio: the installed build is the pinned one. */
static int judge_companions(const json_t *tier, const json_t *doc)
{
    const char *id = JG_STR(tier, tier, id);
    for (size_t i = 1; jg_family_name(i); i++) {
        const char *name = jg_family_name(i), *sha, *want, *fix_for = name;
        member_pin(tier, name, &sha, &want);
        const char *have = json_string_value(json_object_get(
            json_object_get(json_object_get(doc, "packages"), name), "version"));
        char fix[768];
        jg_family_remedy(fix_for, fix, sizeof fix);
        if (want && have && strcmp(want, have) != 0)
            return jg_err("setup: %s %s is installed, but tier %s pins %s %s beside torch; fix: "
                          "%s", name, have, id, name, want, fix), JG_EXIT_NO;
        if (!want && have)
            jg_warn("setup: tier %s pins no %s; keeping the installed %s (constraints pin it); "
                    "to protect it as the tier's build: %s", id, name, have, fix);
    }
    return 0;
}

int setup_judge(const struct setup_opts *o, const json_t *tier, const char *python)
{
    char why[1024], pname[64], pver[128], fix[768];
    json_t *doc = probe(o, python, why, sizeof why);
    if (!doc)
        return jg_err("setup: cannot ask %s: %s", python, why), JG_EXIT_NO;
    const char *have = JG_STR(cprobe, doc, torch_version);
    const json_t *pt = JG_OBJ(tier, tier, pytorch);
    const char *kind = JG_STR(pin, pt, kind), *pin = JG_STR(pin, pt, pin);
    const char *id = JG_STR(tier, tier, id);
    int rc = 0;
    jg_family_remedy("torch", fix, sizeof fix);
    char missing[1024];
    if (!jg_torch_pin_fits_tier(doc, tier, why, sizeof why)) /* an upstream pin (7.2) too */
        rc = (jg_err("setup: refusing: %s (%s sees it); fix: %s", why, python, fix), JG_EXIT_NO);
    else if (jg_tier_missing_list(doc, tier, missing, sizeof missing))
        jg_progress("setup: %s; its nvidia-* wheels %s are installed after every check", why,
                    missing);
    else if (kind && strcmp(kind, "container") == 0)
        rc = (jg_err("setup: tier %s pins the container %s, not a flashed-host torch: build "
                     "docker/jetson.Dockerfile instead", id, pin), JG_EXIT_NO);
    else if (kind && jg_wheel_version(pin, pname, sizeof pname, pver, sizeof pver) &&
             strcmp(pver, have) != 0)
        rc = (jg_err("setup: torch %s is installed, but tier %s pins %s: install that wheel "
                     "first", have, id, pin), JG_EXIT_NO);
    else if (!kind)
        jg_warn("setup: tier %s pins no torch; keeping the installed NVIDIA build %s", id, have);
    if (rc == 0)
        rc = judge_companions(tier, doc);
    json_decref(doc);
    return rc;
}

/* --wheel files for members the interpreter already sees are not installed. */
static int verify_wheels(struct setup_opts *o, const json_t *tier, const json_t *doc)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", o->wheel ? o->wheel : "");
    for (char *save, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        char name[64], ver[128];
        const char *seen = jg_wheel_version(w, name, sizeof name, ver, sizeof ver)
                               ? json_string_value(json_object_get(json_object_get(
                                     json_object_get(doc, "packages"), name), "version"))
                               : NULL;
        if (seen) {
            jg_progress("setup: %s %s is already visible; --wheel %s is not installed", name,
                        seen, w);
            continue;
        }
        int rc = verify_wheel(o, tier, w);
        if (rc)
            return rc;
    }
    return 0;
}

int setup_torch(struct setup_opts *o, const json_t *tier, json_t **before)
{
    char why[1024], fix[768];
    json_t *doc = probe(o, o->probe_py, why, sizeof why);
    if (!doc)
        return jg_err("setup: cannot ask %s: %s", o->probe_py, why), JG_EXIT_NO;
    bool have_torch = JG_STR(cprobe, doc, torch_version) != NULL;
    int rc = verify_wheels(o, tier, doc);
    json_decref(doc);
    bool torch_wheel = false;
    for (size_t i = 0; i < o->nwheels; i++) {
        char name[64], ver[128];
        torch_wheel = torch_wheel ||
                      (jg_wheel_version(o->wheels[i], name, sizeof name, ver, sizeof ver) &&
                       strcmp(name, "torch") == 0);
    }
    jg_family_remedy("torch", fix, sizeof fix);
    if (rc == 0 && !have_torch && !torch_wheel)
        rc = (jg_err("setup: %s sees no torch: pass --wheel with the tier's pin (%s), or %s",
                     o->probe_py,
                     JG_STR(pin, JG_OBJ(tier, tier, pytorch), pin)
                         ? JG_STR(pin, JG_OBJ(tier, tier, pytorch), pin) : "none", fix),
              JG_EXIT_NO);
    if (rc == 0 && have_torch)
        rc = setup_judge(o, tier, o->probe_py);
    if (rc == 0 && have_torch)
        rc = setup_fingerprint(o->probe_py, before);
    return rc;
}
