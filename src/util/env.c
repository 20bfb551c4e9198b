#include "util/env.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/scrub.h"

/* The environment policy for every child (docs/schema.md, "Child
 * environment"). A name is secret when, upper-cased, it
 * - contains one of these anywhere (HF_TOKEN, MYSECRET, DB_PASSWORD): */
static const char *const secret_parts[] = {"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE",
                                           "CREDENTIAL", "APIKEY", "API_KEY", "PRIVATE_KEY"};
/* - or has one of these as a whole '_'-separated word (GH_PAT, NPM_AUTH,
 *   AWS_ACCESS_KEY_ID, SENTRY_DSN, SLACK_WEBHOOK_URL, CI_JOB_JWT, TLS_PEM): */
static const char *const secret_words[] = {"PAT", "AUTH", "KEY", "JWT", "DSN", "WEBHOOK",
                                           "PEM", "COOKIE"};
/* - or starts with one of these (the runner's own credentials): */
static const char *const secret_prefixes[] = {"ACTIONS_", "DOCKER_AUTH"};
/* - or is one of these (a connection string carries its password): */
static const char *const secret_names[] = {"DATABASE_URL", "REDIS_URL", "MONGODB_URI",
                                           "AMQP_URL", "NETRC"};
/* A value is secret when it holds a credential shape (util/scrub.h): a
 * PIP_INDEX_URL or UV_INDEX_URL with user:password@, a bare ghp_ token. */

#define COUNT(a) (sizeof a / sizeof *a)

static bool has_word(const char *up, const char *word)
{
    size_t k = strlen(word);
    for (const char *p = up; (p = strstr(p, word)) != NULL; p++)
        if ((p == up || p[-1] == '_') && (p[k] == '\0' || p[k] == '_'))
            return true;
    return false;
}

bool jg_env_is_secret(const char *name)
{
    char up[256];
    size_t i = 0;
    for (; name[i] && name[i] != '=' && i + 1 < sizeof up; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[i] = '\0';
    for (size_t k = 0; k < COUNT(secret_parts); k++)
        if (strstr(up, secret_parts[k]))
            return true;
    for (size_t k = 0; k < COUNT(secret_words); k++)
        if (has_word(up, secret_words[k]))
            return true;
    for (size_t k = 0; k < COUNT(secret_prefixes); k++)
        if (strncmp(up, secret_prefixes[k], strlen(secret_prefixes[k])) == 0)
            return true;
    for (size_t k = 0; k < COUNT(secret_names); k++)
        if (strcmp(up, secret_names[k]) == 0)
            return true;
    return false;
}

bool jg_env_entry_is_secret(const char *entry)
{
    const char *eq = strchr(entry, '=');
    return jg_env_is_secret(entry) || (eq && jg_scrub_has_credential(eq + 1));
}

static bool is_hf_token(const char *entry)
{
    return strncmp(entry, "HF_TOKEN=", 9) == 0 || strncmp(entry, "HUGGING_FACE_HUB_TOKEN=", 23) == 0;
}

/* Same variable name (the part before '=')? */
static bool same_name(const char *a, const char *b)
{
    size_t n = strcspn(a, "=");
    return strncmp(a, b, n) == 0 && b[n] == '=' && a[n] == '=';
}

static bool overridden(const char *entry, const char *const *add)
{
    for (size_t i = 0; add && add[i]; i++)
        if (same_name(add[i], entry))
            return true;
    return false;
}

static bool keep(const char *entry, const char *const *add, unsigned flags)
{
    if (!strchr(entry, '=') || overridden(entry, add))
        return false;
    if ((flags & JG_ENV_KEEP_HF_TOKEN) && is_hf_token(entry))
        return true;
    if ((flags & JG_ENV_KEEP_PIP) && jg_env_is_pip_index(entry))
        return true;
    return !jg_env_entry_is_secret(entry);
}

bool jg_env_is_pip_index(const char *entry)
{
    static const char *const names[] = {"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS",
                                        "PIP_TRUSTED_HOST", "PIP_CONFIG_FILE", "PIP_CERT",
                                        "PIP_CLIENT_CERT", "PIP_NO_INDEX"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t k = strlen(names[i]);
        if (strncmp(entry, names[i], k) == 0 && (entry[k] == '=' || entry[k] == '\0'))
            return true;
    }
    return false;
}

char **jg_env_build(char *const *env, const char *const *add, unsigned flags)
{
    static const char *const offline[] = {"HF_HUB_OFFLINE=1", "TRANSFORMERS_OFFLINE=1"};
    size_t n_env = 0, n_add = 0;
    while (env && env[n_env])
        n_env++;
    while (add && add[n_add])
        n_add++;
    char **out = calloc(n_env + n_add + 3, sizeof *out);
    if (!out)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n_env; i++) {
        bool off_name = (flags & JG_ENV_OFFLINE) && (same_name(offline[0], env[i]) ||
                                                    same_name(offline[1], env[i]));
        if (!off_name && keep(env[i], add, flags))
            out[k++] = strdup(env[i]);
    }
    for (size_t i = 0; i < n_add; i++)
        out[k++] = strdup(add[i]);
    if (flags & JG_ENV_OFFLINE)
        for (size_t i = 0; i < 2; i++)
            if (!overridden(offline[i], add))
                out[k++] = strdup(offline[i]);
    for (size_t i = 0; i < k; i++)
        if (!out[i]) {
            jg_env_free(out);
            return NULL;
        }
    return out;
}

void jg_env_free(char **envp)
{
    for (size_t i = 0; envp && envp[i]; i++)
        free(envp[i]);
    free(envp);
}

char *jg_which(const char *name)
{
    if (!name || !*name)
        return NULL;
    if (strchr(name, '/'))
        return access(name, X_OK) == 0 ? strdup(name) : NULL;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    size_t nlen = strlen(name);
    while (*path) {
        size_t dlen = strcspn(path, ":");
        char *cand = malloc(dlen + nlen + 3);
        if (!cand)
            return NULL;
        if (dlen == 0)
            snprintf(cand, nlen + 3, "./%s", name);
        else
            snprintf(cand, dlen + nlen + 2, "%.*s/%s", (int)dlen, path, name);
        if (access(cand, X_OK) == 0)
            return cand;
        free(cand);
        path += dlen;
        if (*path == ':')
            path++;
    }
    return NULL;
}
