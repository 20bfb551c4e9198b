/* Install contract pieces: PEP 440 ordering and specifiers, PEP 508
 * markers on a Jetson, wheel file names, which torch is a vendor build,
 * and the bitsandbytes decision per policy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "install/constraints.h"
#include "install/marker.h"
#include "install/pep440.h"
#include "install/reqfile.h"

#define NV "2.5.0a0+872d972e41.nv24.08.17622132"

static void test_versions_order(void **state)
{
    (void)state;
    static const char *const ascending[] = {"2.4.0", "2.5.0.dev1", "2.5.0a0", "2.5.0a1",
                                            "2.5.0b2", "2.5.0rc1", "2.5.0", "2.5.0.post1",
                                            "2.5.1", "2.10.0"};
    for (size_t i = 0; i + 1 < sizeof ascending / sizeof ascending[0]; i++) {
        jg_version a, b;
        assert_true(jg_version_parse(ascending[i], &a));
        assert_true(jg_version_parse(ascending[i + 1], &b));
        assert_true(jg_version_cmp(&a, &b) < 0);
        assert_true(jg_version_cmp(&b, &a) > 0);
    }
    jg_version v;
    assert_true(jg_version_parse(NV, &v));
    assert_string_equal(v.local, "872d972e41.nv24.08.17622132");
    assert_false(jg_version_parse("2.5.0 junk", &v));
    assert_false(jg_version_parse("latest", &v));
}

static void test_specifiers(void **state)
{
    (void)state;
    assert_int_equal(jg_specifier_contains("", NV), 1);
    assert_int_equal(jg_specifier_contains("==" NV, NV), 1);
    assert_int_equal(jg_specifier_contains("==2.5.0a0", NV), 1); /* no local label: any */
    assert_int_equal(jg_specifier_contains("==2.5.0a0+other", NV), 0);
    assert_int_equal(jg_specifier_contains(">=2.0", NV), 1);     /* installed pre-release ok */
    assert_int_equal(jg_specifier_contains(">=2.0,<2.5", NV), 0);
    assert_int_equal(jg_specifier_contains(">=2.6", NV), 0);
    assert_int_equal(jg_specifier_contains("==2.5.*", NV), 1);
    assert_int_equal(jg_specifier_contains("==2.6.*", NV), 0);
    assert_int_equal(jg_specifier_contains("~=2.4", "2.5.1"), 1);
    assert_int_equal(jg_specifier_contains("~=2.4.0", "2.5.1"), 0);
    assert_int_equal(jg_specifier_contains("!=2.5.1", "2.5.1"), 0);
    assert_int_equal(jg_specifier_contains("===" NV, NV), 1);
    assert_int_equal(jg_specifier_contains("=>2", NV), -1);
}

static void test_markers_on_jetson(void **state)
{
    (void)state;
    assert_int_equal(jg_marker_eval("platform_machine == \"aarch64\"", "3.10.12"), 1);
    assert_int_equal(jg_marker_eval("platform_machine == 'x86_64'", "3.10.12"), 0);
    assert_int_equal(jg_marker_eval("sys_platform == 'darwin' or (os_name == 'posix' and "
                                    "python_version >= '3.10')", "3.10.12"), 1);
    assert_int_equal(jg_marker_eval("python_version < '3.9'", "3.10.12"), 0);
    assert_int_equal(jg_marker_eval("python_full_version >= '3.10.13'", "3.10.12"), 0);
    assert_int_equal(jg_marker_eval("'linux' in sys_platform", "3.10.12"), 1);
    assert_int_equal(jg_marker_eval("extra == 'gpu'", "3.10.12"), 0);
    /* Unknown parts: -1 only when they could change the answer. */
    assert_int_equal(jg_marker_eval("platform_release == '5.15'", "3.10.12"), -1);
    assert_int_equal(jg_marker_eval("sys_platform == 'win32' and platform_release == 'x'", NULL), 0);
    assert_int_equal(jg_marker_eval("python_version >= '3.8'", NULL), -1);
    assert_int_equal(jg_marker_eval("platform_machine == ", "3.10.12"), -1);
}

static void test_wheel_names(void **state)
{
    (void)state;
    char name[64], version[128];
    assert_true(jg_wheel_version("https://x/whl/cu124/torch-2.5.1%2Bcu124-cp310-cp310-"
                                 "linux_aarch64.whl#sha256=00", name, sizeof name, version,
                                 sizeof version));
    assert_string_equal(name, "torch");
    assert_string_equal(version, "2.5.1+cu124");
    assert_false(jg_wheel_version("git+https://x/torch.git", name, sizeof name, version,
                                  sizeof version));
    char norm[64];
    jg_req_normalize("Torch_Audio..x", norm, sizeof norm);
    assert_string_equal(norm, "torch-audio-x");
}

