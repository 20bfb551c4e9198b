/* Collection over whole sysroots: the fixtures under tests/fixtures/roots
 * and small roots built here for the edge cases (unreadable files, dpkg
 * fallback, Grace, x86 with Tegra files, Thor without a toolkit, huge files). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts/collect.h"
#include "facts/fact.h"
#include "facts/module_source.h"
#include "util/json.h"

static json_t *collect_dir(const char *dir)
{
    jg_root r;
    assert_true(jg_root_init(&r, dir));
    json_t *doc = jg_facts_collect_files(&r);
    jg_root_free(&r);
    assert_non_null(doc);
    return doc;
}

static json_t *fixture(const char *name)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/roots/%s", JG_FIXTURES, name);
    return collect_dir(dir);
}

static const char *str(const json_t *doc, const char *path)
{
    const char *s = jg_fact_str(doc, path);
    return s ? s : "(none)";
}

static const char *status(const json_t *doc, const char *path)
{
    const char *s = jg_fact_status(jg_json_at(doc, path));
    return s ? s : "(none)";
}

static bool is_jetson(const json_t *doc)
{
    json_t *v = jg_fact_value(jg_json_at(doc, "jetson.is_jetson"));
    assert_true(json_is_boolean(v));
    return json_is_true(v);
}

static void non_jetson_fixtures_are_never_jetson(void **state)
{
    (void)state;
    const char *names[] = {"generic-arm64-server", "dgx-spark-like", "x86_64-dgpu",
                           "container-no-runtime"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        json_t *doc = fixture(names[i]);
        assert_false(is_jetson(doc));
        assert_string_equal(status(doc, "jetpack.version"), "unknown");
        json_decref(doc);
    }
}

/* Issue 14: one test per class of non-Jetson Tegra device (real upstream
 * trees, tests/fixtures/roots/README.md): the shared SoC is no evidence,
 * and unified memory is not claimed for them. */
static void non_jetson_tegra_classes(void **state)
{
    (void)state;
    static const struct { const char *root, *soc; } classes[] = {
        {"tablet-pixel-c", "tegra210"},          /* consumer tablet */
        {"tablet-nexus7-grouper", "tegra30"},    /* consumer tablet, 32-bit */
        {"tv-shield-tv", "tegra210"},            /* TV box with a p-number */
        {"tv-shield-tv-pro-2019", "tegra210"},   /* TV box, tegra210b01 variant */
        {"console-ouya", "tegra30"},             /* TV console */
        {"chromebook-nyan-big", "tegra124"},     /* Chromebook */
        {"reference-p2571", "tegra210"},         /* NVIDIA reference board */
        {"reference-p2371-0000", "tegra210"},    /* reference board, p-number look-alike */
        {"reference-norrin", "tegra132"},        /* reference board */
        {"reference-venice2", "tegra124"},       /* TK1-era reference board */
        {"reference-beaver", "tegra30"},         /* reference board */
        {"partner-apalis-tk1", "tegra124"},      /* partner module */
        {"partner-colibri-t30", "tegra30"},      /* partner module */
    };
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        json_t *doc = fixture(classes[i].root);
        if (is_jetson(doc))
            fail_msg("%s called a Jetson", classes[i].root);
        assert_string_equal(status(doc, "host.unified_memory"), "unknown");
        assert_string_equal(str(doc, "module.soc"), classes[i].soc);
        assert_string_equal(status(doc, "module.family"), "unknown");
        json_decref(doc);
    }
}

/* A container with the host's device tree mounted: the tree's module
 * compatible is Jetson evidence, a tablet's tree is not. */
