/* Ask the project's interpreter for the torch family's metadata, in a
 * supervised child with a deadline (a broken interpreter or site hook
 * becomes a reason, never a hung jetgate). */
#include <stdio.h>
#include <string.h>

#include "embedded.h"
#include "install/constraints.h"
#include "python/pyprobe.h"
#include "schema/pyprobe.h"
#include "util/env.h"
#include "util/json.h"

static json_t *parse_answer(const jg_child *c, char *why, size_t n)
{
    jg_jerr jerr;
    json_t *doc = jg_json_parse(c->out, c->out_len, "constraints probe output", &jerr);
    if (!doc) {
        snprintf(why, n, "the interpreter's answer is not JSON (%s)", jerr.text);
        return NULL;
    }
    const char *err = JG_STR(cprobe, doc, error);
    if (err || !JG_OBJ(cprobe, doc, packages)) {
        snprintf(why, n, "%s", err ? err : "the interpreter's answer has no packages");
        json_decref(doc);
        return NULL;
    }
    return doc;
}

json_t *jg_install_probe(const char *python, double timeout_s, char *why, size_t n)
{
    /* The one Python runner: the environment policy keeps the project's
     * tokens away from its interpreter and site hooks (issue #15 row 5). */
    jg_child c;
    json_t *doc = NULL;
    if (jg_python_run(python, jg_embed_constraints_probe_py, NULL, JG_ENV_OFFLINE,
                      timeout_s > 0 ? timeout_s : JG_CONSTRAINTS_TIMEOUT_S, &c, why, n) != 0)
        return NULL;
    if (c.outcome != JG_CHILD_EXITED || c.code != 0) {
        char how[128];
        jg_child_describe(&c, how, sizeof how);
        const char *first = c.errtxt && c.err_len ? c.errtxt : "";
        snprintf(why, n, "%s: %s%s%.*s", python, how, first[0] ? ": " : "",
                 (int)strcspn(first, "\n"), first);
    } else {
        doc = parse_answer(&c, why, n);
    }
    jg_child_free(&c);
    return doc;
}
