/* Recognisers for containers: docker commands and image references. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/triage/report_lines.h"
#include "doctor/triage/report_scan.h"
#include "util/json.h"

/* ---- containers: docker commands, image references ---- */
static void image_ref(jg_tp *p, const char *tok)
{
    if (!JG_TP_ROOM(p, images))
        return;
    json_t *im = json_object();
    JG_ITEM_SET_STR(im, ref, tok);
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
            JG_ITEM_SET_STR(im, l4t, v);
            break;
        }
    }
    JG_TP_ADD(p, images, im);
    if (strstr(tok, "l4t"))
        jg_tp_jetson_hint(p, "an L4T container image is named");
}

void jg_rx_images(jg_tp *p)
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

void jg_rx_docker(jg_tp *p)
{
    bool run = find(p, "docker run") || find(p, "docker container run");
    if (find(p, "docker build") || find(p, "docker_build"))
        JG_DOCKER_SET_BOOL(JG_TP_OBJ(p, docker), build, true);
    if (!run)
        return;
    json_t *dk = JG_TP_OBJ(p, docker);
    JG_DOCKER_SET_BOOL(dk, run, true);
    JG_DOCKER_SET_OBJ(dk, run_line, jg_tp_seen(p));
    bool nv = find(p, "--runtime nvidia") || find(p, "--runtime=nvidia");
    if (JG_DOCKER_BOOL(dk, runtime_nvidia) != 1)
        JG_DOCKER_SET_BOOL(dk, runtime_nvidia, nv);
    /* --gpus, or a CDI device (--device nvidia.com/gpu=all): the GPU was asked for */
    if (find(p, "--gpus") || find(p, "nvidia.com/gpu"))
        JG_DOCKER_SET_BOOL(dk, gpus, true);
}