static void mounted_tree_evidence(void **state)
{
    (void)state;
    json_t *doc = fixture("container-no-runtime");
    assert_false(is_jetson(doc));
    jg_identify_module(doc, NULL, JG_FIXTURES "/roots/l4t-nano-devkit-b00-r32.4.4/proc/device-tree");
    assert_string_equal(str(doc, "module.part_number"), "p3448-0000");
    assert_string_equal(str(doc, "module.identified_by"), "mounted-device-tree");
    assert_string_equal(jg_json_str(doc, "module.identified_by.via"), "dt-compatible");
    assert_true(is_jetson(doc));
    json_decref(doc);
    doc = fixture("container-no-runtime");
    jg_identify_module(doc, NULL, JG_FIXTURES "/roots/tablet-pixel-c/proc/device-tree");
    assert_false(is_jetson(doc));
    json_decref(doc);
}

static void agx_orin(void **state)
{
    (void)state;
    json_t *doc = fixture("agx-orin-64gb-jp62");
    assert_true(is_jetson(doc));
    assert_string_equal(str(doc, "l4t.version"), "36.4.3");
    assert_string_equal(str(doc, "l4t.board"), "generic");
    assert_string_equal(str(doc, "jetpack.version"), "6.2");
    assert_string_equal(str(doc, "jetpack.package"), "6.2+b77");
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "jetpack.agrees"))));
    assert_string_equal(str(doc, "module.part_number"), "p3701-0005");
    assert_string_equal(str(doc, "module.carrier"), "p3737-0000");
    assert_string_equal(str(doc, "module.name"), "Jetson AGX Orin 64GB");
    assert_string_equal(str(doc, "module.memory_class"), "64 GB");
    assert_string_equal(str(doc, "module.soc"), "tegra234");
    assert_string_equal(str(doc, "module.compute_capability"), "8.7");
    assert_string_equal(str(doc, "cuda.toolkit"), "12.6.68");
    assert_string_equal(str(doc, "cuda.toolkit_link"), "cuda-12.6");
    assert_string_equal(str(doc, "cuda.cudnn"), "9.3.0");
    assert_string_equal(str(doc, "cuda.tensorrt"), "10.3.0.30");
    assert_string_equal(str(doc, "gpu.driver_family"), "nvgpu");
    assert_string_equal(str(doc, "host.os.pretty_name"), "Ubuntu 22.04.5 LTS");
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "host.unified_memory"))));
    /* Only Jetson-relevant packages, and never a deinstalled one. */
    assert_null(json_object_get(jg_json_at(doc, "packages"), "bash"));
    assert_null(json_object_get(jg_json_at(doc, "packages"), "libcudnn8"));
    json_decref(doc);
}

static void serial_number_never_read(void **state)
{
    (void)state;
    const char *names[] = {"agx-orin-64gb-jp62", "thor-jp70", "orin-nano-super-jp62"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        json_t *doc = fixture(names[i]);
        char *text = jg_json_string(doc);
        assert_null(strstr(text, "CANARY"));
        assert_null(strstr(text, "serial"));
        free(text);
        json_decref(doc);
    }
}

