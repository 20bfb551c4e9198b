#include "util/host_ids.h"

#include <unistd.h>

typedef void (*id_fn)(void *ctx, const char *value, const char *label);

static void from_file(const jg_root *r, const char *rel, const char *label, id_fn fn, void *ctx)
{
    jg_blob b;
    if (jg_read(r, rel, JG_CAP_SMALL, &b) == JG_R_OK)
        fn(ctx, b.data, label); /* device-tree strings end at their NUL */
    jg_blob_free(&b);
}

void jg_host_ids(const jg_root *r, const char *mounted_dt, id_fn fn, void *ctx)
{
    char host[256];
    if (r->live && gethostname(host, sizeof host) == 0) {
        host[sizeof host - 1] = '\0';
        fn(ctx, host, "<host>");
    }
    from_file(r, "etc/hostname", "<host>", fn, ctx);
    from_file(r, "proc/device-tree/serial-number", "<serial>", fn, ctx);
    from_file(r, "sys/firmware/devicetree/base/serial-number", "<serial>", fn, ctx);
    if (mounted_dt) {
        jg_root m;
        if (jg_root_init(&m, mounted_dt)) {
            m.live = false;
            from_file(&m, "serial-number", "<serial>", fn, ctx);
            jg_root_free(&m);
        }
    }
}