/* --extra / --group lists: normalized, appended, and refused past the cap
 * without writing beyond it. */
static void test_names_split(void **state)
{
    (void)state;
    jg_names names = {0};
    assert_int_equal(jg_names_split("Vision,dev_Tools,,a.b", &names), 0);
    assert_int_equal(names.n, 3);
    assert_string_equal(names.v[0], "vision");
    assert_string_equal(names.v[1], "dev-tools");
    assert_string_equal(names.v[2], "a-b");
    assert_int_equal(jg_names_split(NULL, &names), 0);
    assert_int_equal(names.n, 3);
    char many[JG_NAMES_MAX * 4 + 8] = "";
    for (int i = 0; i < JG_NAMES_MAX; i++)
        strcat(many, "x,");
    assert_int_equal(jg_names_split(many, &names), -1);
    assert_int_equal(names.n, JG_NAMES_MAX);
}

static json_t *probe_with(const char *machine, const char *version, const char *libs,
                          const char *nvidia)
{
    json_error_t e;
    json_t *p = json_pack_ex(&e, 0, "{s:{s:s,s:s},s:{s:{s:s,s:b,s:[s*],s:[s*]}}}", "python",
                             "version", "3.10.12", "machine", machine, "packages", "torch",
                             "version", version, "has_record", 1, "cuda_libraries", libs,
                             "nvidia_requires", nvidia);
    assert_non_null(p);
    return p;
}