static void other_jetsons(void **state)
{
    (void)state;
    json_t *doc = fixture("orin-nano-super-jp62");
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "module.super"))));
    assert_string_equal(str(doc, "module.part_number"), "p3767-0005");
    assert_string_equal(str(doc, "cuda.cudnn"), "9.3.0.75");     /* from dpkg */
    assert_string_equal(str(doc, "cuda.tensorrt"), "10.3.0.30"); /* from the header */
    json_decref(doc);

    doc = fixture("bare-bsp-no-jetpack");
    assert_string_equal(str(doc, "jetpack.version"), "6.2.1");
    assert_string_equal(status(doc, "jetpack.package"), "missing");
    assert_string_equal(status(doc, "cuda.toolkit"), "missing");
    assert_string_equal(status(doc, "cuda.cudnn"), "missing");
    assert_string_equal(status(doc, "jetpack.agrees"), "unknown");
    assert_string_equal(str(doc, "host.os.id"), "ubuntu"); /* usr/lib/os-release fallback */
    json_decref(doc);

    doc = fixture("agx-xavier-jp51");
    assert_string_equal(str(doc, "jetpack.version"), "5.1.2");
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "jetpack.agrees"))));
    assert_string_equal(str(doc, "cuda.toolkit"), "11.4.298");
    assert_string_equal(str(doc, "cuda.cudnn"), "8.6.0");
    assert_string_equal(str(doc, "cuda.tensorrt"), "8.5.2.2");
    assert_string_equal(str(doc, "module.compute_capability"), "7.2");
    assert_string_equal(status(doc, "module.part_number"), "unknown");
    assert_int_equal(json_integer_value(jg_fact_value(jg_json_at(doc, "module.tegra_chip_id"))), 25);
    json_decref(doc);

    doc = fixture("nano-jp46");
    assert_string_equal(str(doc, "jetpack.version"), "4.6");
    assert_string_equal(str(doc, "cuda.toolkit"), "10.2.300");
    assert_string_equal(json_string_value(json_object_get(jg_json_at(doc, "cuda.toolkit"), "source")),
                        "usr/local/cuda/version.txt");
    assert_string_equal(str(doc, "module.compute_capability"), "5.3");
    assert_string_equal(str(doc, "l4t.board"), "t210ref");
    json_decref(doc);

    doc = fixture("thor-jp70");
    assert_string_equal(str(doc, "module.compute_capability"), "11.0");
    assert_string_equal(str(doc, "jetpack.version"), "7.0");
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "jetpack.agrees"))));
    assert_string_equal(str(doc, "gpu.driver_family"), "openrm");
    json_decref(doc);
}

static void unknown_l4t_gets_no_jetpack(void **state)
{
    (void)state;
    json_t *doc = fixture("unknown-l4t");
    assert_true(is_jetson(doc));
    assert_string_equal(str(doc, "l4t.version"), "36.9.9");
    assert_string_equal(status(doc, "jetpack.version"), "unknown");
    assert_true(json_is_null(json_object_get(jg_json_at(doc, "jetpack.version"), "value")));
    json_decref(doc);
}

static void containers(void **state)
{
    (void)state;
    json_t *doc = fixture("container-nvidia-runtime");
    assert_true(is_jetson(doc));
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "container.inside"))));
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "container.nvidia_runtime"))));
    assert_true(json_is_true(jg_fact_value(jg_json_at(doc, "container.device_tree_masked"))));
    assert_string_equal(status(doc, "module.part_number"), "unknown");
    assert_non_null(strstr(json_string_value(json_object_get(jg_json_at(doc, "module.part_number"),
                                                             "reason")), "masked"));
    json_decref(doc);
    doc = fixture("container-no-runtime");
    assert_true(json_is_false(jg_fact_value(jg_json_at(doc, "container.nvidia_runtime"))));
    assert_string_equal(str(doc, "gpu.driver_family"), "none");
    json_decref(doc);
}

/* ---- small roots built for one edge case each ---- */

static char tmp[64];

static void put(const char *rel, const char *data, size_t len)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", tmp, rel);
    for (char *s = p + strlen(tmp) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = '\0';
        mkdir(p, 0755);
        *s = '/';
    }
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}
#define PUT(rel, lit) put(rel, lit, sizeof(lit) - 1)

static int fresh(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/jg-facts-XXXXXX");
    assert_non_null(mkdtemp(tmp));
    return 0;
}

static int cleanup(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
    return system(cmd);
}

#define REL_36_4_3 "# R36 (release), REVISION: 4.3, GCID: 1, BOARD: generic, EABI: aarch64, DATE: x\n"
#define CORE(v) "Package: nvidia-l4t-core\nStatus: install ok installed\nVersion: " v "\n\n"

static void x86_with_tegra_files_is_not_jetson(void **state)
{
    (void)state;
    PUT("proc/sys/kernel/arch", "x86_64\n");
    PUT("etc/nv_tegra_release", REL_36_4_3);
    PUT("var/lib/dpkg/status", CORE("36.4.3-20250107174145"));
    json_t *doc = collect_dir(tmp);
    assert_false(is_jetson(doc));
    json_decref(doc);
}

