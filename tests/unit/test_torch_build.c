/* The one torch build classifier (src/facts/torch_build.h) on real version
 * strings: jetson-facts.md §4.1 (NVIDIA's redist wheels), §7.1 (PyPI's aarch64
 * CUDA 13.0 build from 2.11, CPU-only up to 2.10), §7.4 (torch 2.13.0+cu130 on
 * a JetPack 7.2 Orin Nano, LibreYOLO), and the "+git<sha>" local version that
 * PyPI's own source build stamps (pytorch tools/generate_torch_version.py). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "facts/tables.h"
#include "facts/torch_build.h"

typedef struct {
    const char *version, *cuda;
    int has_cuda, libs, nvidia;
    jg_torch_kind kind;
    const char *want_cuda; /* "" none */
    int jetpack;
    bool pypi;
} tcase;

static void test_classify_cases(void **state)
{
    (void)state;
    static const tcase cases[] = {
        {"2.5.0a0+872d972e41.nv24.08.17622132", NULL, -1, -1, -1, JG_TORCH_NVIDIA_JETSON, "", 6, false},
        {"2.1.0a0+41361538.nv23.06", NULL, -1, -1, -1, JG_TORCH_NVIDIA_JETSON, "", 5, false},
        {"2.0.0+nv23.05", NULL, -1, -1, -1, JG_TORCH_NVIDIA_JETSON, "", 5, false},
        {"2.13.0+cu130", NULL, -1, -1, -1, JG_TORCH_UPSTREAM_CUDA, "13.0", 0, false},
        {"2.5.1+cu124", NULL, -1, -1, -1, JG_TORCH_UPSTREAM_CUDA, "12.4", 0, false},
        {"2.5.1+cpu", NULL, -1, -1, -1, JG_TORCH_CPU, "", 0, false},
        /* PyPI's aarch64 torch from 2.11: CUDA 13.0, known from torch.version.cuda ... */
        {"2.11.0", "13.0", 1, -1, -1, JG_TORCH_UPSTREAM_CUDA, "13.0", 0, true},
        /* ... or from its nvidia-* requirements (the CUDA then follows from §7.1) */
        {"2.11.0", NULL, -1, 12, 4, JG_TORCH_UPSTREAM_CUDA, "13.0", 0, true},
        /* up to 2.10 it is CPU-only */
        {"2.10.0", NULL, 0, -1, -1, JG_TORCH_CPU, "", 0, false},
        {"2.5.1", NULL, -1, 0, 0, JG_TORCH_CPU, "", 0, false},
        /* jetson-ai-lab jp6/cu126: plain version, CUDA libraries, no nvidia-* wheels */
        {"2.8.0", NULL, -1, 3, 0, JG_TORCH_JETSON_AI_LAB, "", 0, false},
        {"2.8.0", "12.6", 1, -1, -1, JG_TORCH_JETSON_AI_LAB, "12.6", 0, false},
        {"2.1.0a0+git7bcf7da", NULL, -1, -1, -1, JG_TORCH_SOURCE, "", 0, false},
        {"2.5.0a0+872d972e41", NULL, -1, -1, -1, JG_TORCH_SOURCE, "", 0, false},
        /* a plain version and nothing else: never guessed */
        {"2.9.1", NULL, -1, -1, -1, JG_TORCH_UNKNOWN, "", 0, false},
        {NULL, NULL, -1, -1, -1, JG_TORCH_UNKNOWN, "", 0, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const tcase *c = &cases[i];
        jg_torch_input in = {c->version, c->cuda, c->has_cuda, c->libs, c->nvidia, "aarch64"};
        jg_torch_build b;
        jg_torch_classify(&in, &b);
        if (b.kind != c->kind || strcmp(b.cuda, c->want_cuda) != 0 ||
            b.nv_jetpack != c->jetpack || b.from_pypi != c->pypi)
            fail_msg("case %zu (%s): kind %s cuda '%s' jetpack %d pypi %d (%s)", i,
                     c->version ? c->version : "NULL", jg_torch_kind_name(b.kind), b.cuda,
                     b.nv_jetpack, b.from_pypi, b.why);
        assert_true(b.why[0] != '\0');
    }
}

static void test_pypi_aarch64_cuda(void **state)
{
    (void)state;
    assert_int_equal(jg_torch_pypi_aarch64_has_cuda("2.10.0"), 0);
    assert_int_equal(jg_torch_pypi_aarch64_has_cuda("2.11.0"), 1);
    assert_int_equal(jg_torch_pypi_aarch64_has_cuda("2.13.0+cu130"), 1);
    assert_int_equal(jg_torch_pypi_aarch64_has_cuda("1.13.1"), 0);
    assert_int_equal(jg_torch_pypi_aarch64_has_cuda("torch"), -1);
    /* an nv tag outside the redist table names no JetPack */
    assert_int_equal(jg_torch_nv_tag_jetpack("1.10.0+nv21.12"), 0);
    assert_int_equal(jg_torch_nv_tag_jetpack("2.3.0"), 0);
}

/* A pin against the JetPack's channel (jetson-facts.md §7.4). */
static void test_fits_jetpack(void **state)
{
    (void)state;
    char why[400];
    assert_int_equal(jg_torch_fits_jetpack("2.5.0a0+872d972e41.nv24.08", 6, "tegra234", why,
                                           sizeof why), 1);
    assert_int_equal(jg_torch_fits_jetpack("2.11.0+cu130", 6, "tegra234", why, sizeof why), 0);
    assert_non_null(strstr(why, "NVIDIA's build"));
    assert_int_equal(jg_torch_fits_jetpack("2.11.0+cu130", 7, "tegra234", why, sizeof why), 1);
    assert_int_equal(jg_torch_fits_jetpack("2.7.1+cu128", 7, "tegra264", why, sizeof why), 0);
    assert_int_equal(jg_torch_fits_jetpack("2.1.0a0+41361538.nv23.06", 6, "tegra234", why,
                                           sizeof why), 0); /* JetPack 5's wheel */
    assert_int_equal(jg_torch_fits_jetpack("2.5.0a0+872d972e41.nv24.08", 7, "tegra234", why,
                                           sizeof why), 0);
    assert_int_equal(jg_torch_fits_jetpack("2.5.1+cpu", 6, NULL, why, sizeof why), 0);
    assert_int_equal(jg_torch_fits_jetpack("2.8.0", 6, NULL, why, sizeof why), -1);
    assert_int_equal(jg_torch_fits_jetpack("2.8.0", 3, NULL, why, sizeof why), -1);
}

static void test_kind_names(void **state)
{
    (void)state;
    assert_string_equal(jg_torch_kind_name(JG_TORCH_UPSTREAM_CUDA), "upstream-cuda");
    assert_true(jg_torch_kind_is_jetson(JG_TORCH_JETSON_AI_LAB));
    assert_false(jg_torch_kind_is_jetson(JG_TORCH_UPSTREAM_CUDA));
    assert_false(jg_torch_kind_is_jetson(JG_TORCH_SOURCE));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classify_cases),
        cmocka_unit_test(test_pypi_aarch64_cuda),
        cmocka_unit_test(test_kind_names),
        cmocka_unit_test(test_fits_jetpack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
