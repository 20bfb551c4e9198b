/* The Jetson lookup tables (jetson-facts.md and tests/fixtures/roots/README.md),
 * each in one place with its source: modules, module families, SoCs, JetPack.
 * This header is the only way other stages reach Jetson knowledge (doctor,
 * gate and triage hold no copy). A lookup that misses says so (NULL / 0);
 * callers report "unknown" and never fall back to a nearest or default entry. */
#ifndef JG_FACTS_TABLES_H
#define JG_FACTS_TABLES_H
#include <stdbool.h>
#include <stddef.h>

/* §3: module part number -> name, memory class, SoC. NULL fields are "not
 * found" in the facts. memory_inferred: the size is a deduction in the facts,
 * never to be reported as a fact. */
typedef struct jg_module_row {
    const char *part, *name, *memory, *soc, *note;
    bool memory_inferred;
} jg_module_row;
const jg_module_row *jg_module_lookup(const char *part);

/* A Jetson module family: the module board numbers ("p3448") and the
 * devkit, carrier-less or codename compatibles that imply the family without
 * naming the module's SKU (jetson-gpio's lists, the upstream bindings). */
typedef struct jg_family_row {
    const char *name, *soc;
    const char *boards[4];     /* module board numbers, NULL-terminated */
    const char *implied_by[8]; /* whole compatible entries, NULL-terminated */
    const char *source;
} jg_family_row;
/* By module board number: "p3448" (or "3448"). */
const jg_family_row *jg_family_for_board(const char *board);
/* By a whole compatible entry: "nvidia,jetson-nano", "nvidia,p2972-0000". */
const jg_family_row *jg_family_for_compatible(const char *entry);
/* By the device-tree model text (last resort; never Jetson evidence). */
const jg_family_row *jg_family_for_model(const char *model);

/* §3 CUDA_TABLE: SoC -> compute capability. Thor (tegra264) depends on the
 * toolkit: 11.0 with CUDA >= 13, 10.1 before; cuda_major < 0 = unknown.
 * Returns NULL and sets *why when no value may be given. */
const char *jg_soc_compute_capability(const char *soc, int cuda_major, const char **why);
/* SoC variants and family names to the table's SoC: "tegra210b01" ->
 * "tegra210", "tegra23x" -> "tegra234"; NULL when not a Jetson SoC. */
const char *jg_soc_canonical(const char *soc);
/* CUDA device name reported for a SoC ("tegra234" -> "Orin"), or NULL. */
const char *jg_gpu_name_for_soc(const char *soc);
/* Words that name a Jetson GPU or module in pasted text ("orin", "tx2"), in
 * match order, with the compute capability each implies; i past the end
 * returns NULL. */
const char *jg_gpu_word(size_t i, const char **cc);
/* Model-name patterns of NVIDIA GPUs older than Kepler (legacy_gpu_table.c, which notes each
 * one's architecture: '#' one digit, a final '*' any text after, otherwise a word boundary);
 * i past the end returns NULL. */
const char *jg_legacy_gpu_pattern(size_t i);

/* §2: L4T "36.4.3" -> JetPack. Returns the JetPack label, or NULL with *why
 * set (release absent from the table, or its name disputed). *note gets the
 * table's caveat for a documented value, or NULL; *dispute what another
 * public source says instead (the value is then flagged disputed), or NULL. */
const char *jg_jetpack_for_l4t(const char *l4t, const char **note, const char **why,
                               const char **dispute);
/* JetPack label "6.2" -> its one L4T release ("36.4.3"), or NULL with *why
 * (not in the table, or several releases carry the label). */
const char *jg_l4t_for_jetpack(const char *jetpack, const char **why);
/* The Ubuntu release NVIDIA's image of an L4T major ships (§2), or NULL. */
const char *jg_ubuntu_for_l4t(const char *l4t);
/* The CUDA toolkit (major.minor) an L4T release ships (§2, §7.2), or NULL. */
const char *jg_cuda_for_l4t(const char *l4t);
/* Whether an L4T release supports a SoC (§1.12, §7.2: R38 is Thor only, R39.2
 * Orin and Thor, 35.6.5 the last for Xavier): 1 yes, 0 no, -1 the table has no
 * module list for the release (unknown, never guessed). *socs gets the list. */
