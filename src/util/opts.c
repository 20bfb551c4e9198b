/* Option parsing from a command's jg_opt table (util/opts.h). Every usage
 * error goes through jg_usage_error, so there is one form for all commands. */
#include "util/opts.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/msg.h"
#include "util/strs.h"

static const jg_opt *find_long(const jg_opt *opts, const char *name, size_t len)
{
    for (const jg_opt *o = opts; o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

static const jg_opt *find_short(const jg_opt *opts, char c)
{
    for (const jg_opt *o = opts; o->name; o++)
        if (o->short_name == c)
            return o;
    return NULL;
}

/* "a, b or c" for a CHOICE error. */
static void join_choices(const char *const *list, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; list[i] && used < n; i++) {
        const char *sep = i == 0 ? "" : list[i + 1] ? ", " : " or ";
        int w = snprintf(buf + used, n - used, "%s%s", sep, list[i]);
        used += w > 0 ? (size_t)w : 0;
    }
}

static int bad_number(const char *cmd, const jg_opt *o, const char *v)
{
    if (o->type == JG_OPT_INT)
        return jg_usage_error(cmd, "--%s: '%s' is not a whole number from %g to %g", o->name, v,
                              o->min, o->max);
    return jg_usage_error(cmd, "--%s: '%s' is not a number from %g to %g", o->name, v, o->min,
                          o->max);
}

/* Store v (NULL for a flag) where o says. Here and below: JG_OPTS_CONTINUE,
 * or the exit code to return (help printed, usage error printed). */
static int store(const char *cmd, const jg_opt *o, const char *v, void *out)
{
    char *slot = (char *)out + o->offset;
    if (o->type == JG_OPT_FLAG) {
        *(bool *)(void *)slot = true;
        return JG_OPTS_CONTINUE;
    }
    if (o->type == JG_OPT_STRING) {
        *(const char **)(void *)slot = v;
        return JG_OPTS_CONTINUE;
    }
    if (o->type == JG_OPT_CHOICE) {
        char known[256];
        if (!jg_str_in(o->choices, v)) {
            join_choices(o->choices, known, sizeof known);
            return jg_usage_error(cmd, "--%s: unknown value '%s' (known: %s)", o->name, v, known);
        }
        *(const char **)(void *)slot = v;
        return JG_OPTS_CONTINUE;
    }
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (errno || end == v || *end || !(d >= o->min && d <= o->max))
        return bad_number(cmd, o, v);
    if (o->type == JG_OPT_INT) {
        if (d != floor(d))
            return bad_number(cmd, o, v);
        *(int *)(void *)slot = (int)d;
    } else {
        *(double *)(void *)slot = d;
    }
    return JG_OPTS_CONTINUE;
}

typedef struct cursor {
    const jg_cmd_spec *spec;
    int argc, i;
    char **argv;
    void *out;
    unsigned long seen; /* bit k: row k was given (for required rows) */
} cursor;

static void mark_seen(cursor *c, const jg_opt *o)
{
    size_t k = (size_t)(o - c->spec->opts);
    if (k < sizeof c->seen * 8)
        c->seen |= 1UL << k;
}

/* argv[c->i] starts with "--". */
static int take_long(cursor *c)
{
    const char *cmd = c->spec->name, *name = c->argv[c->i] + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    if (len == 4 && strncmp(name, "help", 4) == 0 && !eq) {
        jg_opts_help(c->spec);
        return jg_finish_stdout(JG_EXIT_OK);
    }
    const jg_opt *o = find_long(c->spec->opts, name, len);
    if (!o)
        return jg_usage_error(cmd, "unknown option '--%.*s'", (int)len, name);
    mark_seen(c, o);
    if (o->type == JG_OPT_FLAG) {
        if (eq)
            return jg_usage_error(cmd, "--%s takes no value", o->name);
        return store(cmd, o, NULL, c->out);
    }
    if (eq)
        return store(cmd, o, eq + 1, c->out);
    if (c->i + 1 >= c->argc)
        return jg_usage_error(cmd, "--%s needs a value", o->name);
    return store(cmd, o, c->argv[++c->i], c->out);
}

/* argv[c->i] is "-x" or a group of short flags "-xy". */
static int take_short(cursor *c)
{
    const char *cmd = c->spec->name;
    for (const char *p = c->argv[c->i] + 1; *p; p++) {
        if (*p == 'h') {
            jg_opts_help(c->spec);
            return jg_finish_stdout(JG_EXIT_OK);
        }
        const jg_opt *o = find_short(c->spec->opts, *p);
        if (!o)
            return jg_usage_error(cmd, "unknown option '-%c'", *p);
        mark_seen(c, o);
        int rc = store(cmd, o, NULL, c->out);
        if (rc != JG_OPTS_CONTINUE)
            return rc;
    }
    return JG_OPTS_CONTINUE;
}

static int check_required(const cursor *c)
{
    for (const jg_opt *o = c->spec->opts; o->name; o++) {
        size_t k = (size_t)(o - c->spec->opts);
        if (o->required && !(c->seen & (1UL << k)))
            return jg_usage_error(c->spec->name, "--%s %s is required", o->name, o->arg);
    }
    return JG_OPTS_CONTINUE;
}

static int check_operands(const jg_cmd_spec *s, const jg_operands *ops)
{
    if (s->max_operands >= 0 && ops->n > s->max_operands)
        return jg_usage_error(s->name, "unexpected argument '%s'", ops->v[s->max_operands]);
    if (ops->n < s->min_operands)
        return jg_usage_error(s->name, "expected %s", s->operand_hint);
    return JG_OPTS_CONTINUE;
}

int jg_opts_parse(const jg_cmd_spec *spec, int argc, char **argv, void *out, jg_operands *ops)
{
    cursor c = {.spec = spec, .argc = argc, .argv = argv, .out = out};
    int n = 0;
    bool options_done = false;
    for (c.i = 1; c.i < argc; c.i++) {
        const char *a = argv[c.i];
        int rc = JG_OPTS_CONTINUE;
        if (options_done || a[0] != '-' || a[1] == '\0')
            argv[1 + n++] = argv[c.i]; /* never ahead of c.i: the slot was read */
        else if (strcmp(a, "--") == 0)
            options_done = true;
        else if (a[1] == '-')
            rc = take_long(&c);
        else
            rc = take_short(&c);
        if (rc != JG_OPTS_CONTINUE)
            return rc;
    }
    ops->n = n;
    ops->v = argv + 1;
    int rc = check_required(&c);
    return rc != JG_OPTS_CONTINUE ? rc : check_operands(spec, ops);
}