static void test_vendor_torch(void **state)
{
    (void)state;
    static const struct {
        const char *machine, *version, *lib, *nvidia, *why;
    } cases[] = {
        {"aarch64", NV, "libtorch_cuda.so", NULL, NULL},
        {"aarch64", "2.5.0", "libtorch_cuda.so", NULL, NULL}, /* jetson-ai-lab */
        {"aarch64", "2.5.1+cpu", NULL, NULL, "CPU-only build (+cpu)"},
        {"aarch64", "2.5.1+cu124", "libtorch_cuda.so", NULL, "download.pytorch.org"},
        {"aarch64", "2.5.1", NULL, NULL, "no CUDA library"},
        {"aarch64", "2.5.1", "libtorch_cuda.so", "nvidia-cudnn-cu12", "PyPI CUDA build"},
        {"x86_64", NV, "libtorch_cuda.so", NULL, "not aarch64"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *p = probe_with(cases[i].machine, cases[i].version, cases[i].lib, cases[i].nvidia);
        char why[256] = "";
        bool vendor = jg_torch_is_vendor(p, why, sizeof why);
        assert_int_equal(vendor, cases[i].why == NULL);
        if (cases[i].why && !strstr(why, cases[i].why))
            fail_msg("case %zu: '%s' lacks '%s'", i, why, cases[i].why);
        json_decref(p);
    }
}

/* JetPack 7.2's supported torch is the upstream cu130 build (jetson-facts.md §7.4): a tier
 * may pin it, and then it needs the nvidia-*-cu13 wheels installed; on JetPack 6 such a pin
 * is refused, and a tier pinning NVIDIA's wheel refuses PyPI's CUDA build. */
static void test_upstream_tier_torch(void **state)
{
    (void)state;
    json_t *orin72 = json_pack("{s:s,s:{s:s},s:{s:s},s:{s:s,s:s}}", "id", "orin-jp72", "software",
                               "jetpack", "7.2", "hardware", "soc", "tegra234", "pytorch", "kind",
                               "wheel", "torch", "2.11.0+cu130");
    json_t *p = probe_with("aarch64", "2.11.0+cu130", "libtorch_cuda.so", "nvidia-cudnn-cu13");
    json_object_set_new(p, "nvidia_wheels",
                        json_pack("{s:s,s:s,s:s,s:s}", "nvidia-cudnn-cu13", "9.13.0.50",
                                  "nvidia-nccl-cu13", "2.27.7", "nvidia-cusparselt-cu13", "0.8.0",
                                  "nvidia-nvshmem-cu13", "3.3.24"));
    char why[512];
    if (!jg_torch_fits_tier(p, orin72, why, sizeof why))
        fail_msg("%s", why);
    json_object_del(json_object_get(p, "nvidia_wheels"), "nvidia-nvshmem-cu13");
    assert_false(jg_torch_fits_tier(p, orin72, why, sizeof why));
    assert_non_null(strstr(why, "pip install nvidia-cudnn-cu13 nvidia-nccl-cu13"));
    /* setup's pre-check: the pin fits, and the missing wheel is what it installs */
    if (!jg_torch_pin_fits_tier(p, orin72, why, sizeof why))
        fail_msg("%s", why);
    char missing[256], ver[32] = "x";
    assert_int_equal(jg_tier_missing_list(p, orin72, missing, sizeof missing), 1);
    assert_string_equal(missing, "nvidia-nvshmem-cu13");
    json_object_set_new(p, "nvidia_wheels", json_object());
    assert_int_equal(jg_tier_missing_list(p, orin72, missing, sizeof missing), 4);
    assert_string_equal(missing, "nvidia-cudnn-cu13 nvidia-nccl-cu13 nvidia-cusparselt-cu13 "
                                 "nvidia-nvshmem-cu13");
    assert_false(jg_tier_wheel_version(orin72, "nvidia-cudnn-cu13", ver, sizeof ver));
    assert_string_equal(ver, ""); /* the channel row states no version: not pinned */
    json_object_set_new(p, "nvidia_wheels",
                        json_pack("{s:s,s:s,s:s}", "nvidia-cudnn-cu13", "9.13.0.50",
                                  "nvidia-nccl-cu13", "2.27.7", "nvidia-cusparselt-cu13", "0.8.0"));
    json_object_set_new(json_object_get(p, "nvidia_wheels"), "nvidia-nvshmem-cu13",
                        json_string("3.3.24"));
    json_t *sw = json_object_get(orin72, "software");
    json_object_set_new(sw, "jetpack", json_string("6.2")); /* JetPack 6: NVIDIA's build */
    assert_false(jg_torch_fits_tier(p, orin72, why, sizeof why));
    assert_non_null(strstr(why, "NVIDIA's build"));
    json_object_set_new(sw, "jetpack", json_string("7.2"));
    json_t *pypi = probe_with("aarch64", "2.12.0", "libtorch_cuda.so", "nvidia-cudnn-cu13");
    assert_false(jg_torch_fits_tier(pypi, orin72, why, sizeof why)); /* not the pinned build */
    assert_false(jg_torch_pin_fits_tier(pypi, orin72, why, sizeof why));
    json_t *target = json_pack("{s:s,s:{s:s,s:s}}", "id", "target", "pytorch", "kind", "wheel",
                               "torch", "2.5.0a0+872d972e41.nv24.08");
    assert_false(jg_torch_fits_tier(pypi, target, why, sizeof why)); /* PyPI's CUDA build */
    assert_non_null(strstr(why, "PyPI CUDA build"));
    json_decref(target);
    json_decref(pypi);
    json_decref(p);
    json_decref(orin72);
}

/* A last physical line of blanks with no newline: the comment test read past the
 * end of the text (found by fuzz_reqfile; ASan catches a regression here, since
 * the copy below is exactly as long as the text). */
static void test_requirements_unterminated_blank_tail(void **state)
{
    (void)state;
    static const char text[] = "torch==2.5.0a0+872d972e41.nv24.08\n\n ";
    size_t len = sizeof text - 1;
    char *exact = malloc(len);
    assert_non_null(exact);
    memcpy(exact, text, len);
    jg_marker_env sel = {0};
    jg_reqs reqs = {0};
    char err[256] = "";
    assert_int_equal(jg_reqfile_parse("requirements.txt", exact, len, &sel, &reqs, err, sizeof err), 0);
    assert_int_equal(reqs.n, 1);
    assert_string_equal(reqs.v[0].name, "torch");
    jg_reqs_free(&reqs);
    free(exact);
}

static void test_bitsandbytes_decision(void **state)
{
    (void)state;
    json_t *pol = json_loads("{\"tiers\": [{\"id\": \"a\", \"bitsandbytes\": \"supported\"},"
                             " {\"id\": \"b\", \"bitsandbytes\": \"unsupported\"}]}", 0, NULL);
    char why[256];
    assert_int_equal(jg_bnb_excluded(pol, "a", why, sizeof why), 0);
    assert_int_equal(jg_bnb_excluded(pol, "b", why, sizeof why), 1);
    assert_int_equal(jg_bnb_excluded(pol, NULL, why, sizeof why), 1); /* unknown tier: deny */
    assert_int_equal(jg_bnb_excluded(pol, "zz", why, sizeof why), -1);
    json_decref(pol);
    pol = json_loads("{\"tiers\": [{\"id\": \"a\", \"bitsandbytes\": \"supported\"}]}", 0, NULL);
    assert_int_equal(jg_bnb_excluded(pol, NULL, why, sizeof why), 0);
    json_decref(pol);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_versions_order),   cmocka_unit_test(test_specifiers),
        cmocka_unit_test(test_markers_on_jetson), cmocka_unit_test(test_wheel_names),
        cmocka_unit_test(test_names_split),
        cmocka_unit_test(test_vendor_torch),
        cmocka_unit_test(test_upstream_tier_torch),     cmocka_unit_test(test_bitsandbytes_decision),
        cmocka_unit_test(test_requirements_unterminated_blank_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
