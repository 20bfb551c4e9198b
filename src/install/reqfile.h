/* What a project's dependency files would install, as one list of
 * requirement records, so the install-contract rules (check.c) do not care
 * about the format. One reader per format, chosen by the file's name:
 * - requirements files (reqtxt.c), read as pip reads them: backslash line
 *   joining, comments, ${VAR} expansion, options, -r / -c includes
 *   followed relative to the including file;
 * - pyproject.toml (pyproject.c): PEP 621 dependencies and the selected
 *   optional-dependencies (self-references included), PEP 735
 *   dependency-groups, setuptools' dynamic dependency files, uv's indexes;
 * - uv.lock (uvlock.c): the packages reachable from the project with the
 *   selected extras and groups, markers evaluated on the Jetson;
 * - pylock.toml (pylock.c): the packages whose markers select them.
 * Only what the selection installs is listed: an extra that is not asked
 * for installs nothing and is not reported. A file that cannot be read
 * exactly is refused, never half-checked. */
#ifndef JG_REQFILE_H
#define JG_REQFILE_H
#include <stdbool.h>
#include <stddef.h>

#include "install/marker.h"

enum jg_req_kind { JG_REQ_PACKAGE, JG_REQ_INDEX };

typedef struct jg_req {
    enum jg_req_kind kind;
    const char *file; /* the file it is written in (owned by the jg_reqs) */
    size_t line;
    char name[128];   /* normalized (lowercase, '-' separators); "" for an index */
    char extras[256]; /* requested extras, normalized, comma-separated */
    char spec[256];   /* specifiers ("==2.5.0,<3"), "" for none; an index: pip's option */
    char url[1024];   /* direct reference / wheel / index URL, "" for none */
    char marker[2048]; /* environment marker text, "" for none */
    bool from_lock;   /* a lock-file package (its version is exact when present) */
    bool constraint;  /* from a -c file: limits versions, installs nothing */
} jg_req;

typedef struct jg_reqs {
    jg_req *v;
    size_t n;
    char **files; /* interned file names */
    size_t nfiles;
    bool follow_includes; /* read -r / -c / dynamic files from disk (off for fuzzing) */
    char unread[1024]; /* "FILE:LINE PATH, ...": local projects whose dependencies only
                        * building them would tell (setup.py, a source URL) */
} jg_reqs;

/* Reads the file named name (its text given) and what it includes;
 * sel says which Python, extras and groups the install selects.
 * 0, or -1 with err "NAME[:LINE]: why". */
int jg_reqfile_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                     jg_reqs *out, char *err, size_t errlen);
void jg_reqs_free(jg_reqs *r);

/* Lowercase, runs of "-_." become "-" (PEP 503). */
void jg_req_normalize(const char *in, char *out, size_t n);

/* The extras or dependency groups an install selects (--extra, --group). */
#define JG_NAMES_MAX 32
typedef struct jg_names {
    char name[JG_NAMES_MAX][128];
    const char *v[JG_NAMES_MAX]; /* v[i] is name[i], for jg_marker_env */
    size_t n;
} jg_names;
/* Appends the comma-separated names in list ("a,B_c"), normalized as PEP 685
 * and PEP 735 compare them; -1 (out unchanged past JG_NAMES_MAX) when more. */
int jg_names_split(const char *list, jg_names *out);
/* The version inside a wheel file name at the end of url ("%2B" decoded), or false. */
bool jg_wheel_version(const char *url, char *name, size_t nn, char *version, size_t vn);

/* For the readers. */
jg_req *jg_reqs_add(jg_reqs *r, enum jg_req_kind kind, const char *file, size_t line);
/* A PEP 508 string ("name[extras] (specs) ; marker" or "name @ url ; marker")
 * into r's name, extras, spec, url and marker; -1 when it names no package. */
int jg_req_pep508(const char *text, jg_req *r);
/* r's marker, or (too long to hold) one that cannot be evaluated: never cut. */
void jg_req_set_marker(jg_req *r, const char *marker);
/* Whether r's marker selects it; an unevaluable marker warns and applies. */
bool jg_req_applies(const jg_req *r, const jg_marker_env *sel);
/* Reads path (relative to the directory of from when not absolute). */
int jg_reqfile_include(const char *from, const char *path, const jg_marker_env *sel,
                       bool constraint, int depth, jg_reqs *out, char *err, size_t errlen);

/* The one check of a lock's package entry (install/lockcheck.c): name
 * (PEP 508), version (PEP 440, when given) and source URL (when given) must
 * match their grammar; else -1 with why "FILE:LINE: ...". */
int jg_lock_entry_check(const char *file, size_t line, const char *name, const char *version,
                        const char *url, char *why, size_t n);
bool jg_pkg_name_ok(const char *s);
/* "sha256:<64 hex>", "sha384:<96 hex>" or "sha512:<128 hex>". */
bool jg_hash_ok(const char *s);

int jg_reqtxt_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    bool constraint, int depth, jg_reqs *out, char *err, size_t errlen);
int jg_pyproject_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                       jg_reqs *out, char *err, size_t errlen);
int jg_uvlock_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    jg_reqs *out, char *err, size_t errlen);
int jg_pylock_parse(const char *name, const char *text, size_t len, const jg_marker_env *sel,
                    jg_reqs *out, char *err, size_t errlen);

#endif
