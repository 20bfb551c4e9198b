/* The whole dependency graph: what pip would actually install, asked of
 * pip's own resolver (`pip install --dry-run --ignore-installed --report`)
 * with the vendor torch family pinned by constraints to stand-in wheels of
 * the vendor versions. A dependency's dependency that pulls torch,
 * torchvision, torchaudio (other than the vendor build) or bitsandbytes is
 * named with its path from what was asked for. pip's resolver, not one of
 * ours: markers, extras, yanked releases, index options in requirements
 * files and build-time metadata (setup.py) are pip's to get right, and the
 * answer is then the one the install gets. */
#ifndef JG_RESOLVE_H
#define JG_RESOLVE_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "install/reqfile.h"
#include "util/file_findings.h"

struct jg_resolve_in {
    const char *python;          /* whose pip resolves */
    const char *cwd;             /* pip runs here (relative paths in requirements) */
    const char *const *targets;  /* pip's arguments: "-r" FILE, ".[x]", ... NULL-ended */
    const json_t *probe;         /* packages.<family>.version: the vendor versions */
    const char *index_url, *extra_index_url, *find_links;
    bool no_index;
    bool exclude_bnb;
    bool only_binary;            /* --only-binary :all: (no sdist is built: no code runs) */
    const char *tmp;             /* a directory of ours for stubs, constraints, report */
    const char *file;            /* the file findings are reported against */
    const jg_reqs *direct;       /* its direct requirements (lines of the roots), or NULL */
};

struct jg_resolve_out {
    size_t packages;             /* how many pip would install */
    char python[64];             /* the resolving interpreter: "3.11 on x86_64" */
    bool no_pip;                 /* not followed because that interpreter has no pip */
};

/* 0 resolved (findings added: rules torch.transitive, bitsandbytes,
 * resolve.conflict); 1 not followed (why says what and why: no pip, no
 * index offline, a build that failed), findings added where pip stopped at
 * a torch family member or bitsandbytes that a dependency asks for. */
int jg_resolve_check(const struct jg_resolve_in *in, jg_findings *out, struct jg_resolve_out *res,
                     char *why, size_t n);

/* The package lines of reqs as requirement lines (markers left out: the
 * reader already selected for the Jetson), for pip to resolve. */
void jg_reqs_write(FILE *f, const jg_reqs *reqs);

#endif
