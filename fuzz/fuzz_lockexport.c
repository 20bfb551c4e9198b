/* setup's uv.lock export (install/lockexport.c): a lock is someone else's
 * data and its export is a file pip reads. Invariant, checked on every
 * export: each line is a comment or exactly one requirement, "NAME==VERSION"
 * or "NAME @ URL", with only --hash=ALGO:HEX options after it, NAME a valid
 * PEP 508 name outside the torch family and bitsandbytes; aborts otherwise
 * (a line or option injected through a lock value). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "install/reqfile.h"
#include "install/setup.h"

static void check_line(char *line)
{
    if (line[0] == '#' || line[0] == '\0')
        return;
    char *save = NULL, *name = strtok_r(line, " ", &save);
    char *eq = name ? strstr(name, "==") : NULL;
    if (eq)
        *eq = '\0';
    else if (!(name && (eq = strtok_r(NULL, " ", &save)) && strcmp(eq, "@") == 0 &&
               strtok_r(NULL, " ", &save)))
        abort(); /* neither NAME==VERSION nor NAME @ URL */
    if (!jg_pkg_name_ok(name) || strcmp(name, "torch") == 0 || strcmp(name, "torchvision") == 0 ||
        strcmp(name, "torchaudio") == 0 || strcmp(name, "bitsandbytes") == 0)
        abort();
    for (char *opt; (opt = strtok_r(NULL, " ", &save));)
        if (strncmp(opt, "--hash=", 7) != 0 || !jg_hash_ok(opt + 7))
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    jg_marker_env sel = {.python = "3.10"};
    char why[512];
    char *text = jg_lock_export_text("uv.lock", (const char *)data, size, &sel, why, sizeof why);
    for (char *save = NULL, *line = text ? strtok_r(text, "\n", &save) : NULL; line;
         line = strtok_r(NULL, "\n", &save))
        check_line(line);
    free(text);
    return 0;
}
