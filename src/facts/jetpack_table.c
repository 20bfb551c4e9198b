/* jetson-facts.md §2: L4T release -> JetPack, one row per release the facts
 * list. Pre-release rows keep their label (DP, EA). Where the sources
 * disagree on the name, or the release itself is not confirmed, the row
 * yields no value and says why: "unknown", never a guess. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/tables.h"
#include "util/version.h"

typedef struct row {
    const char *l4t, *jetpack, *note; /* jetpack NULL: disputed, note says why */
    const char *dispute;              /* another public source's differing value */
    const char *cuda;                 /* the CUDA toolkit it ships (§2, §7.2); NULL not found */
    const char *socs;                 /* SoCs it supports (§1.12, §7.2); NULL: not on record */
} row;

#define JC_STALE "jetson-containers (jetson_containers/l4t_version.py) maps 36.5.0 to 6.2.1"

static const row rows[] = {
    /* 32.4.x: OE4T/meta-tegra dunfell-l4t-r32.4.2 and -r32.4.3 README.md,
     * commit 6554e8b6 "R32.4.3 -> R32.4.4/JetPack 4.4.1"; JS-VAR agrees. */
    {"32.3.1", "4.3", "mapping from jtop only", NULL, NULL, NULL},
    {"32.4.2", "4.4 DP", "developer preview", NULL, NULL, NULL},
    {"32.4.3", "4.4", NULL, NULL, NULL, NULL},
    {"32.4.4", "4.4.1", NULL, NULL, NULL, NULL},
    {"32.5.0", "4.5", NULL, NULL, "10.2", NULL},
    {"32.5.1", "4.5.1", NULL, NULL, "10.2", NULL},
    {"32.5.2", "4.5.1", NULL, NULL, "10.2", NULL},
    {"32.6.1", "4.6", NULL, NULL, "10.2", NULL},
    {"32.7.1", "4.6.1", NULL, NULL, "10.2", NULL},
    {"32.7.2", "4.6.2", NULL, NULL, "10.2", NULL},
    {"32.7.3", "4.6.3", NULL, NULL, "10.2", NULL},
    {"32.7.4", "4.6.4", NULL, NULL, "10.2", NULL},
    {"32.7.5", "4.6.5", NULL, NULL, "10.2", NULL},
    {"32.7.6", "4.6.6", NULL, NULL, "10.2", NULL},
    {"34.0.1", "5.0 pre-DP", "developer preview, mapping from jtop only", NULL, "11.4", NULL},
    {"34.1.0", "5.0 DP", "developer preview", NULL, "11.4", NULL},
    {"34.1.1", "5.0.1 DP", "developer preview", NULL, "11.4", NULL},
    {"35.1.0", "5.0.2", NULL, NULL, "11.4", NULL},
    {"35.2.1", "5.1", NULL, NULL, "11.4", NULL},
    {"35.3.0", "5.1.1 pre", "pre-release, mapping from jtop only", NULL, "11.4", NULL},
    {"35.3.1", "5.1.1", NULL, NULL, "11.4", NULL},
    {"35.4.1", "5.1.2", NULL, NULL, "11.4", NULL},
    {"35.5.0", "5.1.3", NULL, NULL, "11.4", NULL},
    {"35.6.0", "5.1.4", NULL, NULL, "11.4", NULL},
    {"35.6.1", "5.1.5", NULL, NULL, "11.4", NULL},
    {"35.6.2", "5.1.5", NULL, NULL, "11.4", NULL},
    {"35.6.3", "5.1.5", "35.6.3 itself is not confirmed; mapping from jtop only", NULL, NULL, NULL},
    {"35.6.4", "5.1.6", NULL, NULL, "11.4", NULL},
    /* §7.1: 35.6.5 is 5.1.7 (anduril/jetpack-nixos #536), the last release for Xavier. */
    {"35.6.5", "5.1.7", "the last release for Xavier", NULL, "11.4", "tegra194 tegra234"},
    {"36.0.0", "6.0 EA", "early access, mapping from jtop only", NULL, NULL, NULL},
    {"36.2.0", "6.0 DP", "developer preview", NULL, "12.2", NULL},
    {"36.3.0", "6.0", NULL, NULL, "12.2", NULL},
    {"36.4.0", "6.1", NULL, NULL, "12.6", NULL},
    {"36.4.2", NULL, "JetPack name disputed: 6.1 (rev1) per jtop, 6.1.1 per jetson-containers",
     "6.1.1 per jetson-containers, 6.1 (rev1) per jtop", "12.6", NULL},
    {"36.4.3", "6.2", NULL, NULL, "12.6", NULL},
    {"36.4.4", "6.2.1", NULL, NULL, "12.6", NULL},
    {"36.4.7", "6.2.1", "security/bug-fix refresh labelled 6.2.1 by jtop and jetson-containers",
     NULL, "12.6", NULL},
    {"36.5.0", "6.2.2", NULL, JC_STALE, "12.6", NULL},
    /* §7.2: OE4T JetPack-6.2.3-L4T-R36.5.2 notes ("no updates on the compute stack") */
    {"36.5.2", "6.2.3", NULL, NULL, "12.6", "tegra234"},
    {"38.1.0", "7.0 EA", "early access, mapping from jetson-containers only", NULL, NULL, NULL},
    /* §1.12, §7.2: R38 (7.0, 7.1) is Thor only; R39.2 (7.2) runs Orin and Thor. */
    {"38.2.0", "7.0", NULL, NULL, "13.0", "tegra264"},
    {"38.2.1", "7.0", NULL, NULL, "13.0", "tegra264"},
    {"38.2.2", "7.0", NULL, NULL, "13.0", "tegra264"},
    {"38.4.0", "7.1", NULL, NULL, "13.0", "tegra264"},
    {"39.0.0", "7.2 EA", "early access", NULL, NULL, NULL},
    {"39.1.0", NULL, "7.2 GA per jetson-containers only; 39.1.0 is not confirmed as a public release",
     "7.2 GA per jetson-containers; jtop names no 39.1.0", NULL, NULL},
    {"39.2.0", "7.2", NULL, NULL, "13.2", "tegra234 tegra264"},
    /* §7.2: OE4T JetPack-7.2.1-L4T-R39.2.1 notes (toolkit 13.2.2) */
    {"39.2.1", "7.2.1", NULL, NULL, "13.2", "tegra234 tegra264"},
};

