/* Which module the device tree names, in the order of how much each source
 * says (tests/fixtures/roots/README.md, "How the module is identified"):
 * a "<carrier>+<module>" compatible, a bare module compatible, the module in
 * nvidia,dtsfilename, nvidia,boardids, then only a family from a devkit or
 * codename compatible, a board number, or (last resort) the model text.
 * The device tree names the flashed configuration, not necessarily the
 * fitted module: jetgate reads no EEPROM, so the part is reported "as
 * flashed", and a memory size the table only infers is never a fact. */
#include <stdio.h>
#include <string.h>

#include "facts/fact.h"
#include "facts/parsers.h"
#include "facts/sections.h"
#include "facts/tables.h"
#include "util/json.h"

#define AS_FLASHED "from the device tree (as flashed); the fitted module's EEPROM is not read"

typedef struct found {
    char part[32], board[8], two[72], unlisted[16];
    const char *how, *src;
    const jg_family_row *family;
} found;

static void set(json_t *m, const char *key, json_t *fact)
{
    json_object_set_new(m, key, fact);
}

static const char *src_of(const json_t *fact)
{
    return json_string_value(json_object_get(fact, "source"));
}

/* A part from dtsfilename or boardids when the compatible named none. */
static void from_l4t_props(found *f, const jg_dt_props *p)
{
    const char *dts = json_string_value(jg_fact_value(p->dtsfilename));
    const char *ids = json_string_value(jg_fact_value(p->boardids));
    char part[16];
    if (dts && jg_dts_module(dts, part, sizeof part)) {
        snprintf(f->part, sizeof f->part, "%s", part);
        f->how = "dt-dtsfilename";
        f->src = src_of(p->dtsfilename);
        return;
    }
    if (ids && jg_boardids(ids, f->board, part)) {
        f->family = jg_family_for_board(f->board);
        if (part[0] && jg_module_lookup(part))
            snprintf(f->part, sizeof f->part, "%s", part);
        else if (part[0])
            snprintf(f->unlisted, sizeof f->unlisted, "%s", part);
        if (f->part[0] || f->family) {
            f->how = "dt-boardids";
            f->src = src_of(p->boardids);
        }
    }
}

/* Family only: a devkit/codename compatible, else the model text. */
static void family_only(found *f, const jg_dt_ids *ids, const jg_dt_props *p)
{
    if (ids->family) {
        f->family = ids->family;
        f->how = "dt-compatible-family";
        f->src = src_of(p->compat);
        return;
    }
    const jg_family_row *fm = jg_family_for_model(json_string_value(jg_fact_value(p->model)));
    if (fm) {
        f->family = fm;
        f->how = "dt-model";
        f->src = src_of(p->model);
    }
}

static void find(found *f, const jg_dt_ids *ids, const jg_dt_props *p)
{
    memset(f, 0, sizeof *f);
    if (ids->how && ids->other_module[0]) {
        /* Two board entries name two modules: the family stands, the SKU does not. */
        snprintf(f->board, sizeof f->board, "%.5s", ids->module);
        f->family = jg_family_for_board(f->board);
        f->how = ids->how;
        f->src = src_of(p->compat);
        snprintf(f->two, sizeof f->two, "%s and %s", ids->module, ids->other_module);
        return;
    }
    if (ids->how) {
        snprintf(f->part, sizeof f->part, "%s", ids->module);
        f->how = ids->how;
        f->src = src_of(p->compat);
    } else {
        from_l4t_props(f, p);
    }
    if (f->part[0]) {
        snprintf(f->board, sizeof f->board, "%.5s", f->part);
        f->family = jg_family_for_board(f->board);
    } else if (!f->how) {
        family_only(f, ids, p);
    }
}

static void memory(json_t *m, const jg_module_row *row)
{
    char why[160];
    if (!row || !row->memory) {
        snprintf(why, sizeof why, "no memory size found for %s", row ? row->part : "this module");
        set(m, "memory_class", jg_fact_unknown("table:module", why));
    } else if (row->memory_inferred) {
        snprintf(why, sizeof why, "%s for %s is inferred in jetson-facts.md, not confirmed",
                 row->memory, row->part);
        set(m, "memory_class", jg_fact_unknown("table:module", why));
    } else {
        set(m, "memory_class", jg_fact_ok(json_string(row->memory), "table:module"));
    }
}

