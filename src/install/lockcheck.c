/* The one check of what a lock file says before jetgate acts on it: a lock
 * is data someone else wrote, and its names, versions, URLs and hashes end
 * up as lines of a requirements file pip reads (setup's export) or decide
 * what `constraints --check` calls safe. A TOML "\n" escape in a version
 * ("1.0\ntorch==2.6.0") or a name with a space ("torch ", not "torch" for
 * the family filter) would inject a line or a pip option, so every value
 * must match its grammar (PEP 508 names, PEP 440 versions) or the lock is
 * refused, naming the line. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "install/pep440.h"
#include "install/reqfile.h"

/* PEP 508: ^([A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9])$, case-insensitive. */
bool jg_pkg_name_ok(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n == 0 || n >= 128 || !isalnum((unsigned char)s[0]) || !isalnum((unsigned char)s[n - 1]))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr("._-", s[i]))
            return false;
    return true;
}

/* A PEP 440 version in its plain spelling: no spaces, no escapes. */
static bool version_ok(const char *s)
{
    jg_version v;
    for (const char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr(".+!_-", *p))
            return false;
    return *s && jg_version_parse(s, &v);
}

/* A URL pip reads on one line: printable, no spaces, no quotes. */
static bool url_ok(const char *s)
{
    for (const char *p = s; *p; p++)
        if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f || strchr("\"'\\", *p))
            return false;
    return *s != '\0';
}

bool jg_hash_ok(const char *s)
{
    static const struct {
        const char *algo;
        size_t hex;
    } algos[] = {{"sha256:", 64}, {"sha384:", 96}, {"sha512:", 128}};
    for (size_t i = 0; s && i < sizeof algos / sizeof *algos; i++) {
        size_t k = strlen(algos[i].algo);
        if (strncmp(s, algos[i].algo, k) != 0 || strlen(s + k) != algos[i].hex)
            continue;
        for (const char *p = s + k; *p; p++)
            if (!isdigit((unsigned char)*p) && !(*p >= 'a' && *p <= 'f'))
                return false;
        return true;
    }
    return false;
}

int jg_lock_entry_check(const char *file, size_t line, const char *name, const char *version,
                        const char *url, char *why, size_t n)
{
    const char *what = NULL, *value = NULL;
    if (!jg_pkg_name_ok(name))
        what = "package name (PEP 508: letters, digits, '.', '_', '-')", value = name;
    else if (version && !version_ok(version))
        what = "version (PEP 440)", value = version;
    else if (url && !url_ok(url))
        what = "source URL (printable, no spaces or quotes)", value = url;
    if (!what)
        return 0;
    char shown[80];
    size_t k = 0;
    for (const char *p = value ? value : ""; *p && k < sizeof shown - 5; p++)
        k += (size_t)snprintf(shown + k, sizeof shown - k, isprint((unsigned char)*p) ? "%c"
                                                                                    : "\\x%02x",
                              (unsigned char)*p);
    snprintf(why, n, "%s:%zu: '%s' is not a valid %s: the lock is refused (it would reach pip "
             "as written)", file, line, shown, what);
    return -1;
}
