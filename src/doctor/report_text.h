/* Free-text reports -> facts-shaped JSON with an "observed" section
 * (docs/schema.md, "Observed"). One line at a time; the state is small and
 * every list is capped, so a huge paste costs time, not memory. */
#ifndef JG_DOCTOR_REPORT_TEXT_H
#define JG_DOCTOR_REPORT_TEXT_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#define JG_REPORT_LIST_CAP 32 /* entries kept per observed list */

enum jg_expect {
    JG_EXPECT_NONE,
    JG_EXPECT_TORCH_VERSION,
    JG_EXPECT_AVAILABLE,
    JG_EXPECT_TORCH_CUDA,
    JG_EXPECT_ARCH_LIST,
    JG_EXPECT_PIP_SHOW_VERSION, /* after "Name: torch" from pip show */
};

typedef struct jg_tp {
    json_t *facts;          /* facts-shaped document being built */
    json_t *obs;            /* facts.observed */
    size_t line;            /* 1-based number of the current line */
    const char *text;       /* the cleaned line */
    char lower[4096];       /* its lowercase copy, for case-insensitive matching */
    enum jg_expect expect;  /* a Python REPL expression whose value comes next */
    int expect_left;        /* lines to wait for it (warnings may come first) */
    char pip_show[16];      /* the package a "pip show" block is about */
} jg_tp;

void jg_tp_init(jg_tp *p);
/* Feed one cleaned line. */
void jg_tp_line(jg_tp *p, const char *clean);
/* Finish: the document (caller owns it); p is reset. */
json_t *jg_tp_finish(jg_tp *p);

/* Builders used by the recognisers (report_match.c). */
void jg_tp_fact(jg_tp *p, const char *path, json_t *value);       /* first value wins */
void jg_tp_fact_missing(jg_tp *p, const char *path);
void jg_tp_raw(jg_tp *p, const char *path, json_t *value);        /* un-wrapped (probe-shaped) value, first wins */
void jg_tp_signal(jg_tp *p, const char *id);                       /* first line wins */
void jg_tp_add(jg_tp *p, const char *list, json_t *item);          /* adds line, text */
bool jg_tp_room(const jg_tp *p, const char *list);                 /* list below its cap */
void jg_tp_set(jg_tp *p, const char *dotted, json_t *value);       /* observed.<dotted>, overwrites */
json_t *jg_tp_seen(const jg_tp *p);                                 /* {"line", "text"} */
/* Torch sessions: a version starts one, an is_available() answer completes it. */
void jg_tp_torch_version(jg_tp *p, const char *version);
void jg_tp_torch_available(jg_tp *p, int available);
void jg_tp_jetson_hint(jg_tp *p, const char *why);

/* The recognisers: one call per line. */
void jg_match_line(jg_tp *p);

#endif
