/* Placeholder until the issue that owns 'jetgate report' lands; says so plainly. */
#include "cmd/cmd.h"
#include "util/msg.h"

int cmd_report(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    jg_err("report: not implemented yet");
    return JG_EXIT_USAGE;
}
