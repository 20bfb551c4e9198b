/* Every facts parser on good and malformed input: truncated, missing
 * fields, NUL bytes, non-UTF-8, huge. Malformed input must give a reason
 * ("unparsable"), never a crash or a made-up value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "facts/parsers.h"
#include "facts/tables.h"

#define S(lit) lit, sizeof(lit) - 1

static const char orin_release[] =
    "# R36 (release), REVISION: 4.3, GCID: 38968081, BOARD: generic, EABI: aarch64, "
    "DATE: Wed Jan  8 01:49:37 UTC 2025\n"
    "# KERNEL_VARIANT: oot\n"
    "TARGET_USERSPACE_LIB_DIR=nvidia\n"
    "TARGET_USERSPACE_LIB_DIR_PATH=usr/lib/aarch64-linux-gnu/nvidia\n";

static void tegra_release_good(void **state)
{
    (void)state;
    jg_l4t_release r;
    assert_null(jg_parse_tegra_release(S(orin_release), &r));
    assert_int_equal(r.major, 36);
    assert_int_equal(r.minor, 4);
    assert_int_equal(r.patch, 3);
    assert_string_equal(r.board, "generic");
    assert_string_equal(json_string_value(json_object_get(r.extra, "KERNEL_VARIANT")), "oot");
    assert_string_equal(json_string_value(json_object_get(r.extra, "TARGET_USERSPACE_LIB_DIR_PATH")),
                        "usr/lib/aarch64-linux-gnu/nvidia");
    assert_non_null(strstr(r.line, "GCID: 38968081"));
    json_decref(r.extra);
}

/* DATE variants never matter: collapsed day, 12-hour clock, date only, none. */
static void tegra_release_date_variants(void **state)
{
    (void)state;
    const char *lines[] = {
        "# R36 (release), REVISION: 4.3, GCID: 1, BOARD: generic, EABI: aarch64, DATE: Wed Jan 8 01:49:37 UTC 2025",
        "# R39 (release), REVISION: 2.0, GCID: 45755727, BOARD: generic, EABI: aarch64, DATE: Mon Jun  1 09:28:48 PM UTC 2026",
        "# R38 (release), REVISION: 2.2, GCID: 42205042, BOARD: generic, EABI: aarch64, DATE: Thu Sep 25 2025",
        "# R32 (release), REVISION: 7.3, GCID: 31982016, EABI: aarch64, DATE: Tue Nov 22 2022",
    };
    int want[][3] = {{36, 4, 3}, {39, 2, 0}, {38, 2, 2}, {32, 7, 3}};
    for (int i = 0; i < 4; i++) {
        jg_l4t_release r;
        assert_null(jg_parse_tegra_release(lines[i], strlen(lines[i]), &r));
        assert_int_equal(r.major, want[i][0]);
        assert_int_equal(r.minor, want[i][1]);
        assert_int_equal(r.patch, want[i][2]);
        json_decref(r.extra);
    }
}

static void tegra_release_malformed(void **state)
{
    (void)state;
    jg_l4t_release r;
    assert_non_null(jg_parse_tegra_release(S(""), &r));
    assert_non_null(jg_parse_tegra_release(S("# R36 (release), REV"), &r));         /* truncated */
    assert_non_null(jg_parse_tegra_release(S("# R36 (release), BOARD: generic\n"), &r)); /* no REVISION */
    assert_non_null(jg_parse_tegra_release(S("# R36 (release), REVISION: 4\n"), &r));
    assert_non_null(jg_parse_tegra_release(S("# R36 (release), REVISION: x.y\n"), &r));
    assert_non_null(jg_parse_tegra_release(S("R36 (release), REVISION: 4.3\n"), &r));
    assert_non_null(jg_parse_tegra_release(S("# R (release), REVISION: 4.3\n"), &r));
    assert_non_null(jg_parse_tegra_release(S("# R36 (release), REVISION: 4.3\0, BOARD: x\n"), &r));
    assert_non_null(jg_parse_tegra_release(S("# R36 (release), REVISION: 4.3, BOARD: g\xe9n\n"), &r));
    assert_non_null(jg_parse_tegra_release(S("# R99999999999999999999 (release), REVISION: 4.3\n"), &r));
    /* A first line far too long is refused, not truncated into a value. */
    size_t n = 100000;
    char *huge = malloc(n);
    assert_non_null(huge);
    memcpy(huge, "# R36 (release), REVISION: 4.3, ", 32);
    memset(huge + 32, 'A', n - 32);
    assert_non_null(jg_parse_tegra_release(huge, n, &r));
    free(huge);
}

