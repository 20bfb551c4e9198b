/* jetgate policy: which policy this directory's commands use, and what it
 * says after loading (so a maintainer sees the file jetgate actually read). */
#include <getopt.h>
#include <stdio.h>

#include "cmd/cmd.h"
#include "policy/discover.h"
#include "policy/policy.h"
#include "util/json.h"
#include "util/msg.h"

static int help(void)
{
    printf("usage: jetgate policy [--policy FILE] [--json | --where]\n\n"
           "Print the policy every command would use here: --policy FILE, else\n"
           "$" JG_POLICY_ENV ", else " JG_POLICY_PROJECT_PATH " at the root of the git checkout,\n"
           "else the embedded default policy. Human output starts with a line saying which.\n\n"
           "  --policy FILE  this policy instead of the discovered one\n"
           "  --json         only the validated policy document (canonical JSON)\n"
           "  --where        only its path, or \"" JG_POLICY_EMBEDDED_NAME "\"\n"
           "  -h, --help     this help\n\n"
           "Exit: 0, or 2 when the policy cannot be read or is invalid.\n");
    return JG_EXIT_OK;
}

int cmd_policy(int argc, char **argv)
{
    static const struct option longs[] = {
        {"policy", required_argument, NULL, 'p'}, {"json", no_argument, NULL, 'j'},
        {"where", no_argument, NULL, 'w'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *flag = NULL;
    int ch, json = 0, where = 0;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (ch) {
        case 'p': flag = optarg; break;
        case 'j': json = 1; break;
        case 'w': where = 1; break;
        case 'h': return help();
        default: return jg_usage_error("policy", "bad option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return jg_usage_error("policy", "unexpected argument '%s'", argv[optind]);
    if (json && where)
        return jg_usage_error("policy", "--json and --where exclude each other");
    jg_policy_src src;
    jg_jerr err = {{0}};
    json_t *doc = jg_policy_load_from(flag, &src, &err);
    if (!doc) {
        jg_err("%s", err.text);
        return JG_EXIT_USAGE;
    }
    char desc[PATH_MAX + 128];
    if (where)
        printf("%s\n", jg_policy_src_name(&src));
    else if (!json)
        printf("policy: %s\n", jg_policy_src_describe(&src, desc, sizeof desc));
    int rc = where ? 0 : jg_json_print(stdout, doc);
    json_decref(doc);
    return rc == 0 ? JG_EXIT_OK : JG_EXIT_USAGE;
}
