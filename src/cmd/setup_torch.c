/* setup: the torch the venv sees must be the tier's NVIDIA build. With no
 * torch visible, --wheel installs the pinned wheel, but only after its
 * sha256 matched the one the policy records. */
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

static json_t *probe_venv(const struct setup_opts *o, char *why, size_t n)
{
    json_t *probe = jg_install_probe(o->venv_py, 0, why, n);
    /* --root: the platform (and so the machine) is the one DIR describes. */
    if (probe && o->root && o->host_arch[0])
        json_object_set_new(json_object_get(probe, "python"), "machine",
                            json_string(o->host_arch));
    return probe;
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

/* A URL is fetched by pip download (no install, no dependencies) first. */
static int local_wheel(const struct setup_opts *o, char *path, size_t n)
{
    if (!strstr(o->wheel, "://"))
        return snprintf(path, n, "%s", o->wheel), 0;
    char dir[PATH_MAX + 32], why[1024], base[512];
    snprintf(dir, sizeof dir, "%s/jetgate-wheel", o->venv_dir);
    char *const argv[] = {(char *)o->venv_py, "-m", "pip", "download", "--no-deps", "-d", dir,
                          (char *)o->wheel, NULL};
    if (jg_setup_exec(argv, JG_PIP_TIMEOUT_S, NULL, why, sizeof why) < 0)
        return jg_err("setup: cannot download %s: %s", o->wheel, why), -1;
    /* pip saves it under the URL's last part, "%2B" decoded to "+". */
    snprintf(base, sizeof base, "%s", o->wheel);
    char file[512];
    size_t k = 0;
    for (const char *p = basename(base); *p && k + 1 < sizeof file; p++) {
        bool plus = p[0] == '%' && p[1] == '2' && (p[2] == 'B' || p[2] == 'b');
        file[k++] = plus ? '+' : *p;
        p += plus ? 2 : 0;
    }
    file[k] = '\0';
    if ((size_t)snprintf(path, n, "%s/%s", dir, file) >= n)
        return jg_err("setup: path too long: %s/%s", dir, file), -1;
    return 0;
}

static int install_wheel(const struct setup_opts *o, const json_t *tier)
{
    const json_t *pt = JG_OBJ(tier, tier, pytorch);
    const char *pin = JG_STR(pin, pt, pin), *kind = JG_STR(pin, pt, kind);
    const char *sha = JG_STR(pin, pt, sha256), *id = JG_STR(tier, tier, id);
    char wname[64], wver[128], pname[64], pver[128], path[PATH_MAX], hex[80], why[1024];
    if (!kind || strcmp(kind, "wheel") != 0 || !pin)
        return jg_err("setup: tier %s pins no torch wheel, so --wheel cannot be checked", id),
               JG_EXIT_NO;
    if (!jg_wheel_version(o->wheel, wname, sizeof wname, wver, sizeof wver) ||
        !jg_wheel_version(pin, pname, sizeof pname, pver, sizeof pver) ||
        strcmp(wname, pname) != 0 || strcmp(wver, pver) != 0)
        return jg_err("setup: --wheel %s is not the tier's pin %s", o->wheel, pin), JG_EXIT_NO;
    if (!sha)
        return jg_err("setup: the policy records no sha256 for tier %s's wheel, so %s cannot be "
                      "verified; add \"sha256\" to its pytorch pin (sha256sum of the wheel "
                      "from NVIDIA)", id, o->wheel), JG_EXIT_NO;
    if (local_wheel(o, path, sizeof path) < 0 || wheel_sha256(o, path, hex, sizeof hex) < 0)
        return JG_EXIT_NO;
    if (strcasecmp(hex, sha) != 0)
        return jg_err("setup: %s has sha256 %s, not the %s the policy records: not installed",
                      path, hex, sha), JG_EXIT_NO;
    jg_progress("setup: installing the verified NVIDIA wheel %s into the venv", path);
    char *const argv[] = {(char *)o->venv_py, "-m", "pip", "install", path, NULL};
    if (jg_setup_exec(argv, JG_PIP_TIMEOUT_S, NULL, why, sizeof why) < 0)
        return jg_err("setup: installing the wheel failed: %s", why), JG_EXIT_NO;
    return 0;
}

/* A tier pinning JetPack 7.2's upstream CUDA torch: the nvidia-*-cu13 wheels it loads
 * cuDNN, NCCL, cuSPARSELt and NVSHMEM from are installed (pip leaves torch alone), then
 * judge() checks them. */
static int install_extra_wheels(const struct setup_opts *o, const json_t *tier, json_t **probe)
{
    const char *extra = jg_tier_extra_wheels(tier);
    if (!extra || !jg_tier_missing_wheels(*probe, tier))
        return 0;
    char list[512], why[512], *argv[16] = {(char *)o->venv_py, "-m", "pip", "install"};
    size_t k = 4;
    snprintf(list, sizeof list, "%s", extra);
    for (char *save = NULL, *w = strtok_r(list, " ", &save); w && k < 15;
         w = strtok_r(NULL, " ", &save))
        argv[k++] = w;
    argv[k] = NULL;
    jg_progress("setup: installing the wheels the tier's upstream CUDA torch needs: %s", extra);
    if (jg_setup_exec(argv, JG_PIP_TIMEOUT_S, NULL, why, sizeof why) < 0)
        return jg_err("setup: installing %s failed: %s", extra, why), JG_EXIT_NO;
    json_decref(*probe);
    *probe = probe_venv(o, why, sizeof why);
    return *probe ? 0 : (jg_err("setup: cannot ask the venv's interpreter: %s", why), JG_EXIT_NO);
}

/* The vendor build, and the tier's pin when the tier pins a wheel. */
static int judge(const struct setup_opts *o, const json_t *tier, const json_t *probe)
{
    char why[512], pname[64], pver[128];
    const char *have = JG_STR(cprobe, probe, torch_version);
    const json_t *pt = JG_OBJ(tier, tier, pytorch);
    const char *kind = JG_STR(pin, pt, kind), *pin = JG_STR(pin, pt, pin);
    const char *id = JG_STR(tier, tier, id);
    if (!jg_torch_fits_tier(probe, tier, why, sizeof why))
        return jg_err("setup: refusing: %s (the venv %s sees it)", why, o->venv_dir), JG_EXIT_NO;
    if (kind && strcmp(kind, "container") == 0)
        return jg_err("setup: tier %s pins the container %s, not a flashed-host torch: build "
                      "docker/jetson.Dockerfile instead", id, pin),
               JG_EXIT_NO;
    if (kind && jg_wheel_version(pin, pname, sizeof pname, pver, sizeof pver) &&
        strcmp(pver, have) != 0)
        return jg_err("setup: torch %s is installed, but tier %s pins %s: install that wheel "
                      "first", have, id, pin), JG_EXIT_NO;
    if (!kind)
        jg_warn("setup: tier %s pins no torch; keeping the installed NVIDIA build %s", id, have);
    return 0;
}

int setup_torch(struct setup_opts *o, const json_t *tier, json_t **before)
{
    char why[1024];
    json_t *probe = probe_venv(o, why, sizeof why);
    int rc = probe ? 0 : (jg_err("setup: cannot ask the venv's interpreter: %s", why), JG_EXIT_NO);
    const char *pin = JG_STR(pin, JG_OBJ(tier, tier, pytorch), pin);
    if (rc == 0 && !JG_STR(cprobe, probe, torch_version)) {
        rc = o->wheel ? install_wheel(o, tier)
                      : (jg_err("setup: the venv sees no torch: install NVIDIA's wheel for "
                                "this JetPack (tier pin: %s) for %s, or pass --wheel",
                                pin ? pin : "none", o->python), JG_EXIT_NO);
        json_decref(probe);
        probe = rc == 0 ? probe_venv(o, why, sizeof why) : NULL;
        if (rc == 0 && !probe)
            rc = (jg_err("setup: cannot ask the venv's interpreter: %s", why), JG_EXIT_NO);
    } else if (rc == 0 && o->wheel) {
        jg_progress("setup: torch is already visible; --wheel %s is not installed", o->wheel);
    }
    if (rc == 0)
        rc = install_extra_wheels(o, tier, &probe);
    if (rc == 0)
        rc = judge(o, tier, probe);
    json_decref(probe);
    if (rc == 0 && !(*before = jg_torch_fingerprint(o->venv_py, why, sizeof why)))
        rc = (jg_err("setup: cannot fingerprint torch: %s", why), JG_EXIT_NO);
    if (rc == 0 && json_integer_value(json_object_get(*before, "files_changed_count")))
        rc = (jg_err("setup: the installed torch's files do not match its RECORD (%s, ...): "
                     "reinstall NVIDIA's wheel first",
                     json_string_value(json_array_get(json_object_get(*before, "files_changed"), 0))),
              JG_EXIT_NO);
    if (rc == 0)
        jg_progress("setup: torch %s (NVIDIA build) from %s; %lld files match its RECORD",
                    jg_json_str(*before, "version"), jg_json_str(*before, "site"),
                    (long long)json_integer_value(json_object_get(*before, "files_hashed")));
    return rc;
}