#define N_ROWS (sizeof rows / sizeof rows[0])

static const row *row_for(const char *l4t)
{
    for (size_t i = 0; l4t && i < N_ROWS; i++)
        if (strcmp(rows[i].l4t, l4t) == 0)
            return &rows[i];
    return NULL;
}

const char *jg_jetpack_for_l4t(const char *l4t, const char **note, const char **why,
                               const char **dispute)
{
    const row *r = row_for(l4t);
    *note = NULL;
    *why = r ? NULL : "L4T release not in the JetPack table";
    *dispute = r ? r->dispute : NULL;
    if (r && !r->jetpack)
        *why = r->note;
    else if (r)
        *note = r->note;
    return r ? r->jetpack : NULL;
}

const char *jg_l4t_for_jetpack(const char *jetpack, const char **why)
{
    const row *hit = NULL;
    for (size_t i = 0; jetpack && i < N_ROWS; i++) {
        if (!rows[i].jetpack || strcmp(rows[i].jetpack, jetpack) != 0)
            continue;
        if (hit) {
            *why = "that JetPack spans several L4T releases in the table: name the L4T";
            return NULL;
        }
        hit = &rows[i];
    }
    *why = hit ? NULL : "JetPack release not in the table (or its name is disputed)";
    return hit ? hit->l4t : NULL;
}

/* §2 (jetson-facts.md, from silenzio777/silenzio_robot_library README.md and
 * OE4T's JetPack 7.2 notes): the Ubuntu release of NVIDIA's image per L4T
 * major. An image may be upgraded, so this is what a tier expects, not proof. */
const char *jg_ubuntu_for_l4t(const char *l4t)
{
    static const struct { int major; const char *ubuntu; } ub[] = {
        {32, "18.04"}, {34, "20.04"}, {35, "20.04"}, {36, "22.04"}, {38, "24.04"}, {39, "24.04"},
    };
    int major = l4t ? atoi(l4t) : 0;
    for (size_t i = 0; i < sizeof ub / sizeof ub[0]; i++)
        if (ub[i].major == major)
            return ub[i].ubuntu;
    return NULL;
}

