/* Checks on output paths made before any work starts, so that an unwritable
 * --out or a --junit that would replace the evidence is a usage error at
 * once, not a failure after the whole gate has run (issue #15 row 12). */
#ifndef JG_OUTPATH_H
#define JG_OUTPATH_H
#include <stdbool.h>

/* 0 when a new file can be created in dir (made when missing, with its
 * parents), else -1 with errno: a real create-and-unlink,
 * since permissions alone do not tell a read-only mount or a full quota. */
int jg_dir_writable(const char *dir);

/* The directory part of path ("." when it has none), into buf. */
const char *jg_dir_of(const char *path, char *buf, unsigned n);

/* True when a and b name the same file: the same inode when both exist,
 * else the same name in the same (resolved) directory. */
bool jg_same_file(const char *a, const char *b);

#endif
