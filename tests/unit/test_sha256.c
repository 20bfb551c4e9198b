/* SHA-256 (src/util/sha256.c) against the FIPS 180-4 examples and against
 * Python's hashlib at the padding boundaries (55, 56, 63, 64, 65, 119, 120
 * bytes: one or two final blocks), fed whole and one byte at a time, and
 * of a file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/sha256.h"

static void check(const char *msg, size_t n, const char *want)
{
    char hex[JG_SHA256_HEX];
    jg_sha256_of(msg, n, hex);
    assert_string_equal(hex, want);
    jg_sha256 s;
    jg_sha256_init(&s);
    for (size_t i = 0; i < n; i++)
        jg_sha256_update(&s, msg + i, 1);
    jg_sha256_hex(&s, hex);
    assert_string_equal(hex, want);
}

static void fips_examples(void **state)
{
    (void)state;
    check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    check(two, strlen(two), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    char *million = malloc(1000000);
    assert_non_null(million);
    memset(million, 'a', 1000000);
    char hex[JG_SHA256_HEX];
    jg_sha256_of(million, 1000000, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(million);
}

static void padding_boundaries(void **state)
{
    (void)state;
    static const struct {
        size_t n;
        const char *hex; /* hashlib.sha256(b"x" * n).hexdigest() */
    } rows[] = {
        {55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"},
        {56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"},
        {63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"},
        {64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"},
        {65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"},
        {119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"},
        {120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"},
    };
    char xs[128];
    memset(xs, 'x', sizeof xs);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        check(xs, rows[i].n, rows[i].hex);
}

static void of_a_file(void **state)
{
    (void)state;
    char path[] = "/tmp/jg-sha256-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "abc", 3), 3);
    close(fd);
    char hex[JG_SHA256_HEX];
    assert_int_equal(jg_sha256_file(path, hex), 0);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    unlink(path);
    assert_int_equal(jg_sha256_file(path, hex), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fips_examples),
        cmocka_unit_test(padding_boundaries),
        cmocka_unit_test(of_a_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
