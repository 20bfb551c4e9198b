/* Placeholder until the issue that owns 'jetgate triage' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_triage(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("triage: not implemented yet");
    return JG_EXIT_USAGE;
}
