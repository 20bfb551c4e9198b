/* Write a file so that readers see the old content or the new, never a mix:
 * temp file in the same directory (".NAME.tmp.<pid>.XXXXXX", O_CLOEXEC),
 * write, fsync, rename, fsync the directory. A signal while writing removes
 * the temp file (util/cleanup.h); temp files of NAME left by a writer that
 * is gone (SIGKILL) are removed before the next write. */
#ifndef JG_ATOMIC_H
#define JG_ATOMIC_H
#include <stddef.h>

/* Creates dir (one level) when missing. Returns 0, or -1 with errno set. */
int jg_atomic_write(const char *dir, const char *name, const char *data, size_t len);
/* Same, for a full path. */
int jg_atomic_write_path(const char *path, const char *data, size_t len);

#endif