static bool want_all(const char *name)
{
    return strncmp(name, "nvidia-", 7) == 0;
}

static void dpkg_good_and_filtered(void **state)
{
    (void)state;
    const char text[] = "Package: nvidia-jetpack\nStatus: install ok installed\nVersion: 6.2+b77\n"
                        "Description: x\n continued line\n\n"
                        "Package: nvidia-old\nStatus: deinstall ok config-files\nVersion: 1\n\n"
                        "Package: bash\nStatus: install ok installed\nVersion: 5.1\n\n"
                        "Package: nvidia-l4t-core\nVersion: 36.4.3-20250107174145\n"
                        "Status: install ok installed\n"; /* last stanza without a blank line */
    json_t *out = json_object();
    assert_null(jg_parse_dpkg_status(S(text), want_all, out));
    assert_int_equal(json_object_size(out), 2);
    assert_string_equal(json_string_value(json_object_get(out, "nvidia-jetpack")), "6.2+b77");
    assert_string_equal(json_string_value(json_object_get(out, "nvidia-l4t-core")),
                        "36.4.3-20250107174145");
    assert_null(json_object_get(out, "nvidia-old"));
    json_decref(out);
}

static void dpkg_malformed(void **state)
{
    (void)state;
    json_t *out = json_object();
    assert_non_null(jg_parse_dpkg_status(S("garbage without fields\n"), want_all, out));
    assert_non_null(jg_parse_dpkg_status(S("Package: nvidia-a\0\nVersion: 1\n"), want_all, out));
    /* A stanza cut short (no Version, no Status) yields nothing, not a guess. */
    assert_null(jg_parse_dpkg_status(S("Package: nvidia-jetpack\nStatus: install ok inst"), want_all, out));
    /* Non-ASCII version: the stanza is skipped. */
    assert_null(jg_parse_dpkg_status(S("Package: nvidia-x\nStatus: install ok installed\n"
                                       "Version: 1\xff\n"), want_all, out));
    assert_int_equal(json_object_size(out), 0);
    json_decref(out);
}

static void os_release(void **state)
{
    (void)state;
    jg_os_release o;
    assert_null(jg_parse_os_release(S("NAME=\"Ubuntu\"\nID=ubuntu\nID_LIKE=debian\n"
                                      "VERSION_ID=\"22.04\"\nPRETTY_NAME='Ubuntu 22.04.5 LTS'\n"), &o));
    assert_string_equal(o.id, "ubuntu");
    assert_string_equal(o.version_id, "22.04");
    assert_string_equal(o.pretty_name, "Ubuntu 22.04.5 LTS");
    assert_non_null(jg_parse_os_release(S("NAME=x\n"), &o));
    assert_non_null(jg_parse_os_release(S("ID=a\0b\n"), &o));
    assert_non_null(jg_parse_os_release(S("PRETTY_NAME=\"\xc3\x28\"\n"), &o)); /* bad UTF-8 */
}

static void meminfo(void **state)
{
    (void)state;
    unsigned long long b = 0;
    const char t[] = "MemTotal:       64350252 kB\nMemFree: 1 kB\nMemAvailable:   58123456 kB\n";
    assert_null(jg_parse_meminfo(S(t), "MemTotal", &b));
    assert_true(b == 64350252ull * 1024);
    assert_null(jg_parse_meminfo(S(t), "MemAvailable", &b));
    assert_true(b == 58123456ull * 1024);
    assert_non_null(jg_parse_meminfo(S("MemTotal: 12 MB\n"), "MemTotal", &b));
    assert_non_null(jg_parse_meminfo(S("MemTotal: -5 kB\n"), "MemTotal", &b));
    assert_non_null(jg_parse_meminfo(S("MemTotal: 99999999999999999999999 kB\n"), "MemTotal", &b));
    assert_non_null(jg_parse_meminfo(S("MemTot"), "MemTotal", &b));
}

