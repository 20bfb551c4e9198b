#include "util/env.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool has_word(const char *upper, const char *word)
{
    return strstr(upper, word) != NULL;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool jg_env_is_secret(const char *name)
{
    char up[256];
    size_t i = 0;
    for (; name[i] && name[i] != '=' && i + 1 < sizeof up; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[i] = '\0';
    return strncmp(up, "ACTIONS_", 8) == 0 || has_word(up, "TOKEN") || has_word(up, "SECRET") ||
           has_word(up, "PASSWORD") || has_word(up, "PASSWD") || has_word(up, "CREDENTIAL") ||
           ends_with(up, "_KEY");
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
    return !jg_env_is_secret(entry);
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