static void part_fields(json_t *m, const found *f, const jg_dt_ids *ids)
{
    const jg_module_row *row = jg_module_lookup(f->part);
    char why[160];
    if (f->part[0]) {
        set(m, "part_number", jg_fact_note(jg_fact_ok(json_string(f->part), f->src), AS_FLASHED));
    } else {
        if (f->two[0])
            snprintf(why, sizeof why, "the device tree names two modules (%s)", f->two);
        else if (f->unlisted[0])
            snprintf(why, sizeof why, "nvidia,boardids names %s, which is not in the module table",
                     f->unlisted);
        else
            snprintf(why, sizeof why, "the device tree names %s, not the module's SKU",
                     f->family ? f->family->name : "no Jetson module");
        set(m, "part_number", jg_fact_unknown(f->src, why));
    }
    bool board = ids->how && strcmp(ids->how, JG_DT_BY_BOARD) == 0;
    const char *no_board = "no nvidia,<carrier>+<module> entry in compatible";
    set(m, "carrier", board ? jg_fact_ok(json_string(ids->carrier), f->src)
                            : jg_fact_unknown(f->src, no_board));
    set(m, "super", board ? jg_fact_ok(json_boolean(ids->super), f->src)
                          : jg_fact_unknown(f->src, no_board));
    set(m, "revision", board && ids->module_rev[0]
                           ? jg_fact_ok(json_string(ids->module_rev), f->src)
                           : jg_fact_unknown(f->src, "no revision suffix on the module"));
    snprintf(why, sizeof why, "no marketing name found for %s", f->part[0] ? f->part : "the module");
    set(m, "name", row && row->name ? jg_fact_ok(json_string(row->name), "table:module")
                                    : jg_fact_unknown("table:module", why));
    memory(m, row);
    set(m, "family", f->family ? jg_fact_ok(json_string(f->family->name), "table:family")
                               : jg_fact_unknown("table:family", "no Jetson module family named"));
}

void jg_module_identity(json_t *m, const jg_dt_props *p, int cuda_major, const char *cuda_why)
{
    jg_dt_ids ids;
    jg_dt_identify(jg_fact_value(p->compat), &ids);
    found f;
    find(&f, &ids, p);
    part_fields(m, &f, &ids);
    const jg_module_row *row = jg_module_lookup(f.part);
    const char *soc = jg_soc_canonical(ids.soc);
    if (!soc && ids.soc[0])
        soc = ids.soc; /* a Tegra that is no Jetson SoC: reported as the tree says */
    const char *soc_src = soc ? src_of(p->compat) : NULL;
    if (!soc) {
        soc = row ? row->soc : f.family ? f.family->soc : NULL;
        soc_src = row ? "table:module" : "table:family";
    }
    json_t *sf = soc ? jg_fact_ok(json_string(soc), soc_src)
                     : jg_fact_unknown(src_of(p->compat), "no nvidia,tegraNNN entry in compatible");
    if (soc && ids.soc[0] && strcmp(ids.soc, soc) != 0)
        json_object_set_new(sf, "variant", json_string(ids.soc));
    set(m, "soc", sf);
    const char *why;
    const char *cc = jg_soc_compute_capability(soc, cuda_major, &why);
    json_t *ccf = cc ? jg_fact_ok(json_string(cc), "table:compute_capability")
                     : jg_fact_unknown("table:compute_capability", why);
    set(m, "compute_capability", cc && soc && strcmp(soc, "tegra264") == 0
                                     ? jg_fact_note(ccf, cuda_why) : ccf);
    set(m, "identified_by", f.how ? jg_fact_ok(json_string(f.how), f.src)
                                  : jg_fact_unknown(src_of(p->compat),
                                                    "the device tree names no Jetson module"));
}

/* The table's memory class belongs to the part as flashed; when MemTotal
 * cannot be that class (outside 0.6..1.05 of it: a 16 GB row on a 32 GB
 * module, as in rbonghi/jetson_stats #87), the class is no fact. */
void jg_module_memory_check(json_t *module, const json_t *host)
{
    const char *mem = jg_fact_str(module, "memory_class");
    json_t *total = jg_fact_value(jg_json_at(host, "memory.total_bytes"));
    unsigned gb;
    char unit[4];
    if (!mem || !json_is_integer(total) || sscanf(mem, "%u %3s", &gb, unit) != 2 ||
        strcmp(unit, "GB") != 0 || gb == 0)
        return;
    double gib = (double)json_integer_value(total) / (1024.0 * 1024.0 * 1024.0);
    if (gib >= 0.6 * gb && gib <= 1.05 * gb)
        return;
    char why[200];
    snprintf(why, sizeof why, "the table gives %s for %s (as flashed), but MemTotal is %.1f GiB: "
             "the fitted module may be another SKU", mem, jg_fact_str(module, "part_number"), gib);
    json_object_set_new(module, "memory_class", jg_fact_unknown("table:module", why));
}