static void device_tree(void **state)
{
    (void)state;
    char buf[256];
    assert_null(jg_parse_dt_model(S("NVIDIA Jetson AGX Orin Developer Kit\0"), buf, sizeof buf));
    assert_string_equal(buf, "NVIDIA Jetson AGX Orin Developer Kit");
    assert_non_null(jg_parse_dt_model(S("\0\0"), buf, sizeof buf));
    assert_non_null(jg_parse_dt_model(S("a\0b\0"), buf, sizeof buf));
    assert_non_null(jg_parse_dt_model(S("\xff\xfe\0"), buf, sizeof buf));

    json_t *list;
    assert_null(jg_parse_dt_compatible(S("nvidia,p3768-0000+p3767-0005-super\0nvidia,p3767-0005\0"
                                         "nvidia,tegra234\0"), &list));
    assert_int_equal(json_array_size(list), 3);
    jg_dt_ids ids;
    jg_dt_identify(list, &ids);
    assert_string_equal(ids.module, "p3767-0005");
    assert_string_equal(ids.carrier, "p3768-0000");
    assert_string_equal(ids.soc, "tegra234");
    assert_true(ids.super);
    json_decref(list);

    assert_null(jg_parse_dt_compatible(S("nvidia,jetson-cv\0nvidia,tegra210\0"), &list));
    jg_dt_identify(list, &ids);
    assert_string_equal(ids.module, ""); /* no carrier+module entry: no part number */
    assert_string_equal(ids.soc, "tegra210");
    json_decref(list);
    /* Look-alikes are not part numbers. */
    assert_null(jg_parse_dt_compatible(S("nvidia,p3737-0000+p3701-00055\0nvidia,x+y\0"), &list));
    jg_dt_identify(list, &ids);
    assert_string_equal(ids.module, "");
    json_decref(list);

    /* L4T R32 Nano: revision suffixes on both sides (xen-devel dump, fixtures README). */
    assert_null(jg_parse_dt_compatible(S("nvidia,p3449-0000-b00+p3448-0000-b00\0"
                                         "nvidia,jetson-nano\0nvidia,tegra210\0"), &list));
    jg_dt_identify(list, &ids);
    assert_string_equal(ids.module, "p3448-0000");
    assert_string_equal(ids.module_rev, "b00");
    assert_string_equal(ids.carrier, "p3449-0000");
    assert_string_equal(ids.how, JG_DT_BY_BOARD);
    assert_string_equal(ids.family->name, "Jetson Nano");
    json_decref(list);
    /* A partner carrier listing two module SKUs (Adafruit_Python_PlatformDetect #168). */
    assert_null(jg_parse_dt_compatible(S("nvidia,p3509-0000-a00+p3668-0000-a01\0"
                                         "nvidia,p3509-0000-a00+p3668-0001-a01\0nvidia,tegra194\0"),
                                       &list));
    jg_dt_identify(list, &ids);
    assert_string_equal(ids.module, "p3668-0000");
    assert_string_equal(ids.other_module, "p3668-0001");
    json_decref(list);
    /* A bare module entry (upstream binding "Jetson Xavier NX"). */
    assert_null(jg_parse_dt_compatible(S("nvidia,p3668-0000\0nvidia,tegra194\0"), &list));
    jg_dt_identify(list, &ids);
    assert_string_equal(ids.module, "p3668-0000");
    assert_string_equal(ids.how, JG_DT_BY_MODULE);
    json_decref(list);
    /* Shield TV Pro 2019: a p-number that is no Jetson module, a SoC variant. */
    assert_null(jg_parse_dt_compatible(S("nvidia,p2894-0050-a08\0nvidia,darcy\0"
                                         "nvidia,tegra210b01\0nvidia,tegra210\0"), &list));
    jg_dt_identify(list, &ids);
    assert_null(ids.how);
    assert_null(ids.family);
    assert_string_equal(ids.soc, "tegra210b01");
    json_decref(list);
    char part[16], board[8];
    assert_true(jg_dts_module("../hardware/nvidia/platform/t18x/quill/kernel-dts/"
                              "tegra186-quill-p3310-1000-c03-00-base.dts", part, sizeof part));
    assert_string_equal(part, "p3310-1000");
    assert_false(jg_dts_module("tegra210-jetson-tx1-p2597-2180-a01-devkit.dts", part, sizeof part));
    assert_true(jg_boardids("3448", board, part));
    assert_string_equal(board, "p3448");
    assert_string_equal(part, "");
    assert_true(jg_boardids("3668:0001:B01", board, part));
    assert_string_equal(part, "p3668-0001");
    assert_false(jg_boardids("34x8", board, part));

    assert_non_null(jg_parse_dt_compatible(S("a\0\0b\0"), &list)); /* empty entry */
    assert_null(list);
    assert_non_null(jg_parse_dt_compatible(S("nvidia,\x80\0"), &list));
    assert_non_null(jg_parse_dt_compatible(S(""), &list));
}