static void grace_is_not_jetson(void **state)
{
    (void)state;
    PUT("proc/sys/kernel/arch", "aarch64\n");
    PUT("sys/devices/soc0/family", "Tegra\n");
    PUT("sys/devices/soc0/soc_id", "36\n");
    PUT("proc/device-tree/compatible", "nvidia,tegra241\0");
    json_t *doc = collect_dir(tmp);
    assert_false(is_jetson(doc));
    json_decref(doc);
}

static void unreadable_release_falls_back_to_dpkg(void **state)
{
    (void)state;
    char p[256];
    snprintf(p, sizeof p, "%s/etc/nv_tegra_release", tmp);
    PUT("etc/.keep", "");
    assert_int_equal(mkdir(p, 0755), 0); /* a directory where a file belongs: EISDIR */
    PUT("var/lib/dpkg/status", CORE("35.4.1-20230801124926"));
    json_t *doc = collect_dir(tmp);
    assert_string_equal(status(doc, "l4t.release_line"), "unreadable");
    assert_string_equal(json_string_value(json_object_get(jg_json_at(doc, "l4t.release_line"), "error")),
                        "Is a directory");
    assert_string_equal(str(doc, "l4t.version"), "35.4.1");
    assert_string_equal(json_string_value(json_object_get(jg_json_at(doc, "l4t.version"), "source")),
                        "dpkg:nvidia-l4t-core");
    assert_string_equal(str(doc, "jetpack.version"), "5.1.2");
    json_decref(doc);
}

static void jetpack_disagreement_and_disputed_rows(void **state)
{
    (void)state;
    PUT("etc/nv_tegra_release", REL_36_4_3);
    PUT("var/lib/dpkg/status", "Package: nvidia-jetpack\nStatus: install ok installed\nVersion: 6.2.1+b38\n");
    json_t *doc = collect_dir(tmp);
    assert_true(json_is_false(jg_fact_value(jg_json_at(doc, "jetpack.agrees"))));
    json_decref(doc);
    PUT("etc/nv_tegra_release", "# R36 (release), REVISION: 4.2, BOARD: generic\n");
    doc = collect_dir(tmp);
    assert_string_equal(status(doc, "jetpack.version"), "unknown");
    assert_non_null(strstr(json_string_value(json_object_get(jg_json_at(doc, "jetpack.version"), "reason")),
                           "disputed"));
    json_decref(doc);
}

/* The module column of the JetPack table (jetson-facts.md §7.2): an Orin on L4T 38.4.0
 * (JetPack 7.1, Thor only) disagrees whatever the package says; on 39.2.0 it does not.
 * Release line: R38.4.0 GCID 43443517 (§1.1), compatible of the AGX Orin 64GB devkit. */
static void jetpack_release_without_the_module(void **state)
{
    (void)state;
    PUT("etc/nv_tegra_release", "# R38 (release), REVISION: 4.0, GCID: 43443517, BOARD: generic, "
                                "EABI: aarch64, DATE: Wed Dec 31 00:15:19 UTC 2025\n");
    PUT("proc/device-tree/compatible", "nvidia,p3737-0000+p3701-0005\0nvidia,p3701-0005\0"
                                       "nvidia,tegra234\0");
    json_t *doc = collect_dir(tmp);
    const json_t *agrees = jg_json_at(doc, "jetpack.agrees");
    assert_true(json_is_false(jg_fact_value(agrees)));
    assert_non_null(strstr(json_string_value(json_object_get(agrees, "note")), "tegra264 only"));
    json_decref(doc);
    PUT("etc/nv_tegra_release", "# R39 (release), REVISION: 2.0, GCID: 45755727, BOARD: generic, "
                                "EABI: aarch64, DATE: Mon Jun  1 09:28:48 PM UTC 2026\n");
    doc = collect_dir(tmp);
    assert_string_equal(status(doc, "jetpack.agrees"), "unknown"); /* no package to compare */
    json_decref(doc);
}

