/* The support document (markdown): the matrix with each tier's status from
 * the given evidence, install steps per tier, and what unified memory means
 * in practice. Wording follows the plan: a tier is never "ARM64". */
#include <stdlib.h>
#include <string.h>

#include "facts/tables.h"
#include "facts/torch_build.h"
#include "report/render.h"
#include "report/report.h"
#include "install/constraints.h"
#include "schema/policy.h"
#include "util/get_jetgate.h"
#include "util/scrub.h"

static void status_cell(FILE *f, const struct jg_tier_status *st)
{
    if (st->claimed)
        fprintf(f, "claimed on commit `%.12s`%s", st->commit, st->scope);
    else {
        char *why = jg_scrub_issue(st->why); /* may quote evidence values */
        /* A waiver's text already reads "not claimed (waived until ..., issue ...)". */
        fprintf(f, "%s%s", st->waived ? "" : "not claimed: ", why ? why : "unknown");
        free(why);
    }
}

/* The pin, with torchvision / torchaudio where pinned beside torch. */
static void pin_cell(FILE *f, const json_t *pt)
{
    const char *tv = JG_STR(companion, JG_NODE(pin, pt, torchvision), version);
    const char *ta = JG_STR(companion, JG_NODE(pin, pt, torchaudio), version);
    if (!JG_STR(pin, pt, pin)) {
        fprintf(f, "not pinned");
        return;
    }
    fprintf(f, "%s `%s`", JG_STR(pin, pt, kind), JG_STR(pin, pt, pin));
    if (tv)
        fprintf(f, ", torchvision %s", tv);
    if (ta)
        fprintf(f, ", torchaudio %s", ta);
}

static void matrix_row(FILE *f, const json_t *t, const struct jg_tier_status *st)
{
    char *parts = jg_render_join(JG_NODE(tier, t, module_parts), ", ");
    const char *mem = JG_STR(tier, t, memory_class);
    fprintf(f, "| %s (%s) | %s: %s, %s, CC %s | %s / L4T %s | %s / %s | ", JG_STR(tier, t, name),
            JG_STR(tier, t, level), parts, mem ? mem : "memory varies", JG_STR(tier, t, soc),
            JG_STR(tier, t, compute_capability), JG_STR(tier, t, jetpack), JG_STR(tier, t, l4t),
            JG_STR(tier, t, ubuntu), JG_STR(tier, t, cuda));
    pin_cell(f, JG_OBJ(tier, t, pytorch));
    fprintf(f, " | %s | ", JG_STR(tier, t, bitsandbytes));
    status_cell(f, st);
    fprintf(f, " |\n");
    free(parts);
}

static void matrix_table(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Support matrix\n\n"
               "| Tier | Module | JetPack / Jetson Linux | Ubuntu / CUDA | PyTorch source | "
               "bitsandbytes | Status |\n|---|---|---|---|---|---|---|\n");
    jg_report_each_tier(f, in, matrix_row);
    fprintf(f, "\nGeneric ARM64 (linux/aarch64) builds show only that the code imports and its CPU "
               "tests pass; they are not Jetson CUDA support. Results from x86_64 CUDA hosts are "
               "not Jetson evidence either. A tier is claimed only with passing, non-skipped "
               "`jetson-runtime` evidence from that tier's hardware on the exact commit, at most "
               "%d days old.\n\n",
            (int)JG_INT(policy, in->policy, max_age_days, 0));
}

/* torchvision / torchaudio pinned beside torch: installed from their pin
 * (no dependencies: the torch they need is the one above), or, pinned by
 * version only, where such a build comes from. */
static void companions(FILE *f, const json_t *pt)
{
    static const char *const names[] = {"torchvision", "torchaudio"};
    const json_t *co[] = {JG_NODE(pin, pt, torchvision), JG_NODE(pin, pt, torchaudio)};
    for (size_t i = 0; i < 2; i++) {
        const char *v = JG_STR(companion, co[i], version), *pin = JG_STR(companion, co[i], pin);
        const char *sha = JG_STR(companion, co[i], sha256);
        char fix[768];
        jg_family_remedy(names[i], fix, sizeof fix);
        if (v && pin)
            fprintf(f, "python3 -m pip install --no-cache --no-deps '%s%s%s'   # %s %s, the tier's "
                       "pin beside torch\n", pin, sha ? "#sha256=" : "", sha ? sha : "",
                    names[i], v);
        else if (v)
            fprintf(f, "# %s %s: the tier pins this build beside torch; %s\n", names[i], v, fix);
    }
}

/* What NVIDIA's pinned wheel needs before it imports, from the channel row (the one home
 * of these facts), as steps that stop visibly where the host lacks one. */