static void cuda_version_files(void **state)
{
    (void)state;
    char v[64];
    assert_null(jg_parse_cuda_version_json(S("{\"cuda\": {\"name\": \"CUDA SDK\", \"version\": \"12.6.10\"},"
                                             " \"cuda_nvcc\": {\"version\": \"12.6.68\"}}"), v, sizeof v));
    assert_string_equal(v, "12.6.10"); /* the top-level SDK version wins */
    assert_null(jg_parse_cuda_version_json(S("{\"cuda_nvcc\": {\"version\": \"13.0.48\"}}"), v, sizeof v));
    assert_string_equal(v, "13.0.48");
    const char *why = jg_parse_cuda_version_json(S("{\"cuda\": {\"version\": "), v, sizeof v);
    assert_non_null(why);
    assert_non_null(strstr(why, "version.json:1:")); /* names file, line, column */
    assert_non_null(jg_parse_cuda_version_json(S("{\"cuda_cudart\": {\"version\": \"1\"}}"), v, sizeof v));
    assert_non_null(jg_parse_cuda_version_json(S("{\"cuda\": {\"version\": \"12.x\"}}"), v, sizeof v));
    assert_non_null(jg_parse_cuda_version_json(S("{\"a\": 1, \"a\": 2}"), v, sizeof v));
    assert_non_null(jg_parse_cuda_version_json(S("\xff\xfe{}"), v, sizeof v));

    assert_null(jg_parse_cuda_version_txt(S("CUDA Version 10.2.300\n"), v, sizeof v));
    assert_string_equal(v, "10.2.300");
    assert_non_null(jg_parse_cuda_version_txt(S("CUDA Version \n"), v, sizeof v));
    assert_non_null(jg_parse_cuda_version_txt(S("CUDA Vers"), v, sizeof v));
}

static void headers(void **state)
{
    (void)state;
    char v[64];
    assert_null(jg_parse_cudnn_header(S("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 3\n"
                                        "#define CUDNN_PATCHLEVEL 0\n#define CUDNN_VERSION (CUDNN_MAJOR)\n"),
                                      v, sizeof v));
    assert_string_equal(v, "9.3.0");
    assert_non_null(jg_parse_cudnn_header(S("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 3\n"), v, sizeof v));
    assert_null(jg_parse_tensorrt_header(S("#define NV_TENSORRT_MAJOR 10 //!< major\n"
                                           "#define NV_TENSORRT_MINOR 3\n#define NV_TENSORRT_PATCH 0\n"
                                           "#define NV_TENSORRT_BUILD 30\n#define NV_TENSORRT_SONAME_MAJOR 10\n"),
                                         v, sizeof v));
    assert_string_equal(v, "10.3.0.30");
    /* TensorRT >= 10.11 style: macros through other macros -> unparsable, not a guess. */
    const char *why = jg_parse_tensorrt_header(S("#define TRT_MAJOR_ENTERPRISE 10\n"
                                                 "#define NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE\n"
                                                 "#define NV_TENSORRT_MINOR 11\n#define NV_TENSORRT_PATCH 0\n"
                                                 "#define NV_TENSORRT_BUILD 33\n"), v, sizeof v);
    assert_non_null(why);
    assert_non_null(strstr(why, "not a plain number"));
    assert_non_null(jg_parse_tensorrt_header(S("#define NV_TENSORRT_MAJOR 1\0\n"), v, sizeof v));
    unsigned long long x;
    assert_int_equal(jg_header_define(S("#define NV_TENSORRT_MAJORX 5\n"), "NV_TENSORRT_MAJOR", &x), 0);
}

