/* The flashed configuration that /etc/nv_boot_control.conf records (jetson-facts.md §7.3):
 * its COMPATIBLE_SPEC line, "<BoardId>-<FAB>-<SKU>--1--<BoardName>-", names the flash
 * configuration ("jetson-orin-nano-devkit-super", "jetson-orin-nanoe8gb-devkit",
 * "jetson-agx-orin-devkit-super"); a missing "-super" suffix means the unit was flashed
 * non-Super. It is the flashing tool's record, so a fact "as flashed", never the module. */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/sections.h"

#define CONF "etc/nv_boot_control.conf"
#define AS_FLASHED_CONF "as flashed (the flashing tool's record in " CONF "; an edit changes it)"

/* The board name of a COMPATIBLE_SPEC value, or false. */
static bool board_name(const char *spec, size_t len, char *out, size_t n)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), spec);
    const char *p = strstr(buf, "--1-");
    if (!p)
        return false;
    p += 4 + strspn(p + 4, "0123456789-");
    size_t k = strcspn(p, " \t\r");
    while (k && p[k - 1] == '-')
        k--;
    if (!k || k >= n)
        return false;
    snprintf(out, n, "%.*s", (int)k, p);
    return true;
}

json_t *jg_flash_config(const jg_root *r)
{
    jg_blob b;
    json_t *f = jg_fact_read(r, CONF, 1u << 16, &b);
    if (f)
        return f;
    char name[128];
    const char *text = b.data, *end = b.data + b.len;
    bool found = false;
    for (const char *line = text; line < end && !found;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        if (len > 16 && strncmp(line, "COMPATIBLE_SPEC ", 16) == 0)
            found = board_name(line + 16, len - 16, name, sizeof name);
        line += len + 1;
    }
    jg_blob_free(&b);
    if (!found)
        return jg_fact_unparsable(CONF, "no COMPATIBLE_SPEC line with a board name");
    const char *note = strstr(name, "nanoe8gb")
                           ? AS_FLASHED_CONF "; nanoe8gb is an Orin Nano variant whose product "
                                             "name is not found (jetson-facts.md §7.3)"
                           : AS_FLASHED_CONF;
    return jg_fact_note(jg_fact_ok(json_string(name), CONF), note);
}

/* A flash configuration name ending "-super": flashed Super; otherwise flashed non-Super. */
void jg_flash_super(json_t *module)
{
    const json_t *cfg = json_object_get(module, "flash_config");
    const char *name = json_string_value(jg_fact_value(cfg));
    if (!name || jg_fact_value(json_object_get(module, "super")))
        return; /* the device tree's board entry, when it names one, stays the source */
    size_t n = strlen(name);
    bool super = n >= 6 && strcmp(name + n - 6, "-super") == 0;
    json_object_set_new(module, "super",
                        jg_fact_note(jg_fact_ok(json_boolean(super), CONF), AS_FLASHED_CONF));
}