int jg_l4t_supports_soc(const char *l4t, const char *soc, const char **socs);
/* The JetPacks the table says support a SoC, oldest first, at most max; only
 * releases with a module list on record are named. */
size_t jg_jetpacks_for_soc(const char *soc, const char **out, size_t max);
/* Every JetPack major with the CUDA toolkits its releases ship, from the CUDA column:
 * "JetPack 4: 10.2, JetPack 5: 11.4, ...". */
const char *jg_cuda_by_jetpack(void);
/* JetPack major for an L4T major (§2); 0 when not in the table. */
int jg_jp_major_for_l4t(int l4t_major);
/* JetPack major a CUDA toolkit version hints at ("12.6.68" -> 6); 0 when the
 * toolkit is not tied to one JetPack major. A hint only, never the JetPack:
 * pip's nvidia-*-cu13 and cu130 wheels put CUDA 13.0 on JetPack 7.2's 13.2
 * hosts (jetson-facts.md §7.4); the L4T release decides. */
int jg_jp_major_for_toolkit(const char *toolkit);
/* CUDA driver version that a JetPack major ships (§2 / §6.1); 0 = unknown. */
int jg_jp_driver_version(int jp_major, int l4t_major, const char *l4t_version);
/* cuDNN major that an L4T release ships (§2): 8 on 32.5+ / 34 / 35 / 36.0-36.3,
 * 9 on 36.4+ / 38 / 39; 0 where §2 has no row (32.4 and older). */
int jg_cudnn_major_for_l4t(int l4t_major, const char *l4t_version);
/* Name prefixes of L4T's own driver libraries (/usr/lib/aarch64-linux-gnu/tegra:
 * libnvrm_gpu, libnvos, libnvdla_compiler, ...), NULL-terminated. Only a Jetson
 * has them; a container gets them from the host's NVIDIA runtime (jetson-facts.md
 * §1.13; tests/data/corpus/FACTS-FOUND.md). */
extern const char *const jg_l4t_driver_libraries[];
/* CUDA major that an L4T major ships: 38 and later carry CUDA 13 (§2: 38.2.x
 * and 38.4.0 ship 13.0, 39.2.0 ships 13.2); -1 when the table cannot say. */
int jg_cuda_major_for_l4t_major(int l4t_major);

/* §4.1, §4.2, §7.4: the torch that works on a JetPack major (soc NULL: every
 * module; a SoC row wins over it, e.g. Orin on JetPack 7.2). NULL when the
 * facts have none. extra_pip: the wheels it needs from pip besides torch. */
typedef struct jg_torch_channel {
    int jp_major;
    const char *soc;
    const char *install, *index, *container, *container_note, *extra_pip;
    /* What NVIDIA's wheel of this JetPack needs before it imports (NULL: none on record):
     * the Python it is built for ("3.10", its cp tag without the dot), and a library JetPack
     * does not ship, with its file, where it goes and why (§4.1). */
    const char *wheel_python;
    const char *needs_lib_name, *needs_lib_file, *needs_lib_dir, *needs_lib_why;
} jg_torch_channel;
const jg_torch_channel *jg_torch_channel_for(int jp_major, const char *soc);
/* Whether torch (a version with its local tag) is the kind of build a JetPack's channel
 * serves, by the one classifier (facts/torch_build.h): 1 yes, 0 no (why says what it is
 * and what the JetPack uses), -1 the version alone cannot tell (a plain or source build). */
int jg_torch_fits_jetpack(const char *torch, int jp_major, const char *soc, char *why, size_t n);
/* §7.4: the nvidia-*-cu13 wheels an upstream CUDA 13 torch needs on JetPack 7.2. */
extern const char jg_cu13_pip_wheels[];

#endif
