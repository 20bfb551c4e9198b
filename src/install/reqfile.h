/* Exported requirements and lock files, read into one list of requirement
 * records so the install-contract rules do not care about the format:
 * - requirements.txt syntax (pip / `uv export` / `pip freeze`): continuation
 *   lines, comments, options (-r/-c includes are not followed, with a
 *   warning), name[extras] specifiers ; marker, name @ URL, bare wheel URLs;
 * - uv.lock and pylock.toml: the name and version of each [[package]] /
 *   [[packages]] table, read line by line; any value that cannot be read
 *   exactly makes the whole file refused rather than half-checked. */
#ifndef JG_REQFILE_H
#define JG_REQFILE_H
#include <stdbool.h>
#include <stddef.h>

enum jg_req_kind { JG_REQ_PACKAGE, JG_REQ_INDEX };

typedef struct jg_req {
    enum jg_req_kind kind;
    size_t line;
    char name[128];   /* normalized (lowercase, '-' separators); "" for an index */
    char spec[256];   /* specifiers ("==2.5.0,<3"), "" for none */
    char url[1024];   /* direct reference / wheel / index URL, "" for none */
    char marker[256]; /* environment marker text, "" for none */
    bool from_lock;   /* a lock-file package table (its version is exact when present) */
} jg_req;

typedef struct jg_reqs {
    jg_req *v;
    size_t n;
} jg_reqs;

/* 0, or -1 with err "NAME:LINE: why" when the file cannot be read exactly. */
int jg_reqfile_parse(const char *name, const char *text, size_t len, jg_reqs *out, char *err,
                     size_t errlen);
void jg_reqs_free(jg_reqs *r);
/* Lowercase, runs of "-_." become "-" (PEP 503). */
void jg_req_normalize(const char *in, char *out, size_t n);
/* The version inside a wheel file name at the end of url ("%2B" decoded), or false. */
bool jg_wheel_version(const char *url, char *name, size_t nn, char *version, size_t vn);

#endif
