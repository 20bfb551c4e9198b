/* Failure lines that name nothing of the CUDA stack. A project's own run or
 * build fails in words of its own (a segfault, a build step that stopped, a
 * file its program could not find); a maintainer reading such a paste with no
 * CUDA error in it looks at the project first. Both signals are for the rule
 * that speaks last (jg_rule_failure_outside_stack): one line in the report
 * that fails in the stack's words keeps it quiet. */
#include "doctor/triage/report_scan.h"

/* Words of the CUDA stack's layers: a failure naming one is for the rules. */
static const char *const stack_words[] = {
    "cuda", "cudnn", "cublas", "cufft", "curand", "cusparse", "nccl", "nvrtc", "tensorrt",
    "nvinfer", "gpu", "driver", "nvidia", "libcu", "nvml", "ptx", "kernel image", "sm_",
    "device", "tegra", "l4t", "jetpack", "nvgpu", "nvhost", "nvmap", "nvenc", "nvdec",
    "cuvid", NULL};

/* A failure in any words, prose included ("not found", "cannot"). */
static const char *const any_failure[] = {
    "error", "fail", "fatal", "abort", "not found", "not exist", "could not", "unable",
    "cannot", "can't", NULL};

/* A failure as programs print it: the line quoted for the project. */
static const char *const printed_failure[] = {
    "error", "failed", "failure", "segmentation fault", "core dumped", "aborted", "assertion",
    "fatal", "no such file", "cannot open", NULL};

/* Python imports, package tools, installed libraries and container builds have layers of
 * their own (python-packages, configuration, cuda-libraries, container-runtime): not the
 * project's. */
static const char *const not_the_project[] = {
    "importerror", "modulenotfound", "cannot import", "no module named", "has no attribute",
    "could not find module", "traceback", "pip", "extension", "wheel", "python", ".dll",
    ".so.", "error: could not", "error: no matching", "docker", "buildkit", "container",
    "podman", "kubectl", NULL};

/* A log line at info level ("Info: ... this may generate errors") reports, it does not fail. */
static const char *const info_level[] = {"info:", "[info]", "level=info", NULL};

/* A count of none is no failure: "0 errors, 2 warnings", "12 passed, 0 failed", "Errors: 0",
 * "finished with no errors" (whole words: "10 errors" is not "0 errors"). */
static bool none_failed(const jg_tp *p)
{
    static const char *const counts[] = {"0 error",   "0 errors",  "0 failed",   "0 failures",
                                         "errors: 0", "error: 0",  "failed: 0",  "failures: 0",
                                         "no error",  "no errors", "no failures", NULL};
    for (int i = 0; counts[i]; i++)
        if (has_word(p, counts[i]))
            return true;
    return false;
}

/* Pasted code and traceback frames name failures without failing ("except Exception as
 * error:", "raise ValueError(...)", "level=logging.ERROR", File "x/errors.py"). */
static bool code_line(const jg_tp *p)
{
    static const char *const starts[] = {
        "def ",    "class ",  "except",  "raise ",   "if ",     "elif ",    "for ",
        "while ",  "return",  "import ", "from ",    "try:",    "with ",    "assert ",
        "print(",  "logging.", "logger.", "#include", "catch",  "throw ",   "} catch",
        "//",      "file \"", NULL};
    const char *s = p->lower + strspn(p->lower, " \t>.");
    for (int i = 0; starts[i]; i++)
        if (strncmp(s, starts[i], strlen(starts[i])) == 0)
            return true;
    return find(p, "logging.") != NULL;
}

void jg_rx_failures(jg_tp *p)
{
    if (find_any(p, info_level) || none_failed(p) || code_line(p))
        return;
    bool stack = find_any(p, stack_words);
    if (stack && find_any(p, any_failure))
        jg_tp_signal(p, JG_SIG_failure_in_stack);
    else if (!stack && (find_any(p, printed_failure) || has_word(p, "killed")) &&
             !find_any(p, not_the_project))
        jg_tp_signal(p, JG_SIG_failure_outside_stack);
}
