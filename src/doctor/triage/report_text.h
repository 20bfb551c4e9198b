/* Free-text reports -> facts-shaped JSON with an "observed" section
 * (docs/schema.md, "Observed"). One line at a time; the state is small and
 * every list is capped, so a huge paste costs time, not memory. */
#ifndef JG_DOCTOR_REPORT_TEXT_H
#define JG_DOCTOR_REPORT_TEXT_H
#include "doctor/triage/phrase_pair.h"
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "facts/parsers.h"
#include "schema/facts.h"
#include "schema/observed.h"

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
    /* which character pairs occur in lower (hashed, JG_TP_PAIR): a phrase whose first
     * pair is absent cannot match, so most recognisers skip strstr on most lines */
    unsigned char pairs[512];
    enum jg_expect expect;  /* a Python REPL expression whose value comes next */
    int expect_left;        /* lines to wait for it (warnings may come first) */
    char pip_show[16];      /* the package a "pip show" block is about */
    /* where the last traceback frame ("File ...") is: none yet, the project's own file,
     * or an installed package other than torch (an error raised there is between
     * packages, not in the project's code) */
    enum { JG_FRAME_NONE, JG_FRAME_OWN, JG_FRAME_PACKAGE } frame;
    char frame_text[160];   /* that frame's line, scrubbed: "line 12: File ..." */
    /* the last nv_tegra_release line read, parsed once and kept typed: a compact project
     * report is read whole and again as its line (jg_tp_l4t_release) */
    char l4t_text[256];     /* that line; "" when none (or too long to keep) */
    jg_l4t_release l4t;     /* its fields (extra dropped) */
    const char *l4t_why;    /* NULL, or why it is no release line */
} jg_tp;

/* The pair filter's hash of two characters (0..4095). */

void jg_tp_init(jg_tp *p);
/* Feed one cleaned line. */
void jg_tp_line(jg_tp *p, const char *clean);
/* Finish: the document (caller owns it); p is reset. */
json_t *jg_tp_finish(jg_tp *p);

/* Builders used by the recognisers (report_match_*.c). Facts are named by
 * their field (schema/facts.h), observed members through the macros below
 * (schema/observed.h), so every path is written once, in the tables. */
void jg_tp_fact(jg_tp *p, jg_ff field, json_t *value);   /* a fact; first value wins */
void jg_tp_fact_missing(jg_tp *p, jg_ff field);
void jg_tp_raw(jg_tp *p, jg_ff field, json_t *value);    /* plain (probe-shaped) value, first wins */
void jg_tp_signal(jg_tp *p, jg_signal s);                 /* first line wins */
json_t *jg_tp_seen(const jg_tp *p);                       /* {"line", "text"} */
/* An nv_tegra_release line through the one parser (facts/parsers.h), once per line read
 * again: NULL and *rel set, or why it is not a release line. */
const char *jg_tp_l4t_release(jg_tp *p, const char *text, const jg_l4t_release **rel);
/* observed lists (member index JGF_obs_ARR_*): add an item (line and text
 * added), is there room below the cap. Use JG_TP_ADD / JG_TP_ROOM. */
void jg_tp_add(jg_tp *p, int list, json_t *item);
bool jg_tp_room(const jg_tp *p, int list);
/* An object member of observed (JGF_obs_OBJ_*: docker, signals, env), created
 * when absent. Use JG_TP_OBJ. */
json_t *jg_tp_obj(jg_tp *p, int member);
#define JG_TP_ADD(p, name, item) jg_tp_add((p), JGF_obs_ARR_##name, (item))
#define JG_TP_ROOM(p, name) jg_tp_room((p), JGF_obs_ARR_##name)
#define JG_TP_OBJ(p, name) jg_tp_obj((p), JGF_obs_OBJ_##name)
/* Torch sessions: a version starts one, an is_available() answer completes it. */
void jg_tp_torch_version(jg_tp *p, const char *version);
void jg_tp_torch_available(jg_tp *p, int available);
void jg_tp_jetson_hint(jg_tp *p, const char *why);

/* A project's own JSON report (a parsed object) -> facts (report_project.c);
 * sources name p->line, the line the object starts on. */
void jg_tp_project(jg_tp *p, const json_t *doc);
/* Does text (len bytes) name a key jg_tp_project reads ("arch", "host", ...)?
 * Only then is a line's object worth parsing. */
bool jg_tp_project_keys(const char *text, size_t len);

/* The recognisers: one call per line. */
void jg_match_line(jg_tp *p);

#endif
