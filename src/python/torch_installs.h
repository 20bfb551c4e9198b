/* torch installations beside the one an interpreter imports: the system
 * interpreter's dist-/site-packages may hold NVIDIA's Jetson build while a
 * venv, the user site or PYTHONPATH put another torch first. Read as text
 * (torch/version.py), never imported. */
#ifndef JG_TORCH_INSTALLS_H
#define JG_TORCH_INSTALLS_H
#include <stddef.h>

typedef struct jg_torch_install {
    char dir[512];     /* the folder holding torch/ (what goes on PYTHONPATH) */
    char version[96];  /* torch/version.py's __version__ */
} jg_torch_install;

/* Where the system interpreters keep packages (glob patterns). */
extern const char *const jg_system_package_dirs[];

/* torch installs in the folders patterns (NULL-terminated glob patterns;
 * NULL = jg_system_package_dirs) match, in sorted order; at most cap. */
size_t jg_torch_installs(const char *const *patterns, jg_torch_install *out, size_t cap);

/* __version__ from the text of a torch/version.py ("__version__ = '2.5.1'",
 * also annotated: "__version__: str = '2.5.1'"), the way src/python/probe.py
 * reads it; 0, or -1 when there is none. */
int jg_torch_version_py(const char *text, char *out, size_t cap);

#endif