static void wheel_prerequisites(FILE *f, const jg_torch_channel *c, const char *jp)
{
    if (!c || (!c->wheel_python && !c->needs_lib_file)) {
        fprintf(f, "# what this wheel needs besides JetPack %s: unknown (jetgate's facts record "
                   "none)\n", jp ? jp : "?");
        return;
    }
    if (c->wheel_python)
        fprintf(f, "python3 -c 'import sys; assert sys.version_info[:2] == (%c, %s), \"the wheel "
                   "is cp%c%s: it needs Python %s\"'   # prerequisite: Python %s\n",
                c->wheel_python[0], c->wheel_python + 2, c->wheel_python[0], c->wheel_python + 2,
                c->wheel_python, c->wheel_python);
    else
        fprintf(f, "# the Python this wheel needs: unknown (jetgate's facts record none)\n");
    if (c->needs_lib_file)
        fprintf(f, "# prerequisite: %s (%s): %s. Install it for this JetPack's CUDA into %s, then "
                   "`sudo ldconfig` (the install command is not in jetgate's facts: unknown; "
                   "pytorch/TensorRT's JetPack guide shows one)\nls %s/%s\n",
                c->needs_lib_name, c->needs_lib_file, c->needs_lib_why, c->needs_lib_dir,
                c->needs_lib_dir, c->needs_lib_file);
}

static void flashed_host(FILE *f, const json_t *t)
{
    fprintf(f, "On a flashed Jetson (JetPack %s), keep NVIDIA's PyTorch and never let a resolve "
               "replace it. `jetgate setup` makes `.venv` with system site packages, installs the "
               "project under constraints that pin that torch (or from its uv.lock without "
               "torch and bitsandbytes, `--no-deps`), proves torch is the same build afterwards "
               "and runs `pip check`; a step that would replace torch stops with the reason:\n\n"
               "```sh\n",
            JG_STR(tier, t, jetpack));
    fputs("# " JG_GET_JETGATE "\n", f);
    /* The wheel pin, with its sha256 when one is published (pip then checks it). */
    const json_t *pt = JG_OBJ(tier, t, pytorch);
    const char *sha = JG_STR(pin, pt, sha256);
    bool wheel = strcmp(JG_STR(pin, pt, kind), "wheel") == 0;
    if (wheel && !sha)
        fprintf(f, "# the policy records no sha256 for this wheel (no public source gives one): "
                   "the download is not verified, and `jetgate setup --wheel` refuses it\n");
    jg_torch_input in = jg_torch_input_version(JG_STR(pin, pt, torch));
    jg_torch_build b; /* the one classifier: NVIDIA's wheel, or an upstream CUDA build (7.2) */
    jg_torch_classify(&in, &b);
    bool upstream = b.kind == JG_TORCH_UPSTREAM_CUDA;
    const char *jp = JG_STR(tier, t, jetpack);
    const jg_torch_channel *c = jg_torch_channel_for(jp ? atoi(jp) : 0, JG_STR(tier, t, soc));
    if (wheel && b.kind == JG_TORCH_NVIDIA_JETSON)
        wheel_prerequisites(f, c, jp);
    if (wheel)
        fprintf(f, "python3 -m pip install --no-cache '%s%s%s'   # %s, the tier's pin\n",
                JG_STR(pin, pt, pin), sha ? "#sha256=" : "", sha ? sha : "",
                upstream ? "the upstream CUDA torch" : "NVIDIA's torch");
    if (upstream && c && c->extra_pip)
        fprintf(f, "python3 -m pip install %s   # what it loads cuDNN, NCCL, cuSPARSELt and "
                   "NVSHMEM from\n", c->extra_pip);
    companions(f, pt);
    fprintf(f, "jetgate setup --tier %s .\n. .venv/bin/activate\njetgate doctor\njetgate run\n"
               "```\n\n",
            JG_STR(tier, t, id));
}

/* jetgate must be in the image for the RUN line to work: the static aarch64
 * binary from its release, copied in from the build context. */
