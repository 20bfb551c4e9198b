/* Placeholder until the issue that owns 'jetgate claim' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_claim(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("claim: not implemented yet");
    return JG_EXIT_USAGE;
}
