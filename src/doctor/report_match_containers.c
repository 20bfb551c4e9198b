/* Recognisers for containers: docker commands and image references. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/report_lines.h"
#include "doctor/report_scan.h"
#include "util/json.h"

/* ---- containers: docker commands, image references ---- */
static void image_ref(jg_tp *p, const char *tok)
{
    if (!jg_tp_room(p, "images"))
        return;
    json_t *im = json_object();
    json_object_set_new(im, "ref", json_string(tok));
    const char *tag = strrchr(tok, ':');
    for (const char *t = tag; t && *t; t++) {
        int a, b, c = -1;
        if ((t[0] == 'r' || t[0] == 'R') && (t[-1] == ':' || t[-1] == '-') &&
            sscanf(t + 1, "%d.%d.%d", &a, &b, &c) >= 2) {
            char v[32];
            if (c >= 0)
                snprintf(v, sizeof v, "%d.%d.%d", a, b, c);
            else
                snprintf(v, sizeof v, "%d.%d", a, b);
            json_object_set_new(im, "l4t", json_string(v));
            break;
        }
    }
    jg_tp_add(p, "images", im);
    if (strstr(tok, "l4t"))
        jg_tp_jetson_hint(p, "an L4T container image is named");
}

static void images(jg_tp *p)
{
    if (!strchr(p->text, ':') || (!find(p, "l4t") && !find(p, "nvcr.io") && !find(p, "nvidia/") &&
                                  !find(p, "dustynv")))
        return;
    char buf[JG_REPORT_LINE_CAP];
    snprintf(buf, sizeof buf, "%s", p->text);
    char *save = NULL, joined[256];
    const char *pending = NULL; /* "dustynv/l4t-ml: r35.4.1": an image name, a space, its tag */
    for (char *tok = strtok_r(buf, " \"'`()[],;=", &save); tok;
         tok = strtok_r(NULL, " \"'`()[],;=", &save)) {
        if (pending && (tok[0] == 'r' || tok[0] == 'R') && isdigit((unsigned char)tok[1])) {
            snprintf(joined, sizeof joined, "%s%s", pending, tok);
            tok = joined;
        }
        pending = NULL;
        if (tok[strlen(tok) - 1] == ':' && strstr(tok, "l4t"))
            pending = tok;
        if (!strchr(tok, ':') || strstr(tok, "://") || tok[strlen(tok) - 1] == ':')
            continue;
        if (strstr(tok, "l4t-") || strstr(tok, "nvcr.io/") || strstr(tok, "nvidia/cuda") ||
            strstr(tok, "dustynv/"))
            image_ref(p, tok);
    }
}

static void docker(jg_tp *p)
{
    bool run = find(p, "docker run") || find(p, "docker container run");
    if (find(p, "docker build") || find(p, "docker_build"))
        jg_tp_set(p, "docker.build", json_true());
    if (!run)
        return;
    jg_tp_set(p, "docker.run", json_true());
    jg_tp_set(p, "docker.run_line", jg_tp_seen(p));
    bool nv = find(p, "--runtime nvidia") || find(p, "--runtime=nvidia");
    json_t *prev = json_object_get(json_object_get(p->obs, "docker"), "runtime_nvidia");
    if (!json_is_true(prev))
        jg_tp_set(p, "docker.runtime_nvidia", json_boolean(nv));
    if (find(p, "--gpus"))
        jg_tp_set(p, "docker.gpus", json_true());
}

void jg_match_containers(jg_tp *p)
{
    images(p);
    docker(p);
}