static void container(FILE *f, const json_t *t)
{
    const json_t *pt = JG_OBJ(tier, t, pytorch);
    if (strcmp(JG_STR(pin, pt, kind), "container") == 0) {
        const char *digest = JG_STR(pin, pt, digest);
        fprintf(f, "In a container, build from the pinned image and install the project without "
                   "touching its torch. Put jetgate's static aarch64 binary (from its release, "
                   "checked against SHA256SUMS) next to the Dockerfile as `jetgate`:\n\n"
                   "```dockerfile\nFROM %s%s%s\nCOPY jetgate /usr/local/bin/jetgate\n"
                   "COPY . /src\nRUN jetgate constraints --tier %s > /etc/jetgate-constraints.txt "
                   "&& python3 -m pip install -c /etc/jetgate-constraints.txt /src\n```\n\n",
                JG_STR(pin, pt, pin), digest ? "@" : "", digest ? digest : "", JG_STR(tier, t, id));
        if (!digest)
            fprintf(f, "The policy records no digest for this image, so the tag is what is "
                       "pinned: a re-pushed tag changes the build. Record the digest "
                       "(`docker buildx imagetools inspect`) in the policy.\n\n");
        fprintf(f, "Run it with the NVIDIA runtime (`--runtime nvidia`) so the GPU devices and "
                   "driver libraries are mounted.\n\n");
    } else {
        fprintf(f, "Container: this tier pins a wheel, not an image. Until the policy pins an "
                   "exact NVIDIA Jetson container for JetPack %s, use the flashed-host path.\n\n",
                JG_STR(tier, t, jetpack));
    }
}

/* The torch that works on the tier's JetPack, from the facts' channel table (the same row
 * doctor's and triage's fixes read). */
static void channel_note(FILE *f, const json_t *t)
{
    const char *jp = JG_STR(tier, t, jetpack);
    const jg_torch_channel *c = jg_torch_channel_for(jp ? atoi(jp) : 0, JG_STR(tier, t, soc));
    if (!c) {
        fprintf(f, "jetgate's facts record no PyTorch channel for JetPack %s.\n\n", jp ? jp : "?");
        return;
    }
    fprintf(f, "PyTorch on JetPack %s (jetgate's facts): %s", jp, c->install);
    if (c->extra_pip)
        fprintf(f, "; it also needs `pip install %s` (JetPack does not ship them)", c->extra_pip);
    if (c->wheel_python)
        fprintf(f, "; NVIDIA's wheel is cp%c%s (Python %s)", c->wheel_python[0],
                c->wheel_python + 2, c->wheel_python);
    if (c->needs_lib_file)
        fprintf(f, "; it needs %s (`%s` in `%s`): %s", c->needs_lib_name, c->needs_lib_file,
                c->needs_lib_dir, c->needs_lib_why);
    if (c->container)
        fprintf(f, "; container: `%s` (%s)", c->container,
                c->container_note ? c->container_note : "NVIDIA's");
    fprintf(f, ".\n\n");
}

static void install(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Install\n\n");
    const json_t *tiers = JG_OBJS(policy, in->policy, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++) {
        const json_t *t = json_array_get(tiers, i);
        fprintf(f, "### %s (%s)\n\n", JG_STR(tier, t, name), JG_STR(tier, t, level));
        channel_note(f, t);
        if (!JG_OBJ(tier, t, pytorch))
            fprintf(f, "No PyTorch source is pinned for this tier, so there are no supported "
                       "install steps yet. %s\n\n",
                    JG_STR(tier, t, evidence));
        else {
            flashed_host(f, t);
            container(f, t);
        }
        if (strcmp(JG_STR(tier, t, bitsandbytes), "unsupported") == 0)
            fprintf(f, "bitsandbytes is unsupported on this tier: the PyPI aarch64 wheels target "
                       "server ARM, not Jetson. The constraints exclude it until a pinned build "
                       "passes the gate.\n\n");
    }
}

static void memory(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "## Unified memory in practice\n\n"
               "A Jetson has no separate GPU memory: one DRAM pool is shared by the operating "
               "system, CUDA, model weights, activations and the file cache. \"64 GB\" on an AGX "
               "Orin 64 GB is a capacity class, not memory a model can count on.\n\n");
    const json_t *tiers = JG_OBJS(policy, in->policy, tiers);
    for (size_t i = 0; i < json_array_size(tiers); i++)
        fprintf(f, "- %s: %s\n", JG_STR(tier, json_array_get(tiers, i), name),
                JG_STR(tier, json_array_get(tiers, i), memory_notes));
    fprintf(f, "\n## Validate with small models first\n\n"
               "Start with a small model to prove the CUDA path (`jetgate doctor`, then "
               "`jetgate run`), watch memory while it runs, and only then try larger models. "
               "Move large models and long runs to dedicated CUDA hosts.\n");
}

void jg_report_support_doc(FILE *f, const struct jg_report_in *in)
{
    fprintf(f, "# NVIDIA Jetson support\n\n"
               "Generated by `jetgate report --support-doc` from the %s.\n\n",
            in->policy_name);
    matrix_table(f, in);
    install(f, in);
    memory(f, in);
}
