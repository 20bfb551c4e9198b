/* Environments for child processes (the Python probe, project hooks, git):
 * a copy of ours with secrets removed, because a token that reaches a child
 * can reach its logs, and from there the evidence. */
#ifndef JG_ENV_H
#define JG_ENV_H
#include <stdbool.h>

enum jg_env_flags {
    JG_ENV_OFFLINE = 1,       /* set HF_HUB_OFFLINE=1 and TRANSFORMERS_OFFLINE=1 */
    JG_ENV_KEEP_HF_TOKEN = 2, /* keep HF_TOKEN / HUGGING_FACE_HUB_TOKEN (model download only) */
};

/* True for names that carry credentials: HF and GitHub tokens, ACTIONS_*,
 * anything containing TOKEN, SECRET, PASSWORD, PASSWD or CREDENTIAL, or
 * ending in _KEY. Case-insensitive. */
bool jg_env_is_secret(const char *name);

/* A NULL-terminated "NAME=value" array: env without secret names, then each
 * entry of add ("NAME=value", NULL-terminated, may be NULL) replacing any
 * variable of that name. Free with jg_env_free. NULL on allocation failure. */
char **jg_env_build(char *const *env, const char *const *add, unsigned flags);
void jg_env_free(char **envp);

/* The file PATH would run for name (name itself when it holds a '/');
 * malloc'd, or NULL when not found. execve needs this: it does not search. */
char *jg_which(const char *name);

#endif