/* /etc/nv_boot_control.conf (jetson-facts.md §7.3). The Super and non-Super lines are an
 * Orin Nano devkit's real file before and after its owner's edit (a public debugging log);
 * the "--1-0-" form is OE4T's jetson-orin-nx-xavier-nx-devkit recipe; the nanoe8gb line puts
 * edk2-nvidia's board name (README_PreIsoInstaller.md) in that format. */
static void flash_configuration(void **state)
{
    (void)state;
    static const struct {
        const char *conf, *name;
        int super; /* -1: the fact is not set from the conf */
    } cases[] = {
        {"TNSPEC 3767-301-0005-M.1-1-1-jetson-orin-nano-devkit-super-\n"
         "COMPATIBLE_SPEC 3767--0005--1--jetson-orin-nano-devkit-super-\n",
         "jetson-orin-nano-devkit-super", 1},
        {"TNSPEC 3767-301-0005-M.1-1-1-jetson-orin-nano-devkit-\n"
         "COMPATIBLE_SPEC 3767--0005--1--jetson-orin-nano-devkit-\nTEGRA_CHIPID 0x23\n",
         "jetson-orin-nano-devkit", 0},
        {"COMPATIBLE_SPEC 3767-000-0000--1-0-jetson-orin-nano-devkit-\n", "jetson-orin-nano-devkit", 0},
        {"COMPATIBLE_SPEC 3767--0000--1--jetson-orin-nanoe8gb-devkit-\n", "jetson-orin-nanoe8gb-devkit", 0},
        {"TEGRA_CHIPID 0x23\n", NULL, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        put("etc/nv_boot_control.conf", cases[i].conf, strlen(cases[i].conf));
        json_t *doc = collect_dir(tmp);
        if (cases[i].name)
            assert_string_equal(str(doc, "module.flash_config"), cases[i].name);
        else
            assert_string_equal(status(doc, "module.flash_config"), "unparsable");
        const json_t *super = jg_fact_value(jg_json_at(doc, "module.super"));
        if (cases[i].super < 0)
            assert_null(super);
        else
            assert_int_equal(json_is_true(super), cases[i].super);
        json_decref(doc);
    }
    /* a device-tree board entry stays the source of module.super */
    PUT("proc/device-tree/compatible", "nvidia,p3768-0000+p3767-0005\0nvidia,tegra234\0");
    put("etc/nv_boot_control.conf", cases[0].conf, strlen(cases[0].conf));
    json_t *doc = collect_dir(tmp);
    assert_false(json_is_true(jg_fact_value(jg_json_at(doc, "module.super"))));
    assert_string_equal(str(doc, "module.flash_config"), "jetson-orin-nano-devkit-super");
    json_decref(doc);
}

static void thor_compute_capability_follows_toolkit(void **state)
{
    (void)state;
    PUT("proc/device-tree/compatible", "nvidia,p4071-0000+p3834-0008\0nvidia,tegra264\0");
    json_t *doc = collect_dir(tmp);
    assert_string_equal(status(doc, "module.compute_capability"), "unknown");
    json_decref(doc);
    PUT("usr/local/cuda/version.json", "{\"cuda_nvcc\": {\"version\": \"12.8.93\"}}");
    doc = collect_dir(tmp);
    assert_string_equal(str(doc, "module.compute_capability"), "10.1");
    json_decref(doc);
}

static void malformed_files_are_unparsable(void **state)
{
    (void)state;
    PUT("proc/device-tree/model", "\xff\xfe\x80\0");
    PUT("proc/device-tree/compatible", "nvidia,p3737-0000+p3701-0005\0\0\0x\0");
    PUT("etc/nv_tegra_release", "# R36 (release), REVISION: 4");
    PUT("etc/os-release", "ID=ubu\0ntu\n");
    PUT("proc/meminfo", "MemTotal: lots\n");
    PUT("usr/include/aarch64-linux-gnu/NvInferVersion.h",
        "#define NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE\n#define NV_TENSORRT_MINOR 11\n"
        "#define NV_TENSORRT_PATCH 0\n#define NV_TENSORRT_BUILD 33\n");
    PUT("usr/local/cuda/version.json", "{\"cuda\": ");
    json_t *doc = collect_dir(tmp);
    const char *paths[] = {"module.model", "module.compatible", "l4t.release_line", "l4t.version",
                           "host.os.id", "host.memory.total_bytes", "cuda.tensorrt", "cuda.toolkit"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        const char *s = status(doc, paths[i]);
        if (strcmp(paths[i], "l4t.release_line") == 0)
            assert_string_equal(s, "ok"); /* the raw line is kept even when it does not parse */
        else
            assert_string_equal(s, "unparsable");
    }
    assert_string_equal(status(doc, "jetpack.version"), "unknown");
    json_decref(doc);
}

/* A file beyond the read cap is unparsable; memory stays bounded by the cap. */
static void huge_dpkg_status(void **state)
{
    (void)state;
    PUT("var/lib/dpkg/status", "");
    char p[256];
    snprintf(p, sizeof p, "%s/var/lib/dpkg/status", tmp);
    int fd = open(p, O_WRONLY);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)JG_CAP_LARGE + 4096), 0); /* sparse: NUL bytes */
    close(fd);
    json_t *doc = collect_dir(tmp);
    assert_string_equal(status(doc, "jetpack.package"), "unparsable");
    assert_string_equal(status(doc, "l4t.core_package"), "unparsable");
    json_decref(doc);
}

