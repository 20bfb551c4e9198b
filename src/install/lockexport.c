/* A uv.lock or pylock.toml as a requirements file for `pip install
 * --no-deps -r`, the way
 * a lock-based project installs on a Jetson: exactly the locked versions,
 * minus the torch family (the vendor build stays) and bitsandbytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/setup.h"
#include "util/sysroot.h"

static bool kept_out(const char *name)
{
    return strcmp(name, "torch") == 0 || strcmp(name, "torchvision") == 0 ||
           strcmp(name, "torchaudio") == 0 || strcmp(name, "bitsandbytes") == 0;
}

static int write_reqs(FILE *f, const jg_reqs *reqs, char *why, size_t n)
{
    for (size_t i = 0; i < reqs->n; i++) {
        const jg_req *r = &reqs->v[i];
        if (r->kind != JG_REQ_PACKAGE || kept_out(r->name))
            continue;
        if (r->url[0] && strncmp(r->url, "http", 4) != 0 && strncmp(r->url, "git+", 4) != 0)
            return snprintf(why, n, "%s:%zu: %s comes from a local source (%s): install it "
                            "yourself, it cannot be exported exactly", r->file, r->line, r->name,
                            r->url), -1;
        if (r->url[0])
            fprintf(f, "%s @ %s\n", r->name, r->url);
        else if (r->spec[0])
            fprintf(f, "%s%s\n", r->name, r->spec);
        else
            return snprintf(why, n, "%s:%zu: %s has no locked version", r->file, r->line,
                            r->name), -1;
    }
    return 0;
}

char *jg_lock_export(const char *path, const jg_marker_env *sel, char *why, size_t n)
{
    jg_blob b;
    if (jg_read_path(path, JG_CAP_LARGE, &b) != JG_R_OK) {
        snprintf(why, n, "%s: cannot read", path);
        jg_blob_free(&b);
        return NULL;
    }
    jg_reqs reqs = {0};
    int rc = jg_reqfile_parse(path, b.data, b.len, sel, &reqs, why, n); /* by its name */
    jg_blob_free(&b);
    char *text = NULL;
    size_t len = 0;
    FILE *f = rc == 0 ? open_memstream(&text, &len) : NULL;
    if (f) {
        fprintf(f, "# jetgate setup: %s without the torch family and bitsandbytes\n", path);
        rc = write_reqs(f, &reqs, why, n);
        if (fclose(f) != 0)
            rc = -1;
    }
    jg_reqs_free(&reqs);
    if (rc != 0 || !f) {
        free(text);
        return NULL;
    }
    return text;
}
