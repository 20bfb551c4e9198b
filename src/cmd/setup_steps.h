/* The steps of `jetgate setup`, in order; each returns 0 to go on or the
 * exit code after printing why it stopped. Every step before setup_venv
 * only reads: a refusal leaves nothing behind (no venv, no file in the
 * checkout); the temporary directory is removed whatever happens. */
#ifndef JG_SETUP_STEPS_H
#define JG_SETUP_STEPS_H
#include <jansson.h>
#include <limits.h>
#include <stdbool.h>

#include "install/reqfile.h"

#define SETUP_MAX_WHEELS 3 /* one per torch family member */
#define SETUP_MAX_REQS 8

/* What the install reads (setup_project.c). */
enum setup_shape { SHAPE_UV_LOCK, SHAPE_PYLOCK, SHAPE_PROJECT, SHAPE_REQUIREMENTS };

struct setup_opts {
    const char *tier, *venv, *extra, *group, *requirements, *wheel, *python, *policy, *root,
        *project;
    const char *index_url, *extra_index_url, *find_links;
    bool no_index, ignore_lock, no_resolve;
    bool venv_new;               /* the venv is made by this run (after every check) */
    bool follow_in_venv;         /* probe_py has no pip: the venv's pip resolves first */
    bool follow_no_bnb;          /* ... and bitsandbytes is excluded by the tier */
    char venv_dir[PATH_MAX];
    char venv_py[PATH_MAX + 16];
    char probe_py[PATH_MAX + 16]; /* asked before the venv exists: the venv's or --python */
    char host_arch[32];
    char tmp[PATH_MAX];          /* this run's temporary directory */
    char src_root[PATH_MAX];     /* the work tree holding the project */
    char stage[PATH_MAX + 32];   /* the copy pip builds from */
    char stage_project[PATH_MAX + 64];
    jg_names extras, groups; /* --extra, --group: normalized */
    enum setup_shape shape;
    char lock[PATH_MAX + 16];    /* uv.lock / pylock.toml for the lock shapes */
    char reqs[SETUP_MAX_REQS][PATH_MAX]; /* requirements files, relative to the project */
    size_t nreqs;
    char wheels[SETUP_MAX_WHEELS][PATH_MAX]; /* verified --wheel files to install */
    size_t nwheels;
};

/* The host is a Jetson of a tier (and of --tier when given); *tier set. */
int setup_platform(struct setup_opts *o, const json_t *policy, const json_t **tier);
/* The venv may be used or made there (nothing created yet); probe_py set. */
int setup_plan_venv(struct setup_opts *o);
/* The interpreter sees the tier's NVIDIA torch family (then *before is its
 * fingerprint), or --wheel gives verified wheels of it (sha256 as the
 * policy records); nothing installed. */
int setup_torch(struct setup_opts *o, const json_t *tier, json_t **before);
/* What the project installs is read and judged (setup_project.c). */
int setup_project(struct setup_opts *o, const json_t *policy, const json_t *tier);
/* When the interpreter asked first had no pip: the new venv's pip resolves the whole
 * graph before anything is installed into it (setup_project.c); 0 to go on. */
int setup_follow_in_venv(struct setup_opts *o, const json_t *policy, const json_t *tier);
/* The nvidia-* wheels a tier's upstream CUDA torch needs (setup_wheels.c): the
 * missing ones resolve from pip's index with torch pinned (nothing installed); then,
 * in the venv, installed under the constraints, torch unchanged, checked again. */
int setup_nvidia_check(struct setup_opts *o, const json_t *tier);
int setup_nvidia_install(struct setup_opts *o, const json_t *policy, const json_t *tier,
                         const json_t *before);
/* The venv exists (created when new) and sees system site packages (a new one is removed
 * again when setup_follow_in_venv refuses); the
 * verified wheels are in it, *before then their fingerprint. */
int setup_venv(struct setup_opts *o, const json_t *policy, const json_t *tier, json_t **before);
/* The project installed from a staged copy, without any resolve that
 * could replace torch. */
int setup_install(struct setup_opts *o, const json_t *policy, const json_t *tier);
/* torch (and its family) is the same build as before, and pip check passes. */
int setup_verify(struct setup_opts *o, const json_t *before, json_t **after);

/* Shared by the steps (setup_install.c). */
int setup_pip_install(const struct setup_opts *o, const char *const *args);
/* The fingerprint of the torch family python sees (setup_venv.c). */
int setup_fingerprint(const char *python, json_t **before);
/* The selected dependency groups' lines in DIR/jetgate-groups.txt; path
 * empty when no group is selected (setup_install.c). */
int setup_groups_file(const struct setup_opts *o, const json_t *probe, const char *dir,
                      char *path, size_t n);
/* Whether the interpreter's judge passes (setup_torch.c). */
int setup_judge(const struct setup_opts *o, const json_t *tier, const char *python);

#endif
