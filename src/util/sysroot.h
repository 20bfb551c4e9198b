/* The one reader of host files. Every path is relative to a root ("/" on a
 * live host, a fixture tree under --root); symbolic links are resolved inside
 * that root, so /proc/device-tree -> /sys/firmware/devicetree/base works in a
 * fixture exactly as on a Jetson. Every read is size-capped and reports why it
 * failed (missing vs unreadable), because "not installed" and "could not read"
 * are different facts. */
#ifndef JG_SYSROOT_H
#define JG_SYSROOT_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

typedef struct jg_root {
    char *dir;   /* host directory, without trailing slash ("" for "/") */
    bool live;   /* true when reading the running host's "/" */
} jg_root;

enum jg_rstatus {
    JG_R_OK = 0,
    JG_R_MISSING,    /* ENOENT / ENOTDIR: the file is not there */
    JG_R_UNREADABLE, /* exists but cannot be read; err holds errno */
    JG_R_TOO_BIG,    /* larger than the cap; data holds the first cap bytes */
};

typedef struct jg_blob {
    enum jg_rstatus status;
    int err;      /* errno when status is MISSING or UNREADABLE */
    char *data;   /* NUL-terminated (an extra byte past len), may hold NULs */
    size_t len;
    mode_t type;  /* S_IFMT bits when the path is no regular file (a FIFO, a device), else 0 */
} jg_blob;

#define JG_CAP_SMALL (64u * 1024u)         /* sysfs, procfs, release files */
#define JG_CAP_LARGE (16u * 1024u * 1024u) /* dpkg status, version.json */

/* dir NULL or "/" reads the live host. Returns false (errno set) when dir is not a directory. */
bool jg_root_init(jg_root *r, const char *dir);
void jg_root_free(jg_root *r);

/* Host path for rel inside the root, links resolved inside the root (the last
 * component too when follow_last); no link in it leads out of the root.
 * malloc'd; NULL with errno set: ELOOP after 40 links, ENOMEM. */
char *jg_root_path(const jg_root *r, const char *rel, bool follow_last);

enum jg_rstatus jg_read(const jg_root *r, const char *rel, size_t cap, jg_blob *out);
void jg_blob_free(jg_blob *b);
/* Read a whole host file given by path (not through a root): pasted reports,
 * policy, evidence. "-" reads standard input. */
enum jg_rstatus jg_read_path(const char *path, size_t cap, jg_blob *out);

/* 0 on success, else -errno. */
int jg_stat(const jg_root *r, const char *rel, struct stat *st);
int jg_lstat(const jg_root *r, const char *rel, struct stat *st);
/* Raw link target of rel (not resolved); NULL with errno set when rel is no link. */
char *jg_readlink(const jg_root *r, const char *rel);
/* Sorted entry names of a directory (no "." / ".."); returns count or -errno. */
int jg_listdir(const jg_root *r, const char *rel, char ***names);
void jg_free_names(char **names, int n);

/* Why a read failed, for a message: "a FIFO, not a regular file", "larger
 * than 16777216 bytes (the limit for this input)", strerror otherwise. */
const char *jg_blob_why(const jg_blob *b, size_t cap, char *buf, size_t n);

/* "missing", "unreadable (Permission denied)", ... for messages and facts. */
const char *jg_rstatus_name(enum jg_rstatus s);

#endif
