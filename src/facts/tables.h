/* The lookup tables of jetson-facts.md, each in one place with its source.
 * A lookup that misses says so (NULL); callers report "unknown" and never
 * fall back to a nearest or default entry. */
#ifndef JG_FACTS_TABLES_H
#define JG_FACTS_TABLES_H

/* §3: module part number -> name, memory class, SoC. NULL fields are "not
 * found" in the facts; note (or NULL) carries the table's caveat. */
typedef struct jg_module_row {
    const char *part, *name, *memory, *soc, *note;
} jg_module_row;
const jg_module_row *jg_module_lookup(const char *part);

/* §3 CUDA_TABLE: SoC -> compute capability. Thor (tegra264) depends on the
 * toolkit: 11.0 with CUDA >= 13, 10.1 before; cuda_major < 0 = unknown.
 * Returns NULL and sets *why when no value may be given. */
const char *jg_soc_compute_capability(const char *soc, int cuda_major, const char **why);

/* §2: L4T "36.4.3" -> JetPack. Returns the JetPack label, or NULL with *why
 * set (release absent from the table, or its name disputed). *note gets the
 * table's caveat for a documented value, or NULL. */
const char *jg_jetpack_for_l4t(const char *l4t, const char **note, const char **why);

#endif