/* The JetPack table: documented rows give their value; disputed and unknown
 * releases give none (never a nearest entry or a default). */
static void jetpack_table(void **state)
{
    (void)state;
    const char *note, *why, *dispute;
    struct { const char *l4t, *jp; } ok[] = {
        {"32.4.2", "4.4 DP"}, {"32.4.3", "4.4"}, {"32.4.4", "4.4.1"}, {"32.6.1", "4.6"}, {"32.7.6", "4.6.6"}, {"32.5.2", "4.5.1"}, {"35.4.1", "5.1.2"},
        {"35.6.4", "5.1.6"}, {"36.3.0", "6.0"}, {"36.4.3", "6.2"}, {"36.4.4", "6.2.1"},
        {"36.4.7", "6.2.1"}, {"36.5.0", "6.2.2"}, {"38.2.2", "7.0"}, {"38.4.0", "7.1"},
        {"39.2.0", "7.2"}, {"39.2.1", "7.2.1"}, {"35.6.5", "5.1.7"}, {"36.5.2", "6.2.3"},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        const char *jp = jg_jetpack_for_l4t(ok[i].l4t, &note, &why, &dispute);
        assert_non_null(jp);
        assert_string_equal(jp, ok[i].jp);
    }
    const char *none[] = {"36.4.2", "39.1.0", "36.9.9", "36.4.5", "36.4", "35.4.1.1", "", "40.0.0"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        assert_null(jg_jetpack_for_l4t(none[i], &note, &why, &dispute));
        assert_non_null(why);
    }
    assert_null(jg_jetpack_for_l4t(NULL, &note, &why, &dispute));
    /* A value another public source contradicts stays, flagged as disputed. */
    assert_string_equal(jg_jetpack_for_l4t("36.5.0", &note, &why, &dispute), "6.2.2");
    assert_non_null(dispute);
    assert_non_null(strstr(dispute, "6.2.1"));
    assert_null(jg_jetpack_for_l4t("36.4.2", &note, &why, &dispute));
    assert_non_null(dispute);
    assert_string_equal(jg_jetpack_for_l4t("36.4.3", &note, &why, &dispute), "6.2");
    assert_null(dispute);
    /* §7.1: 35.6.5 is JetPack 5.1.7, the last for Xavier; 7.2.1 confirmed (§7.2) */
    assert_string_equal(jg_jetpack_for_l4t("35.6.5", &note, &why, &dispute), "5.1.7");
    assert_non_null(strstr(note, "Xavier"));
    assert_string_equal(jg_jetpack_for_l4t("39.2.1", &note, &why, &dispute), "7.2.1");
    assert_null(note);
    /* the module column (§1.12, §7.2): R38 Thor only, R39.2 Orin and Thor */
    const char *socs;
    assert_int_equal(jg_l4t_supports_soc("38.4.0", "tegra234", &socs), 0);
    assert_string_equal(socs, "tegra264");
    assert_int_equal(jg_l4t_supports_soc("38.4.0", "tegra264", &socs), 1);
    assert_int_equal(jg_l4t_supports_soc("39.2.0", "tegra234", &socs), 1);
    assert_int_equal(jg_l4t_supports_soc("39.2.1", "tegra23x", &socs), 1);
    assert_int_equal(jg_l4t_supports_soc("35.6.5", "tegra194", &socs), 1);
    assert_int_equal(jg_l4t_supports_soc("36.5.2", "tegra194", &socs), 0);
    assert_int_equal(jg_l4t_supports_soc("36.4.3", "tegra234", &socs), -1); /* not on record */
    assert_int_equal(jg_l4t_supports_soc("39.2.0", NULL, &socs), -1);
    const char *jps[8];
    size_t n = jg_jetpacks_for_soc("tegra264", jps, 8);
    assert_int_equal(n, 4);
    assert_string_equal(jps[0], "7.0");
    assert_string_equal(jps[3], "7.2.1");
    assert_int_equal(jg_jetpacks_for_soc("tegra194", jps, 8), 1);
    assert_string_equal(jps[0], "5.1.7");
    assert_string_equal(jg_cuda_for_l4t("39.2.1"), "13.2");
    assert_string_equal(jg_cuda_for_l4t("35.6.5"), "11.4");
    assert_null(jg_cuda_for_l4t("39.0.0")); /* not found in the facts */
    assert_string_equal(jg_cuda_by_jetpack(), "JetPack 4: 10.2, JetPack 5: 11.4, JetPack 6: 12.2 "
                                              "/ 12.6, JetPack 7: 13.0 / 13.2");
    assert_int_equal(jg_jp_major_for_l4t(32), 4);
    assert_int_equal(jg_jp_major_for_l4t(37), 0);
    assert_int_equal(jg_jp_major_for_toolkit("12.6.68"), 6);
    assert_int_equal(jg_jp_major_for_toolkit("12.8"), 0);
    assert_int_equal(jg_cuda_major_for_l4t_major(38), 13);
    assert_int_equal(jg_cuda_major_for_l4t_major(39), 13);
    assert_int_equal(jg_cuda_major_for_l4t_major(40), -1); /* nothing on record: never invented */
    assert_int_equal(jg_cuda_major_for_l4t_major(36), -1);
    assert_int_equal(jg_cudnn_major_for_l4t(36, "36.3.0"), 8);
    assert_int_equal(jg_cudnn_major_for_l4t(36, "36.4.3"), 9);
    assert_int_equal(jg_cudnn_major_for_l4t(32, "32.7.1"), 8);
    assert_int_equal(jg_cudnn_major_for_l4t(32, "32.4.4"), 0); /* no cuDNN row for 32.4 */
}

