/* What jetgate leaves behind when it stops early. A signal (INT, TERM, HUP)
 * is passed on to the process group of every running child and removes the
 * temporary files being written; what is still in a group after half a
 * second gets SIGKILL. Then jetgate dies of the same signal, so a
 * CI cancel or Ctrl-C leaves neither orphans nor half-written files. SIGKILL
 * cannot be caught: for that case children carry a parent-death signal
 * (util/spawn.c). SIGPIPE is ignored so that a closed stderr (jetgate run 2>&1
 * | head -1) turns into failed writes of messages, never a lost evidence file. */
#ifndef JG_CLEANUP_H
#define JG_CLEANUP_H
#include <sys/types.h>

/* Install the handlers; once, at start (main). Safe to call again. */
void jg_cleanup_init(void);

/* A child's process group to signal; remove it once the child is reaped. */
void jg_cleanup_add_group(pid_t pgid);
void jg_cleanup_remove_group(pid_t pgid);
/* Whether pid leads a group on the list (a child still supervised);
 * async-signal-safe. */
int jg_cleanup_has_group(pid_t pid);

/* A file to unlink if jetgate dies before it is renamed into place
 * (path is copied; at most one per slot, PATH_MAX long). */
void jg_cleanup_add_file(const char *path);
void jg_cleanup_remove_file(const char *path);

#endif
