/* `jetgate <command> --help`, rendered from the command's option table. */
#include <stdio.h>
#include <string.h>

#include "util/opts.h"

#define WIDTH 79
#define MAX_LEFT 24 /* longer option names put their help on the next line */

static const jg_opt help_row = {"help", 'h', JG_OPT_FLAG, 0, NULL, "show this help and exit",
                                0, 0, NULL, false};

void jg_opts_synopsis(const jg_cmd_spec *s, char *buf, size_t n)
{
    size_t used = (size_t)snprintf(buf, n, "jetgate %s", s->name);
    for (const jg_opt *o = s->opts; o->name && used < n; o++)
        if (o->required)
            used += (size_t)snprintf(buf + used, n - used, " --%s %s", o->name, o->arg);
    if (used < n)
        used += (size_t)snprintf(buf + used, n - used, " [OPTION]...");
    if (s->operands && used < n)
        snprintf(buf + used, n - used, " %s", s->operands);
}

/* "  -v, --verbose" or "      --root DIR". */
static int left_part(const jg_opt *o, char *buf, size_t n)
{
    char sh[8] = "    ";
    if (o->short_name)
        snprintf(sh, sizeof sh, "-%c, ", o->short_name);
    return snprintf(buf, n, "  %s--%s%s%s", sh, o->name, o->arg ? " " : "", o->arg ? o->arg : "");
}

/* Words of text, filled to WIDTH, every line but the first indented by indent
 * (the first continues at column col). */
static void fill(FILE *f, const char *text, int col, int indent)
{
    const char *p = text;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t w = strcspn(p, " ");
        if (w == 0)
            break;
        if (col > indent && col + 1 + (int)w > WIDTH) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            col++;
        }
        fprintf(f, "%.*s", (int)w, p);
        col += (int)w;
        p += w;
    }
    fputc('\n', f);
}

static void print_row(FILE *f, const jg_opt *o, int col)
{
    char left[128];
    int w = left_part(o, left, sizeof left);
    fputs(left, f);
    if (w + 2 > col) {
        fprintf(f, "\n%*s", col, "");
    } else {
        fprintf(f, "%*s", col - w, "");
    }
    fill(f, o->help, col, col);
}

static int left_column(const jg_opt *opts)
{
    char left[128];
    int col = left_part(&help_row, left, sizeof left);
    for (const jg_opt *o = opts; o->name; o++) {
        int w = left_part(o, left, sizeof left);
        if (w > col && w <= MAX_LEFT)
            col = w;
    }
    return col + 2;
}

void jg_opts_help(const jg_cmd_spec *s)
{
    char syn[512];
    jg_opts_synopsis(s, syn, sizeof syn);
    printf("usage: %s\n\n%s\n\noptions:\n", syn, s->about);
    int col = left_column(s->opts);
    for (const jg_opt *o = s->opts; o->name; o++)
        print_row(stdout, o, col);
    print_row(stdout, &help_row, col);
    if (s->notes)
        printf("\n%s\n", s->notes);
}
