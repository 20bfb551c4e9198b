/* SHA-256 (FIPS 180-4) of bytes and of files: the digest an attestation
 * signs for a file (its subject) and the digests the test-result predicate
 * records for the policy and the jetgate binary. Written from the standard;
 * jetgate links no crypto library, and nothing here is a signature check
 * (gh and Sigstore do that): only "are these the bytes that were signed". */
#ifndef JG_SHA256_H
#define JG_SHA256_H
#include <stddef.h>
#include <stdint.h>

#define JG_SHA256_HEX 65 /* 64 lowercase hex digits and the NUL */

typedef struct jg_sha256 {
    uint32_t h[8];
    uint64_t bytes; /* message length so far */
    unsigned char block[64];
    size_t used; /* bytes waiting in block */
} jg_sha256;

void jg_sha256_init(jg_sha256 *s);
void jg_sha256_update(jg_sha256 *s, const void *data, size_t n);
/* The digest as 64 lowercase hex digits into hex (JG_SHA256_HEX bytes). */
void jg_sha256_hex(jg_sha256 *s, char hex[JG_SHA256_HEX]);

/* One call for bytes in memory. */
void jg_sha256_of(const void *data, size_t n, char hex[JG_SHA256_HEX]);
/* The file's digest; 0, or -1 with errno set when it cannot be read. */
int jg_sha256_file(const char *path, char hex[JG_SHA256_HEX]);

#endif
