/* `jetgate constraints --check` input: requirements.txt syntax (the first
 * byte picks requirements, uv.lock, pylock.toml or pyproject.toml), markers, PEP 440
 * specifiers, and the install-contract rules against a vendor torch. */
#include <stddef.h>
#include <stdint.h>

#include "install/constraints.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static json_t *probe;
    if (!probe)
        probe = json_pack("{s:{s:s,s:s},s:{s:{s:s},s:{s:s}}}", "python", "version", "3.10.12",
                          "machine", "aarch64", "packages", "torch", "version",
                          "2.5.0a0+872d972e41.nv24.08.17622132", "torchvision", "version",
                          "0.20.0a0+afc54f7");
    if (size == 0)
        return 0;
    static const char *const names[] = {"requirements.txt", "uv.lock", "pylock.toml",
                                        "pyproject.toml"};
    const char *name = names[data[0] & 3]; /* includes are not read from disk here */
    struct jg_check_ctx ctx = {.probe = probe, .vendor_torch = true, .exclude_bnb = true,
                               .source = "fuzz"};
    jg_findings f = {0};
    char err[512];
    jg_constraints_check(name, (const char *)data + 1, size - 1, &ctx, &f, err, sizeof err);
    jg_findings_free(&f);
    return 0;
}