static void module_and_cc_tables(void **state)
{
    (void)state;
    const jg_module_row *r = jg_module_lookup("p3701-0005");
    assert_non_null(r);
    assert_string_equal(r->memory, "64 GB");
    assert_string_equal(r->soc, "tegra234");
    r = jg_module_lookup("p3834-0000");
    assert_non_null(r);
    assert_string_equal(r->memory, "64 GB"); /* T4000: jetson-facts.md §7.3 */
    assert_null(jg_module_lookup("p9999-0000"));
    const char *why;
    assert_string_equal(jg_soc_compute_capability("tegra264", 13, &why), "11.0");
    assert_string_equal(jg_soc_compute_capability("tegra264", 12, &why), "10.1");
    assert_null(jg_soc_compute_capability("tegra264", -1, &why));
    assert_non_null(why);
    assert_string_equal(jg_soc_compute_capability("tegra194", -1, &why), "7.2");
    assert_null(jg_soc_compute_capability("tegra241", 13, &why)); /* Grace is not in the table */
    assert_string_equal(jg_soc_compute_capability("tegra210b01", -1, &why), "5.3");
    assert_string_equal(jg_soc_canonical("tegra210b01"), "tegra210");
    assert_string_equal(jg_soc_canonical("tegra23x"), "tegra234");
    assert_null(jg_soc_canonical("tegra30"));
    assert_null(jg_soc_canonical("tegra132"));
    r = jg_module_lookup("p3701-0000");
    assert_true(r->memory_inferred);
    assert_false(jg_module_lookup("p3701-0005")->memory_inferred);
    const char *cc;
    assert_string_equal(jg_gpu_word(0, &cc), "orin");
    assert_string_equal(cc, "8.7");
    assert_null(jg_gpu_word(1000, &cc));
}

/* OE4T/meta-tegra machine configurations (kirkstone-l4t-r32.7.x,
 * scarthgap-l4t-r35.x, master): each machine's device tree file names the
 * module that its TEGRA_BOARDID / TEGRA_BOARDSKU give, and that module is a
 * row of the table with the machine's SoC (tests/fixtures/roots/README.md). */