const char *jg_cuda_for_l4t(const char *l4t)
{
    const row *r = row_for(l4t);
    return r ? r->cuda : NULL;
}

/* A whole word of a space-separated list. */
static bool word_in(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; p && (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
            return true;
    return false;
}

int jg_l4t_supports_soc(const char *l4t, const char *soc, const char **socs)
{
    const row *r = row_for(l4t);
    const char *canon = jg_soc_canonical(soc);
    *socs = r ? r->socs : NULL;
    if (!r || !r->socs || !canon)
        return -1;
    return word_in(r->socs, canon);
}

size_t jg_jetpacks_for_soc(const char *soc, const char **out, size_t max)
{
    const char *canon = jg_soc_canonical(soc);
    size_t n = 0;
    for (size_t i = 0; canon && i < N_ROWS && n < max; i++) {
        if (!rows[i].jetpack || !word_in(rows[i].socs, canon))
            continue;
        if (n == 0 || strcmp(out[n - 1], rows[i].jetpack) != 0)
            out[n++] = rows[i].jetpack;
    }
    return n;
}

const char *const jg_l4t_driver_libraries[] = {"libnvrm", "libnvos.so", "libnvdla", NULL};

int jg_jp_major_for_l4t(int l4t_major)
{
    switch (l4t_major) {
    case 32: return 4;
    case 34: case 35: return 5;
    case 36: return 6;
    case 38: case 39: return 7;
    default: return 0;
    }
}

/* Toolkit -> JetPack major only where §2 ties the toolkit to one major. */
int jg_jp_major_for_toolkit(const char *tk)
{
    static const struct { const char *prefix; int jp; } t[] = {
        {"10.2", 4}, {"11.4", 5}, {"12.2", 6}, {"12.6", 6}, {"13.0", 7}, {"13.2", 7},
    };
    for (size_t i = 0; tk && i < sizeof t / sizeof t[0]; i++)
        if (strncmp(tk, t[i].prefix, 4) == 0 && (tk[4] == '\0' || tk[4] == '.'))
            return t[i].jp;
    return 0;
}

int jg_jp_driver_version(int jp_major, int l4t_major, const char *l4t_version)
{
    long minor = jg_dotted_part(l4t_version, 1);
    switch (jp_major) {
    case 4: return 10020;
    case 5: return 11040;
    case 6: return (l4t_version && minor < 4) ? 12020 : 12060;
    case 7: return l4t_major == 39 ? 13020 : 13000;
    default: return 0;
    }
}

/* §2: 38.2.x and 38.4.0 ship CUDA 13.0, 39.2.0 ships 13.2; nothing later is
 * on record. */
int jg_cuda_major_for_l4t_major(int l4t_major)
{
    return l4t_major == 38 || l4t_major == 39 ? 13 : -1;
}

int jg_cudnn_major_for_l4t(int l4t_major, const char *l4t_version)
{
    int minor = 0;
    if (l4t_version)
        sscanf(l4t_version, "%*d.%d", &minor);
    switch (l4t_major) {
    case 32: return l4t_version && minor >= 5 ? 8 : 0;
    case 34: case 35: return 8;
    case 36: return (l4t_version && minor < 4) ? 8 : 9;
    case 38: case 39: return 9;
    default: return 0;
    }
}

/* "JetPack 4: 10.2, JetPack 5: 11.4, JetPack 6: 12.2 / 12.6, JetPack 7: 13.0 / 13.2" from the
 * rows' CUDA column, so no fix text pairs JetPacks with CUDA versions by hand. */
const char *jg_cuda_by_jetpack(void)
{
    static char text[256];
    if (text[0])
        return text;
    int last_jp = 0;
    const char *last_cuda = NULL;
    for (size_t i = 0; i < N_ROWS; i++) {
        int jp = rows[i].jetpack ? atoi(rows[i].jetpack) : 0;
        const char *cuda = rows[i].cuda;
        if (!jp || !cuda || (jp == last_jp && strcmp(cuda, last_cuda) == 0))
            continue;
        size_t used = strlen(text);
        if (jp == last_jp)
            snprintf(text + used, sizeof text - used, " / %s", cuda);
        else
            snprintf(text + used, sizeof text - used, "%sJetPack %d: %s", used ? ", " : "", jp,
                     cuda);
        last_jp = jp;
        last_cuda = cuda;
    }
    return text;
}
