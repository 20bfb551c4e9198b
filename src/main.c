/* jetgate: the subcommand list and nothing else. Each command's options,
 * help and entry point live in its spec (src/cmd/, util/opts.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "doctor/engine/catalogue.h"
#include "util/cleanup.h"
#include "util/msg.h"

static const jg_cmd_spec *const commands[] = {
    &jg_cmd_facts, &jg_cmd_doctor, &jg_cmd_triage, &jg_cmd_run,  &jg_cmd_claim,
    &jg_cmd_matrix, &jg_cmd_report, &jg_cmd_constraints, &jg_cmd_setup, &jg_cmd_lint,
    &jg_cmd_init, &jg_cmd_policy, &jg_cmd_probe,
    NULL,
};

static const jg_program program = {
    .summary = "does this project's CUDA stack really work on this NVIDIA Jetson?",
    .about = "Does this project's CUDA stack really work on this NVIDIA Jetson, and may\n"
             "the project claim support for it? Each command below answers one part,\n"
             "with evidence. Run 'jetgate <command> --help' for a command's options.",
    .notes = "0 yes / healthy, 1 no, 2 usage or input error. Usage errors print one line:\n"
             "jetgate: <command>: <what is wrong> (try 'jetgate <command> --help').",
    .cmds = commands,
};

static int usage(FILE *f, int code)
{
    fprintf(f, "usage: jetgate <command> [options]\n\n"
               "Does this project's CUDA stack really work on this NVIDIA Jetson, and may\n"
               "the project claim support for it?\n\ncommands:\n");
    for (size_t i = 0; commands[i]; i++)
        fprintf(f, "  %-12s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\nRun 'jetgate <command> --help' for a command's options.\n"
               "Exit codes: 0 yes / healthy, 1 no, 2 usage or input error.\n");
    return code;
}

static const jg_cmd_spec *find(const char *name)
{
    for (size_t i = 0; commands[i]; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* The doctor's catalogue of table rules or its examples (doctor/catalogue.h) into
 * PATH, or stdout for "-". */
static int write_catalogue(const char *path, void (*write)(FILE *))
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f)
        return -1;
    write(f);
    return f == stdout ? (fflush(f) == 0 && !ferror(f) ? 0 : -1) : fclose(f);
}

/* Hidden, for the build and the tests:
 * `jetgate __generate man|bash-completion|doctor-catalogue|doctor-examples|doctor-rules-md PATH`. */
static int generate(int argc, char **argv)
{
    int rc = -1;
    if (argc == 4 && strcmp(argv[2], "doctor-catalogue") == 0)
        rc = write_catalogue(argv[3], jg_catalogue_write);
    else if (argc == 4 && strcmp(argv[2], "doctor-rules-md") == 0)
        rc = write_catalogue(argv[3], jg_catalogue_markdown);
    else if (argc == 4 && strcmp(argv[2], "doctor-examples") == 0)
        rc = write_catalogue(argv[3], jg_catalogue_examples);
    else if (argc == 4 && strcmp(argv[2], "man") == 0)
        rc = jg_opts_write_man(&program, argv[3]);
    else if (argc == 4 && strcmp(argv[2], "bash-completion") == 0)
        rc = jg_opts_write_completion(&program, argv[3]);
    else
        return jg_usage_error("__generate", "expected man|bash-completion|doctor-catalogue|doctor-examples|doctor-rules-md PATH");
    if (rc != 0) {
        jg_err("__generate: writing %s: %s", argv[3], strerror(errno));
        return JG_EXIT_USAGE;
    }
    return JG_EXIT_OK;
}

int main(int argc, char **argv)
{
    jg_cleanup_init();
    if (argc < 2)
        return usage(stderr, JG_EXIT_USAGE);
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("jetgate %s\n", JETGATE_VERSION);
        return jg_finish_stdout(JG_EXIT_OK);
    }
    if (strcmp(name, "__generate") == 0)
        return generate(argc, argv);
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        const jg_cmd_spec *c = argc > 2 && strcmp(name, "help") == 0 ? find(argv[2]) : NULL;
        if (c) {
            jg_opts_help(c);
            return jg_finish_stdout(JG_EXIT_OK);
        }
        return jg_finish_stdout(usage(stdout, JG_EXIT_OK));
    }
    const jg_cmd_spec *c = find(name);
    if (c)
        return jg_finish_stdout(c->run(argc - 1, argv + 1));
    jg_err("unknown command '%s'", name);
    return usage(stderr, JG_EXIT_USAGE);
}
