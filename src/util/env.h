/* Environments for child processes (the Python probe, project hooks, git):
 * a copy of ours with secrets removed, because a token that reaches a child
 * can reach its logs, and from there the evidence. */
#ifndef JG_ENV_H
#define JG_ENV_H
#include <stdbool.h>

enum jg_env_flags {
    JG_ENV_OFFLINE = 1,       /* set HF_HUB_OFFLINE=1 and TRANSFORMERS_OFFLINE=1 */
    JG_ENV_KEEP_HF_TOKEN = 2, /* keep HF_TOKEN / HUGGING_FACE_HUB_TOKEN (model download only) */
    JG_ENV_KEEP_PIP = 4,      /* keep pip's own index settings, credentials included
                                 (PIP_INDEX_URL, ...: pip, for setup and its dry run only):
                                 without them pip would resolve against public PyPI */
};

/* The one environment policy for every child: run, doctor, facts, hooks,
 * constraints, setup, git. True for names that carry credentials, matched
 * by pattern, case-insensitive (the table is in util/env.c and documented
 * in docs/schema.md, "Child environment"): TOKEN, SECRET, PASSWORD, PASSWD,
 * PASSPHRASE, CREDENTIAL, APIKEY anywhere in the name; PAT, AUTH, KEY, JWT,
 * DSN, WEBHOOK, PEM, COOKIE as a '_'-separated word; ACTIONS_* and
 * DOCKER_AUTH*; DATABASE_URL and kin. name may be "NAME" or "NAME=value". */
bool jg_env_is_secret(const char *name);
/* "NAME=value": a secret name, or a value holding a credential shape
 * (util/scrub.h: user:password@ in a URL, a known token prefix, a JWT). */
bool jg_env_entry_is_secret(const char *entry);

/* "NAME" or "NAME=value" of one of pip's index settings (JG_ENV_KEEP_PIP). */
bool jg_env_is_pip_index(const char *entry);

/* A NULL-terminated "NAME=value" array: env without secret entries, then each
 * entry of add ("NAME=value", NULL-terminated, may be NULL) replacing any
 * variable of that name. Free with jg_env_free. NULL on allocation failure. */
char **jg_env_build(char *const *env, const char *const *add, unsigned flags);
void jg_env_free(char **envp);

/* The file PATH would run for name (name itself when it holds a '/');
 * malloc'd, or NULL when not found. execve needs this: it does not search. */
char *jg_which(const char *name);

#endif