static void oe4t_machine_trees(void **state)
{
    (void)state;
    static const struct { const char *dtb, *part, *soc; } m[] = {
        {"tegra210-p3448-0000-p3449-0000-a02.dtb", "p3448-0000", "tegra210"}, /* jetson-nano-devkit */
        {"tegra210-p3448-0002-p3449-0000-a02.dtb", "p3448-0002", "tegra210"}, /* ...-devkit-emmc */
        {"tegra210-p3448-0003-p3542-0000.dtb", "p3448-0003", "tegra210"},     /* nano-2gb-devkit */
        {"tegra186-quill-p3310-1000-c03-00-base.dtb", "p3310-1000", "tegra186"}, /* tx2-devkit */
        {"tegra186-quill-p3489-0888-a00-00-base.dtb", "p3489-0888", "tegra186"}, /* tx2-devkit-4gb */
        {"tegra186-p3636-0001-p3509-0000-a01.dtb", "p3636-0001", "tegra186"}, /* xavier-nx-devkit-tx2-nx */
        {"tegra194-p2888-0001-p2822-0000.dtb", "p2888-0001", "tegra194"},     /* agx-xavier-devkit */
        {"tegra194-p2888-0008-p2822-0000.dtb", "p2888-0008", "tegra194"},     /* agx-xavier-industrial */
        {"tegra194-p2888-0004-e3900-0000.dtb", "p2888-0004", "tegra194"},     /* clara-agx-xavier-devkit */
        {"tegra234-p3701-0008-p3737-0000.dtb", "p3701-0008", "tegra234"},     /* agx-orin-devkit-industrial, R35 */
        {"tegra234-p3767-0000-super-p3768-0000-a0.dtb", "p3767-0000", "tegra234"}, /* p3768-0000-p3767-0000, R35 */
        {"tegra234-p3768-0000+p3767-0004-nv-super.dtb", "p3767-0004", "tegra234"}, /* master */
        {"tegra234-p3737-0000+p3701-0005-nv.dtb", "p3701-0005", "tegra234"},  /* master */
    };
    char part[16];
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
        if (!jg_dts_module(m[i].dtb, part, sizeof part))
            fail_msg("%s names no module of the table", m[i].dtb);
        assert_string_equal(part, m[i].part);
        assert_string_equal(jg_module_lookup(part)->soc, m[i].soc);
    }
    /* The TX2i tree names p3489-1000, which is no row (jtop lists TX2i as p3489-0000). */
    assert_false(jg_dts_module("tegra186-quill-p3489-1000-a00-00-base.dtb", part, sizeof part));
}

/* Families: a devkit or codename compatible names a family, never a SKU;
 * reference and consumer boards on the same SoCs name none. */
static void family_table(void **state)
{
    (void)state;
    assert_string_equal(jg_family_for_compatible("nvidia,jetson-nano")->soc, "tegra210");
    assert_string_equal(jg_family_for_compatible("nvidia,p2972-0000")->name,
                        "Jetson AGX Xavier series");
    assert_string_equal(jg_family_for_board("p3448")->name, "Jetson Nano");
    assert_string_equal(jg_family_for_board("3767")->soc, "tegra234");
    const char *not_jetson[] = {"nvidia,p2571", "nvidia,p2894-0050-a08", "nvidia,darcy",
                                "google,smaug", "nvidia,venice2", "nvidia,norrin",
                                "toradex,apalis-tk1", "nvidia,p2371-0000", "nvidia,tegra210"};
    for (size_t i = 0; i < sizeof not_jetson / sizeof not_jetson[0]; i++)
        assert_null(jg_family_for_compatible(not_jetson[i]));
    assert_null(jg_family_for_board("p2894"));
    assert_string_equal(jg_family_for_model("NVIDIA Jetson Orin Nano Developer Kit")->boards[0],
                        "p3767");
    assert_null(jg_family_for_model("NVIDIA Shield TV"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tegra_release_good),
        cmocka_unit_test(family_table),
        cmocka_unit_test(oe4t_machine_trees),
        cmocka_unit_test(tegra_release_date_variants),
        cmocka_unit_test(tegra_release_malformed),
        cmocka_unit_test(dpkg_good_and_filtered),
        cmocka_unit_test(dpkg_malformed),
        cmocka_unit_test(os_release),
        cmocka_unit_test(meminfo),
        cmocka_unit_test(device_tree),
        cmocka_unit_test(cuda_version_files),
        cmocka_unit_test(headers),
        cmocka_unit_test(jetpack_table),
        cmocka_unit_test(module_and_cc_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
