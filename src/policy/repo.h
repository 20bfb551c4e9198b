/* Repository identity: one normal form, "host/owner/name" in lowercase
 * (GitHub names are case-insensitive), for evidence (`run` records it),
 * claims (`claim --repo` must match) and waivers (the issue must be this
 * project's). Pure string functions. */
#ifndef JG_POLICY_REPO_H
#define JG_POLICY_REPO_H
#include <stdbool.h>
#include <stddef.h>

#define JG_REPO_MAX 256

/* Normalise a remote URL (https://[user@]host[:port]/owner/name[.git],
 * ssh://git@host[:port]/owner/name[.git], git@host:owner/name[.git]) or a
 * GitHub "owner/name" (host from server_url, default github.com). false
 * when it is none of these. Credentials in the URL never reach out. */
bool jg_repo_normalize(const char *url, const char *server_url, char *out, size_t n);

/* A canonical issue URL https://HOST/OWNER/NAME/issues/NUMBER: true, with
 * the repository ("host/owner/name", lowercase) in repo. */
bool jg_repo_of_issue(const char *url, char *repo, size_t n);

/* This checkout's repository, normalised: `git remote get-url origin` and
 * GITHUB_REPOSITORY (on GITHUB_SERVER_URL's host), which must agree when
 * both are known (else false, with a warning once); either alone; false
 * when neither. */
bool jg_repo_here(char *out, size_t n);

/* `git A1 A2 A3` in a secret-free environment: its stdout (malloc'd) when it
 * exits 0, else NULL; _line keeps the first line only. */
char *jg_git(const char *a1, const char *a2, const char *a3);
char *jg_git_line(const char *a1, const char *a2, const char *a3);

#endif
