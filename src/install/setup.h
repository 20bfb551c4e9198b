/* The pieces of `jetgate setup` (the plan's flashed-host install path):
 * a virtual environment that sees the vendor torch, pip run under the
 * environment policy for children, a fingerprint proving torch is the
 * same build afterwards, and a lock export without the torch family and
 * bitsandbytes for a `--no-deps` install. */
#ifndef JG_SETUP_H
#define JG_SETUP_H
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "install/marker.h"

#define JG_PIP_TIMEOUT_S 3600.0 /* a source build on a Jetson can take long */

/* May DIR become (or be) the project's venv? Refuses "/", $HOME, the project
 * root and anything above it, a non-venv directory with files, and a venv
 * without system site packages. 0 new, 1 existing and usable, -1 refused. */
int jg_venv_target(const char *dir, const char *project, char *why, size_t n);
/* PY -m venv --system-site-packages DIR; 0 or -1 with why. */
int jg_venv_create(const char *python, const char *dir, char *why, size_t n);

/* Runs argv (argv[0] a path or a name on PATH) with secrets removed from
 * the environment; 0 when it exited 0, else -1 with why holding how it
 * ended and its last output line. out (may be NULL) gets its stdout. */
int jg_setup_exec(char *const argv[], double timeout_s, char **out, char *why, size_t n);
/* The same, run in directory cwd (NULL: ours); a relative argv[0] is ours. */
int jg_setup_exec_in(char *const argv[], const char *cwd, double timeout_s, char **out,
                     char *why, size_t n);

/* {"version", "record_sha256", "files_hashed", "files_changed", "site",
 * "module"} of the torch PY would import, or NULL with why. */
json_t *jg_torch_fingerprint(const char *python, char *why, size_t n);
/* True when both fingerprints name the same intact build; else why says what changed. */
bool jg_torch_same_build(const json_t *before, const json_t *after, char *why, size_t n);

/* requirements text (malloc'd) for what the uv.lock or pylock.toml at path
 * installs with sel, as name==version lines with the lock's --hash values
 * (when every line has some; else a warning says hashes are not checked),
 * without the project itself, the torch family and bitsandbytes; NULL with
 * why (a package without a registry version cannot be exported exactly; a
 * name, version, URL or hash off its grammar refuses the lock). */
char *jg_lock_export(const char *path, const jg_marker_env *sel, char *why, size_t n);
/* The same for the lock's text (data, size bytes) named path. */
char *jg_lock_export_text(const char *path, const char *data, size_t size,
                          const jg_marker_env *sel, char *why, size_t n);

/* stage.c: FROM copied to TO (which must not exist), leaving out virtual
 * environments; 0 or -1 with why. */
int jg_tree_copy(const char *from, const char *to, char *why, size_t n);
/* PATH and everything under it removed (links not followed); 0 or -1. */
int jg_tree_remove(const char *path);
/* The git work tree that holds PROJECT (resolved), else PROJECT resolved. */
void jg_source_root(const char *project, char *root, size_t n);

#endif
