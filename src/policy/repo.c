/* Repository identity in one normal form (see repo.h). */
#include "policy/repo.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A name segment: GitHub allows letters, digits, '-', '_', '.'. */
static size_t segment(const char *s)
{
    size_t i = 0;
    while (isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == '_' || s[i] == '.')
        i++;
    return i;
}

static void lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* "owner/name[.git][/]" at p, host given: write host/owner/name. */
static bool owner_name(const char *host, size_t hlen, const char *p, char *out, size_t n)
{
    size_t o = segment(p);
    if (o == 0 || p[o] != '/')
        return false;
    const char *name = p + o + 1;
    size_t k = segment(name);
    const char *rest = name + k;
    if (k > 4 && strncmp(name + k - 4, ".git", 4) == 0)
        k -= 4;
    if (k == 0 || (strcmp(rest, "") != 0 && strcmp(rest, "/") != 0) || hlen == 0)
        return false;
    if (snprintf(out, n, "%.*s/%.*s/%.*s", (int)hlen, host, (int)o, p, (int)k, name) >= (int)n)
        return false;
    lower(out);
    return true;
}

/* After "scheme://": [userinfo@]host[:port]/ ; returns the path start or NULL. */
static const char *authority(const char *p, const char **host, size_t *hlen)
{
    const char *slash = strchr(p, '/');
    if (!slash)
        return NULL;
    const char *at = memchr(p, '@', (size_t)(slash - p));
    *host = at ? at + 1 : p;
    const char *colon = memchr(*host, ':', (size_t)(slash - *host));
    *hlen = (size_t)((colon ? colon : slash) - *host);
    return slash + 1;
}

bool jg_repo_normalize(const char *url, const char *server_url, char *out, size_t n)
{
    if (!url || !*url)
        return false;
    const char *host, *path;
    size_t hlen;
    const char *sep = strstr(url, "://");
    if (sep) {
        if (strncmp(url, "https", 5) != 0 && strncmp(url, "ssh", 3) != 0 &&
            strncmp(url, "http", 4) != 0 && strncmp(url, "git", 3) != 0)
            return false;
        path = authority(sep + 3, &host, &hlen);
        return path && owner_name(host, hlen, path, out, n);
    }
    const char *colon = strchr(url, ':');
    const char *at = strchr(url, '@');
    if (colon && at && at < colon) /* git@host:owner/name */
        return owner_name(at + 1, (size_t)(colon - at - 1), colon + 1, out, n);
    if (colon)
        return false;
    host = "github.com"; /* GITHUB_REPOSITORY form: owner/name */
    hlen = strlen(host);
    if (server_url && strstr(server_url, "://")) {
        const char *h = strstr(server_url, "://") + 3;
        host = h;
        hlen = strcspn(h, "/:");
    }
    return owner_name(host, hlen, url, out, n);
}

bool jg_repo_of_issue(const char *url, char *repo, size_t n)
{
    if (!url || strncmp(url, "https://", 8) != 0)
        return false;
    const char *host = url + 8;
    size_t hlen = strcspn(host, "/");
    if (hlen == 0 || memchr(host, '@', hlen) || memchr(host, ':', hlen) || !host[hlen])
        return false;
    const char *p = host + hlen + 1;
    size_t o = segment(p);
    if (o == 0 || p[o] != '/')
        return false;
    size_t k = segment(p + o + 1);
    const char *tail = p + o + 1 + k;
    if (k == 0 || strncmp(tail, "/issues/", 8) != 0)
        return false;
    size_t d = strspn(tail + 8, "0123456789");
    if (d == 0 || tail[8 + d] != '\0' || tail[8] == '0')
        return false;
    if (snprintf(repo, n, "%.*s/%.*s/%.*s", (int)hlen, host, (int)o, p, (int)k, p + o + 1) >=
        (int)n)
        return false;
    lower(repo);
    return true;
}
