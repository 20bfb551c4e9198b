/* Enough of PEP 440 to ask "would this requirement keep the installed
 * torch?": parse release, pre, post, dev and local parts, order versions,
 * and test a specifier set (==, ===, !=, <, <=, >, >=, ~=, ==X.*). */
#ifndef JG_PEP440_H
#define JG_PEP440_H
#include <stdbool.h>

#define JG_PEP440_PARTS 8

typedef struct jg_version {
    long release[JG_PEP440_PARTS];
    int nrelease;
    int pre_kind;  /* 0 a, 1 b, 2 rc, 3 none (final) */
    long pre;
    long post;     /* -1 none */
    long dev;      /* -1 none */
    char local[96];/* after '+', lowercased; "" none */
} jg_version;

/* false when text is no PEP 440 version. */
bool jg_version_parse(const char *text, jg_version *v);
/* <0, 0, >0; local labels are ignored (the spec's ordering of public versions). */
int jg_version_cmp(const jg_version *a, const jg_version *b);
/* Does version satisfy every comma-separated clause of spec ("" = anything)?
 * Pre-releases are allowed, as pip allows them for an already installed
 * distribution. Returns -1 when spec cannot be parsed. */
int jg_specifier_contains(const char *spec, const char *version);

#endif
