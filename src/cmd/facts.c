/* Placeholder until the issue that owns 'jetgate facts' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_facts(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("facts: not implemented yet");
    return JG_EXIT_USAGE;
}