/* Ubuntu's alternatives chain: /usr/local/cuda -> /etc/alternatives/cuda ->
 * /usr/local/cuda-13.0 (absolute links, followed inside the root). */
static void cuda_link_chain_is_followed(void **state)
{
    (void)state;
    PUT("usr/local/cuda-13.0/bin/.keep", "");
    PUT("etc/alternatives/.keep", "");
    char p[600];
    snprintf(p, sizeof p, "%s/etc/alternatives/cuda", tmp);
    assert_int_equal(symlink("/usr/local/cuda-13.0", p), 0);
    snprintf(p, sizeof p, "%s/usr/local/cuda", tmp);
    assert_int_equal(symlink("/etc/alternatives/cuda", p), 0);
    json_t *doc = collect_dir(tmp);
    assert_string_equal(str(doc, "cuda.toolkit_link"), "cuda-13.0");
    assert_string_equal(str(doc, "cuda.toolkit"), "13.0");
    json_decref(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(non_jetson_fixtures_are_never_jetson),
        cmocka_unit_test(non_jetson_tegra_classes),
        cmocka_unit_test(mounted_tree_evidence),
        cmocka_unit_test(agx_orin),
        cmocka_unit_test(serial_number_never_read),
        cmocka_unit_test(other_jetsons),
        cmocka_unit_test(unknown_l4t_gets_no_jetpack),
        cmocka_unit_test(containers),
        cmocka_unit_test_setup_teardown(x86_with_tegra_files_is_not_jetson, fresh, cleanup),
        cmocka_unit_test_setup_teardown(grace_is_not_jetson, fresh, cleanup),
        cmocka_unit_test_setup_teardown(unreadable_release_falls_back_to_dpkg, fresh, cleanup),
        cmocka_unit_test_setup_teardown(jetpack_disagreement_and_disputed_rows, fresh, cleanup),
        cmocka_unit_test_setup_teardown(thor_compute_capability_follows_toolkit, fresh, cleanup),
        cmocka_unit_test_setup_teardown(jetpack_release_without_the_module, fresh, cleanup),
        cmocka_unit_test_setup_teardown(flash_configuration, fresh, cleanup),
        cmocka_unit_test_setup_teardown(malformed_files_are_unparsable, fresh, cleanup),
        cmocka_unit_test_setup_teardown(huge_dpkg_status, fresh, cleanup),
        cmocka_unit_test_setup_teardown(cuda_link_chain_is_followed, fresh, cleanup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
