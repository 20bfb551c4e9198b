/* The action's one writer of step outputs (scripts/action-output.sh,
 * gha_out), run by bash as the action runs it: the input (up to its first
 * NUL) is the value of output "claim-tier", then output "status" is written
 * as "passed". The file is read back the way the GitHub runner reads it
 * (lines end at \n, \r or \r\n; NAME=VALUE or NAME<<DELIMITER ... DELIMITER)
 * and must hold exactly those two outputs, claim-tier equal to the input
 * with its line breaks as \n; aborts otherwise (a value that forged an
 * output line, issue #28 defect 3). */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Splits text at \r\n, \r or \n in place; returns the number of lines. */
static size_t split_lines(char *text, char **lines, size_t max)
{
    size_t n = 0;
    char *p = text;
    while (*p && n < max) {
        lines[n++] = p;
        p += strcspn(p, "\r\n");
        if (!*p)
            break;
        bool crlf = p[0] == '\r' && p[1] == '\n';
        *p = '\0';
        p += crlf ? 2 : 1;
    }
    return n;
}

/* The value as the runner would return it: each line break one \n. */
static char *expected(const char *value)
{
    char *e = malloc(strlen(value) + 1), *q = e;
    for (const char *p = value; *p; p++) {
        if (*p == '\r' && p[1] == '\n')
            continue;
        *q++ = *p == '\r' ? '\n' : *p;
    }
    *q = '\0';
    return e;
}

static void check(char *file, const char *value)
{
    static char *lines[1 << 16];
    size_t n = split_lines(file, lines, sizeof lines / sizeof *lines), i = 0, found = 0;
    char *want = expected(value);
    while (i < n) {
        char *line = lines[i++], *eq = strchr(line, '='), *hd = strstr(line, "<<");
        if (eq && (!hd || eq < hd)) {
            *eq = '\0';
            if (!strcmp(line, "status") ? strcmp(eq + 1, "passed") != 0
                                         : strcmp(line, "claim-tier") || strcmp(eq + 1, want))
                abort();
            found++;
            continue;
        }
        if (!hd || strncmp(line, "claim-tier<<", 12) != 0)
            abort(); /* a line that is no output of ours */
        const char *delim = hd + 2;
        size_t len = 0, k = i;
        while (k < n && strcmp(lines[k], delim) != 0)
            len += strlen(lines[k++]) + 1;
        if (k == n)
            abort(); /* no closing delimiter */
        char *got = calloc(len + 1, 1);
        for (size_t j = i; j < k; j++)
            strcat(strcat(got, lines[j]), j + 1 < k ? "\n" : "");
        if (strcmp(got, want) != 0)
            abort();
        free(got);
        found++;
        i = k + 1;
    }
    if (found != 2) {
        fprintf(stderr, "found %zu outputs in %zu lines\n", found, n);
        abort();
    }
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *value = strndup((const char *)data, size), path[] = "/tmp/jg-fuzz-output-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0 || !value)
        return 0;
    close(fd);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("GITHUB_OUTPUT", path, 1);
        execl("/bin/bash", "bash", "-c", ". \"$1\"; gha_out claim-tier \"$2\"; gha_out status passed",
              "bash", JG_FUZZ_SOURCE_DIR "/scripts/action-output.sh", value, (char *)NULL);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) /* libFuzzer's timers */
        ;
    FILE *f = fopen(path, "r");
    static char file[1 << 20];
    size_t got = f ? fread(file, 1, sizeof file - 1, f) : 0;
    file[got] = '\0';
    if (f)
        fclose(f);
    unlink(path);
    /* gha_out refuses (exit 2) only a value holding its own random delimiter. */
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        check(file, value);
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 2)
        abort();
    free(value);
    return 0;
}
