/* The steps of `jetgate setup`, in order; each returns 0 to go on or the
 * exit code after printing why it stopped. */
#ifndef JG_SETUP_STEPS_H
#define JG_SETUP_STEPS_H
#include <jansson.h>
#include <limits.h>
#include <stdbool.h>

#define SETUP_MAX_EXTRAS 32

struct setup_opts {
    const char *tier, *venv, *extra, *wheel, *python, *policy, *root, *project;
    const char *index_url, *extra_index_url, *find_links;
    bool no_index;
    char venv_dir[PATH_MAX];
    char venv_py[PATH_MAX + 16];
    char host_arch[32];
    char extras[SETUP_MAX_EXTRAS][128];
    const char *extra_v[SETUP_MAX_EXTRAS];
    size_t nextras;
};

/* The host is a Jetson of a tier (and of --tier when given); *tier set. */
int setup_platform(struct setup_opts *o, const json_t *policy, const json_t **tier);
/* The venv exists (created when new) and sees system site packages. */
int setup_venv(struct setup_opts *o);
/* The venv sees the tier's NVIDIA torch (installing --wheel when it sees
 * none and the wheel is verified); *before is its fingerprint. */
int setup_torch(struct setup_opts *o, const json_t *tier, json_t **before);
/* The project installed without any resolve that could replace torch. */
int setup_install(struct setup_opts *o, const json_t *policy, const json_t *tier);
/* torch is the same build as before, and pip check passes. */
int setup_verify(struct setup_opts *o, const json_t *before, json_t **after);

#endif
