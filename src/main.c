/* jetgate: the subcommand table and nothing else. */
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "util/msg.h"

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    {"facts", cmd_facts, "what this host's files say about the Jetson stack"},
    {"doctor", cmd_doctor, "which layer of the CUDA stack is broken, and the fix"},
    {"triage", cmd_triage, "findings from a pasted report (facts, collect_env, logs)"},
    {"run", cmd_run, "run a gate (default jetson-runtime) and write evidence"},
    {"claim", cmd_claim, "decide whether evidence supports a tier's claim"},
    {"matrix", cmd_matrix, "show the support matrix of the policy"},
    {"report", cmd_report, "support doc, release notes or issue body in markdown"},
    {"constraints", cmd_constraints, "pip/uv constraints that keep the vendor torch"},
    {"lint", cmd_lint, "check the policy and the CI workflows"},
    {"init", cmd_init, "write the project policy (.jetgate/policy.json)"},
    {"policy", cmd_policy, "print the policy in use and where it came from"},
    {"probe", cmd_probe, "(developer) run the native CUDA probes"},
};

static int usage(FILE *f, int code)
{
    fprintf(f, "usage: jetgate <command> [options]\n\n"
               "Does this project's CUDA stack really work on this NVIDIA Jetson, and may\n"
               "the project claim support for it?\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-12s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\nRun 'jetgate <command> --help' for a command's options.\n"
               "Exit codes: 0 yes / healthy, 1 no, 2 usage or input error.\n");
    return code;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr, JG_EXIT_USAGE);
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("jetgate %s\n", JETGATE_VERSION);
        return jg_finish_stdout(JG_EXIT_OK);
    }
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        if (argc > 2 && strcmp(name, "help") == 0) {
            char *help_argv[] = {argv[2], "--help", NULL};
            for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
                if (strcmp(commands[i].name, argv[2]) == 0)
                    return commands[i].fn(2, help_argv);
        }
        return jg_finish_stdout(usage(stdout, JG_EXIT_OK));
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return jg_finish_stdout(commands[i].fn(argc - 1, argv + 1));
    jg_err("unknown command '%s'", name);
    return usage(stderr, JG_EXIT_USAGE);
}
