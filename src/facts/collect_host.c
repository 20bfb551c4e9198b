/* The host section: architecture and kernel (uname live; the proc files of
 * the root under --root), the OS from os-release, and memory from meminfo.
 * unified_memory is set later, once we know whether this is a Jetson. */
#include <string.h>
#include <sys/utsname.h>

#include "facts/fact.h"
#include "facts/parsers.h"
#include "facts/sections.h"
#include "facts/text.h"

/* One-line proc file: trimmed, printable, non-empty. */
static json_t *one_line(const jg_root *r, const char *rel)
{
    return jg_fact_line(r, rel, 256, false);
}

static void arch_kernel(const jg_root *r, json_t *host)
{
    struct utsname u;
    if (r->live && uname(&u) == 0) {
        json_object_set_new(host, "arch", jg_fact_string(u.machine, "uname"));
        json_object_set_new(host, "kernel", jg_fact_string(u.release, "uname"));
        return;
    }
    json_object_set_new(host, "arch", one_line(r, "proc/sys/kernel/arch"));
    json_object_set_new(host, "kernel", one_line(r, "proc/sys/kernel/osrelease"));
}

static json_t *os_section(const jg_root *r)
{
    const char *src = "etc/os-release";
    jg_blob b;
    json_t *fail = jg_fact_read(r, src, JG_CAP_SMALL, &b);
    if (fail && strcmp(jg_fact_status(fail), "missing") == 0) {
        json_decref(fail);
        src = "usr/lib/os-release";
        fail = jg_fact_read(r, src, JG_CAP_SMALL, &b);
    }
    json_t *os = json_object();
    jg_os_release o;
    const char *why = fail ? NULL : jg_parse_os_release(b.data, b.len, &o);
    const char *keys[] = {"id", "version_id", "pretty_name"};
    const char *vals[] = {o.id, o.version_id, o.pretty_name};
    for (int i = 0; i < 3; i++) {
        json_t *f;
        if (fail)
            f = json_deep_copy(fail);
        else if (why)
            f = jg_fact_unparsable(src, why);
        else if (!vals[i][0])
            f = jg_fact_unparsable(src, "key not present");
        else
            f = jg_fact_string(vals[i], src);
        json_object_set_new(os, keys[i], f);
    }
    json_decref(fail);
    if (!fail)
        jg_blob_free(&b);
    return os;
}

static json_t *memory_section(const jg_root *r)
{
    const char *src = "proc/meminfo";
    jg_blob b;
    json_t *fail = jg_fact_read(r, src, JG_CAP_SMALL, &b);
    json_t *mem = json_object();
    const char *keys[] = {"total_bytes", "available_bytes"};
    const char *fields[] = {"MemTotal", "MemAvailable"};
    for (int i = 0; i < 2; i++) {
        unsigned long long v = 0;
        const char *why = fail ? NULL : jg_parse_meminfo(b.data, b.len, fields[i], &v);
        json_t *f = fail ? json_deep_copy(fail)
                  : why  ? jg_fact_unparsable(src, why)
                         : jg_fact_ok(json_integer((json_int_t)v), src);
        json_object_set_new(mem, keys[i], f);
    }
    json_decref(fail);
    if (!fail)
        jg_blob_free(&b);
    return mem;
}

json_t *jg_facts_host(const jg_root *r)
{
    json_t *host = json_object();
    arch_kernel(r, host);
    json_object_set_new(host, "os", os_section(r));
    json_object_set_new(host, "memory", memory_section(r));
    return host;
}
