/* Line handling for pasted reports: cleaning (CRLF, ANSI, fences, quotes,
 * HTML entities), scrubbing what must never be echoed, and the line cap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "doctor/triage/report_lines.h"

static void clean(const char *in, const char *want)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", in);
    size_t n = jg_clean_line(buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, strlen(want));
}

static void cleaning(void **state)
{
    (void)state;
    clean("Is CUDA available: \x1b[31mFalse\x1b[0m\r", "Is CUDA available: False");
    clean("\x1b]0;title\aPyTorch version: 2.5.1", "PyTorch version: 2.5.1");
    clean("```python", "");
    clean("~~~", "");
    clean("> > quoted twice", "quoted twice");
    clean(">>> import torch", ">>> import torch");
    clean("&gt;&gt;&gt; torch.__version__", ">>> torch.__version__");
    clean("\t  indented\t", "indented");
    clean("", "");
    clean("\xe2\x80\x98" "2.4.1\xe2\x80\x99 \xe2\x80\x9c" "x\xe2\x80\x9d a\xe2\x80\x93" "b\xc2\xa0" "c", "'2.4.1' \"x\" a-b c");
}

static void scrub(const char *in, const char *want)
{
    char out[256];
    jg_scrub_line(in, out, sizeof out);
    assert_string_equal(out, want);
}

static void scrubbing(void **state)
{
    (void)state;
    scrub("jason@nano:~$ python3", "$ python3");
    scrub("root@orin:/# ./deviceQuery", "$ ./deviceQuery");
    scrub("File \"/home/jason/venv/lib/torch.py\"", "File \"~/venv/lib/torch.py\"");
    scrub("/Users/ann/x", "~/x");
    scrub("GPU 0: NVIDIA GB10 (UUID: GPU-1234)", "GPU 0: NVIDIA GB10 (UUID <removed>");
    scrub("Serial Number: 1421623050000", "Serial <removed>");
    scrub("plain text", "plain text");
    scrub("docker run -e HF_TOKEN=hf_abc img", "docker run -e HF_TOKEN <removed>");
    scrub("export PASSWORD=x", "export PASSWORD <removed>");
    char longline[400], out[256];
    memset(longline, 'a', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    jg_scrub_line(longline, out, sizeof out);
    assert_true(strlen(out) <= 203);
    assert_non_null(strstr(out, "..."));
}

static void line_cap(void **state)
{
    (void)state;
    char text[JG_REPORT_LINE_CAP * 2 + 64];
    memset(text, 'x', JG_REPORT_LINE_CAP * 2);
    strcpy(text + JG_REPORT_LINE_CAP * 2, "\nsecond\r\nthird");
    FILE *f = fmemopen(text, strlen(text), "r");
    assert_non_null(f);
    jg_linereader r = {.f = f, .pre = "pre", .pre_len = 3};
    assert_true(jg_lr_next(&r));
    assert_int_equal(r.len, JG_REPORT_LINE_CAP - 1); /* "pre" + x... cut at the cap */
    assert_memory_equal(r.buf, "prexx", 5);
    assert_true(jg_lr_next(&r));
    assert_string_equal(r.buf, "second\r");
    assert_true(jg_lr_next(&r));
    assert_string_equal(r.buf, "third");
    assert_false(jg_lr_next(&r));
    assert_int_equal(r.lines, 3);
    assert_int_equal(r.long_lines, 1);
    assert_int_equal(r.bytes, strlen(text) + 3);
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cleaning),
        cmocka_unit_test(scrubbing),
        cmocka_unit_test(line_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
