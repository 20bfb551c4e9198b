/* constraints --check's resolve step (constraints_follow.c). */
#ifndef JG_CONSTRAINTS_FOLLOW_H
#define JG_CONSTRAINTS_FOLLOW_H
#include <jansson.h>
#include <stdbool.h>

#include "install/reqfile.h"
#include "util/file_findings.h"

struct jg_follow_in {
    const char *file, *abs_file; /* as given, and absolute */
    const char *python, *tmp;
    const json_t *probe;         /* the vendor versions */
    const jg_marker_env *sel;
    const char *index_url, *extra_index_url, *find_links;
    bool no_index, exclude_bnb;
    bool allow_builds;           /* build sdists and the project (runs their code) */
};

/* A uv.lock / pylock.toml: every package is listed, nothing to follow. */
bool jg_check_is_lock(const char *file);
/* setup.py / setup.cfg: code or a config pip reads; only the resolve sees its dependencies. */
bool jg_check_is_setuptools(const char *file);
/* 0 followed, 1 not (note says what and why either way); findings added. */
int jg_check_follow(const struct jg_follow_in *in, jg_findings *found, char *note, size_t nn);

#endif
