/* The command layer: every subcommand describes its options once, in a table
 * of jg_opt rows, and that table drives parsing, `--help`, the man page
 * jetgate.1 and the bash completion (all generated from it; see
 * util/opts_help.c and util/opts_docs.c). Each row says where its value goes
 * (an offset into the command's option struct, type-checked at compile time
 * by the JG_OPT_* macros), so nothing maps options to variables by position.
 *
 * Usage errors all read, on one line, on stderr, exit 2:
 *   jetgate: <command>: <what is wrong> (try 'jetgate <command> --help') */
#ifndef JG_OPTS_H
#define JG_OPTS_H
#include <stdbool.h>
#include <stddef.h>

typedef enum jg_opt_type {
    JG_OPT_FLAG,   /* bool, set true; takes no value */
    JG_OPT_STRING, /* const char *: the value as given */
    JG_OPT_NUMBER, /* double within [min, max] */
    JG_OPT_INT,    /* int, a whole number within [min, max] */
    JG_OPT_CHOICE, /* const char *: one of choices (NULL-terminated) */
} jg_opt_type;

typedef struct jg_opt {
    const char *name;  /* long name without "--"; NULL ends a table */
    char short_name;   /* '\0' when there is none */
    jg_opt_type type;
    size_t offset;     /* where the value goes in the command's option struct */
    const char *arg;   /* the value's name in help (DIR, FILE, ...); NULL for a flag */
    const char *help;  /* one paragraph; wrapped by the renderers */
    double min, max;   /* NUMBER / INT range */
    const char *const *choices; /* CHOICE */
    bool required;
} jg_opt;

/* Compile-time check that field has type T: a mistyped row does not build. */
#define JG__FIELD(st, field, T) (offsetof(st, field) + 0 * sizeof((T *){0} = &((st *)0)->field))

#define JG_OPT_FLAG(st, field, name, sh, help)                                                     \
    {name, sh, JG_OPT_FLAG, JG__FIELD(st, field, bool), NULL, help, 0, 0, NULL, false}
#define JG_OPT_STR(st, field, name, arg, help)                                                     \
    {name, 0, JG_OPT_STRING, JG__FIELD(st, field, const char *), arg, help, 0, 0, NULL, false}
#define JG_OPT_REQ(st, field, name, arg, help)                                                     \
    {name, 0, JG_OPT_STRING, JG__FIELD(st, field, const char *), arg, help, 0, 0, NULL, true}
#define JG_OPT_NUM(st, field, name, arg, lo, hi, help)                                             \
    {name, 0, JG_OPT_NUMBER, JG__FIELD(st, field, double), arg, help, lo, hi, NULL, false}
#define JG_OPT_INT(st, field, name, arg, lo, hi, help)                                             \
    {name, 0, JG_OPT_INT, JG__FIELD(st, field, int), arg, help, lo, hi, NULL, false}
#define JG_OPT_CHOICE(st, field, name, arg, list, help)                                            \
    {name, 0, JG_OPT_CHOICE, JG__FIELD(st, field, const char *), arg, help, 0, 0, list, false}
#define JG_OPT_END {NULL, 0, JG_OPT_FLAG, 0, NULL, NULL, 0, 0, NULL, false}

typedef struct jg_cmd_spec {
    const char *name;
    const char *summary;      /* one line for `jetgate --help` and the man page */
    const char *operands;     /* synopsis of the operands ("EVIDENCE..."); NULL: none */
    int min_operands, max_operands; /* max -1: any number */
    const char *operand_hint; /* "expected <hint>" when too few operands are given */
    const char *about;        /* description paragraphs, hand-wrapped, "\n\n" between */
    const jg_opt *opts;       /* ends with JG_OPT_END; -h/--help is implied */
    const char *notes;        /* after the options: environment, exit codes */
    int (*run)(int argc, char **argv);
} jg_cmd_spec;

/* The operands left after the options, in order (argv[1..n], rearranged). */
typedef struct jg_operands {
    int n;
    char **v;
} jg_operands;

/* jg_opts_parse: the command goes on. Any other value is the exit code to
 * return: 0 after printing --help, 2 after printing a usage error. */
#define JG_OPTS_CONTINUE (-1)

/* Parse argv (argv[0] = the command name) into out per spec->opts: long
 * options as --name VALUE or --name=VALUE, short flags (grouped too), "--"
 * ends options, "-" is an operand. No abbreviations: adding an option never
 * changes what an existing command line means. */
int jg_opts_parse(const jg_cmd_spec *spec, int argc, char **argv, void *out, jg_operands *ops);

/* Print spec's help to stdout (from the table). */
void jg_opts_help(const jg_cmd_spec *spec);
/* "jetgate claim --tier ID --commit SHA [OPTION]... EVIDENCE..." */
void jg_opts_synopsis(const jg_cmd_spec *spec, char *buf, size_t n);

/* Whole-program description for the man page and completion. */
typedef struct jg_program {
    const char *summary, *about, *notes;
    const jg_cmd_spec *const *cmds; /* NULL-terminated */
} jg_program;

/* Write jetgate.1 / the bash completion script to path; 0 or -1 (errno). */
int jg_opts_write_man(const jg_program *p, const char *path);
int jg_opts_write_completion(const jg_program *p, const char *path);

#endif
