/* jetson-facts.md §2: L4T release -> JetPack, one row per release the facts
 * list. Pre-release rows keep their label (DP, EA). Where the sources
 * disagree on the name, or the release itself is not confirmed, the row
 * yields no value and says why: "unknown", never a guess. */
#include <string.h>

#include "facts/tables.h"

typedef struct row {
    const char *l4t, *jetpack, *note; /* jetpack NULL: disputed, note says why */
} row;

static const row rows[] = {
    {"32.5.0", "4.5", NULL},
    {"32.5.1", "4.5.1", NULL},
    {"32.5.2", "4.5.1", NULL},
    {"32.6.1", "4.6", NULL},
    {"32.7.1", "4.6.1", NULL},
    {"32.7.2", "4.6.2", NULL},
    {"32.7.3", "4.6.3", NULL},
    {"32.7.4", "4.6.4", NULL},
    {"32.7.5", "4.6.5", NULL},
    {"32.7.6", "4.6.6", NULL},
    {"34.0.1", "5.0 pre-DP", "developer preview, mapping from jtop only"},
    {"34.1.0", "5.0 DP", "developer preview"},
    {"34.1.1", "5.0.1 DP", "developer preview"},
    {"35.1.0", "5.0.2", NULL},
    {"35.2.1", "5.1", NULL},
    {"35.3.0", "5.1.1 pre", "pre-release, mapping from jtop only"},
    {"35.3.1", "5.1.1", NULL},
    {"35.4.1", "5.1.2", NULL},
    {"35.5.0", "5.1.3", NULL},
    {"35.6.0", "5.1.4", NULL},
    {"35.6.1", "5.1.5", NULL},
    {"35.6.2", "5.1.5", NULL},
    {"35.6.3", "5.1.5", "35.6.3 itself is not confirmed; mapping from jtop only"},
    {"35.6.4", "5.1.6", NULL},
    {"35.6.5", "5.1.6", NULL},
    {"36.0.0", "6.0 EA", "early access, mapping from jtop only"},
    {"36.2.0", "6.0 DP", "developer preview"},
    {"36.3.0", "6.0", NULL},
    {"36.4.0", "6.1", NULL},
    {"36.4.2", NULL, "JetPack name disputed: 6.1 (rev1) per jtop, 6.1.1 per jetson-containers"},
    {"36.4.3", "6.2", NULL},
    {"36.4.4", "6.2.1", NULL},
    {"36.4.7", "6.2.1", "security/bug-fix refresh labelled 6.2.1 by jtop and jetson-containers"},
    {"36.5.0", "6.2.2", NULL},
    {"36.5.2", "6.2.3", "mapping from OE4T release notes only"},
    {"38.1.0", "7.0 EA", "early access, mapping from jetson-containers only"},
    {"38.2.0", "7.0", NULL},
    {"38.2.1", "7.0", NULL},
    {"38.2.2", "7.0", NULL},
    {"38.4.0", "7.1", NULL},
    {"39.0.0", "7.2 EA", "early access"},
    {"39.1.0", NULL, "7.2 GA per jetson-containers only; 39.1.0 is not confirmed as a public release"},
    {"39.2.0", "7.2", NULL},
    {"39.2.1", "7.2.1", "mapping from OE4T commit notes only"},
};

const char *jg_jetpack_for_l4t(const char *l4t, const char **note, const char **why)
{
    *note = NULL;
    *why = NULL;
    for (size_t i = 0; l4t && i < sizeof rows / sizeof rows[0]; i++) {
        if (strcmp(rows[i].l4t, l4t) != 0)
            continue;
        if (!rows[i].jetpack)
            *why = rows[i].note;
        else
            *note = rows[i].note;
        return rows[i].jetpack;
    }
    *why = "L4T release not in the JetPack table";
    return NULL;
}
