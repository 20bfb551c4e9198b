/* A workflow file as a tree: libyaml events turned into mappings, sequences
 * and scalars, each remembering where it starts (1-based line and column) so
 * every lint finding can point at the exact node. Aliases are resolved by
 * copying the anchored node (with a node budget against alias bombs); more
 * than one document, duplicate mapping keys and non-scalar keys are refused,
 * as GitHub refuses them. */
#ifndef JG_LINT_YAML_H
#define JG_LINT_YAML_H
#include <stdbool.h>
#include <stddef.h>

enum jg_ykind { JG_Y_SCALAR, JG_Y_SEQ, JG_Y_MAP };

typedef struct jg_ynode {
    enum jg_ykind kind;
    size_t line, col;        /* 1-based start of the node */
    char *text;              /* scalar value (NUL-terminated); NULL otherwise */
    bool plain;              /* scalar was written without quotes */
    size_t n;                /* items (sequence) or pairs (mapping) */
    struct jg_ynode **items; /* sequence items; for a mapping: values */
    struct jg_ynode **keys;  /* mapping keys (scalars); NULL otherwise */
} jg_ynode;

#define JG_YAML_MAX_NODES 200000u
#define JG_YAML_MAX_BYTES (4u * 1024u * 1024u)

/* Parse text named name. NULL on error with err holding "NAME:LINE:COL: why". */
jg_ynode *jg_yaml_parse(const char *text, size_t len, const char *name, char *err, size_t errlen);
void jg_yaml_free(jg_ynode *n);

/* Value of key in a mapping (NULL when n is no mapping or lacks the key). */
const jg_ynode *jg_ymap_get(const jg_ynode *n, const char *key);
/* Key node of key in a mapping, for positions; NULL when absent. */
const jg_ynode *jg_ymap_key(const jg_ynode *n, const char *key);
/* True when n is a scalar with exactly this text. */
bool jg_yscalar_is(const jg_ynode *n, const char *text);
/* True when n is a YAML null (plain "", "~", "null", "Null", "NULL"). */
bool jg_yis_null(const jg_ynode *n);

#endif
